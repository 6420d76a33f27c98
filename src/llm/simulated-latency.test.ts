import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock.js';
import { ScriptedModel } from './scripted-model.js';
import { latencySampler, parseLatencySpec, withSimulatedLatency } from './simulated-latency.js';

const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };

describe('simulated latency', () => {
  it('parses the spec forms and rejects bad ones', () => {
    expect(parseLatencySpec('800')).toEqual({ kind: 'fixed', ms: 800 });
    expect(parseLatencySpec('fixed:5')).toEqual({ kind: 'fixed', ms: 5 });
    expect(parseLatencySpec('uniform:200,1500')).toEqual({ kind: 'uniform', min: 200, max: 1500 });
    expect(parseLatencySpec('normal:800,200')).toEqual({ kind: 'normal', mean: 800, sd: 200 });
    expect(() => parseLatencySpec('uniform:9,1')).toThrow(/min <= max/);
    expect(() => parseLatencySpec('gamma:1,2')).toThrow(/unknown distribution/);
    expect(() => parseLatencySpec('normal:abc')).toThrow(/normal:800,200/);
  });

  it('samples reproducibly from a seed with the asked-for shape', () => {
    const a = latencySampler(parseLatencySpec('normal:800,200'), 7);
    const b = latencySampler(parseLatencySpec('normal:800,200'), 7);
    const xs = Array.from({ length: 4000 }, () => a());
    expect(Array.from({ length: 4000 }, () => b())).toEqual(xs);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean).toBeGreaterThan(780);
    expect(mean).toBeLessThan(820);
    expect(sd).toBeGreaterThan(185);
    expect(sd).toBeLessThan(215);
    const u = latencySampler(parseLatencySpec('uniform:200,1500'), 1);
    const us = Array.from({ length: 1000 }, () => u());
    expect(Math.min(...us)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...us)).toBeLessThanOrEqual(1500);
    expect(latencySampler(parseLatencySpec('normal:800,200'), 8)()).not.toBe(latencySampler(parseLatencySpec('normal:800,200'), 7)());
  });

  it('waits through the injected clock and reports the simulated time', async () => {
    const clock = new ManualClock({ advanceOnSleep: true });
    const model = withSimulatedLatency(new ScriptedModel('s', ['a', 'b'], {}), 'uniform:100,200', { seed: 3, sleep: clock.sleep });
    const r1 = await model.generate(ask);
    const r2 = await model.generate(ask);
    expect(clock.sleeps).toEqual([r1.latencyMs, r2.latencyMs]);
    expect(r1.latencyMs).toBeGreaterThanOrEqual(100);
    expect(r1.latencyMs).toBeLessThanOrEqual(200);
    expect(clock.now()).toBe(r1.latencyMs + r2.latencyMs);
    expect(r1.text).toBe('a');
  });
});
