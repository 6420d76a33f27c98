import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../core/actions.js';
import { InputError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import { runAsync, type AsyncAgent } from './async-driver.js';
import { ManualClock } from '../../core/clock.js';
import { SimEnv } from './sim-env.js';

const Y = -60;
const calm = { terrain: { type: 'flat' as const }, difficulty: 'peaceful' as const, timeOfDay: 6000, gamerules: { doMobSpawning: false, doDaylightCycle: false } };

async function twoAgents(): Promise<SimEnv> {
  const env = new SimEnv();
  await env.reset({
    seed: 3,
    scenario: {
      world: calm,
      agents: [
        { name: 'quick', position: { x: 0.5, y: Y, z: 0.5 }, capabilities: { perceptionRange: 8, effects: [] } },
        { name: 'slow', position: { x: 0.5, y: Y, z: 6.5 }, capabilities: { perceptionRange: 8, effects: [] } },
      ],
    },
  });
  return env;
}

/** Walks east once, thinking `thinkMs` of clock time first; then idles. Records when it saw what. */
function walker(clock: ManualClock, thinkMs: number, seen: Observation[]): AsyncAgent {
  let sent = false;
  return {
    async decide(obs) {
      seen.push(obs);
      if (thinkMs > 0) await clock.sleep(thinkMs);
      if (sent) return { type: 'noop' };
      sent = true;
      return { type: 'skill', name: 'moveTo', params: { x: 10.5, y: Y, z: obs.pos.z, range: 0.5 } } satisfies AgentAction;
    },
  };
}

describe('async driver', () => {
  it('applies each decision at the tick it arrives: thinking latency costs world time', async () => {
    const env = await twoAgents();
    const clock = new ManualClock();
    const quickSeen: Observation[] = [];
    const slowSeen: Observation[] = [];
    const summary = await runAsync(env, {
      timeScale: 1, // 20 ticks per second: 50 ms per tick
      ticks: 100,
      clock,
      agents: { quick: walker(clock, 0, quickSeen), slow: walker(clock, 1000, slowSeen) },
    });
    expect(summary.ticks).toBe(100);
    expect(env.tick).toBe(100);
    // 1000 ms of thinking at 20 ticks/s is 20 ticks of world time the slow agent did not act in.
    expect(summary.agents.slow!.meanLatencyTicks).toBeCloseTo(20, 0);
    expect(summary.agents.quick!.meanLatencyTicks).toBe(0);
    const started = (seen: Observation[]) => seen.find((o) => o.runningSkill?.name === 'moveTo')!.tick;
    expect(started(quickSeen)).toBe(1);
    expect(started(slowSeen)).toBeGreaterThanOrEqual(20);
    // Same walk, same speed: the slow thinker arrives later by its thinking time.
    const arrived = (seen: Observation[]) => seen.flatMap((o) => o.finishedSkills).find((f) => f.name === 'moveTo' && f.ok)!.finishedAt;
    expect(arrived(slowSeen) - arrived(quickSeen)).toBeGreaterThanOrEqual(18);
    // Clock time matched world time: 100 ticks at 50 ms.
    expect(clock.now()).toBeGreaterThanOrEqual(99 * 50);
  });

  it('a faster time scale makes the same thinking time cost more world ticks', async () => {
    const env = await twoAgents();
    const clock = new ManualClock();
    const summary = await runAsync(env, { timeScale: 4, ticks: 200, clock, agents: { slow: walker(clock, 1000, []) } });
    // 1 s of thinking at 4x speed (80 ticks/s) costs 80 ticks.
    expect(summary.agents.slow!.meanLatencyTicks).toBeCloseTo(80, 0);
    expect(clock.now()).toBeCloseTo(199 * 12.5, 0);
  });

  it('is deterministic with the same clock behaviour', async () => {
    const play = async () => {
      const env = await twoAgents();
      const clock = new ManualClock();
      const seen: Observation[] = [];
      await runAsync(env, { timeScale: 1, ticks: 60, clock, agents: { quick: walker(clock, 120, seen), slow: walker(clock, 730, seen) } });
      return seen;
    };
    expect(await play()).toEqual(await play());
  });

  it('a decide that throws costs its turn but not the run; unbounded speed is refused', async () => {
    const env = await twoAgents();
    const clock = new ManualClock();
    let calls = 0;
    const flaky: AsyncAgent = {
      async decide() {
        calls++;
        await clock.sleep(100);
        throw new Error('model returned garbage');
      },
    };
    const summary = await runAsync(env, { timeScale: 1, ticks: 20, clock, agents: { quick: flaky } });
    expect(summary.ticks).toBe(20);
    expect(summary.agents.quick!.errors).toBeGreaterThanOrEqual(3);
    expect(summary.agents.quick!.lastError).toBe('model returned garbage');
    expect(calls).toBeGreaterThanOrEqual(3);
    await expect(runAsync(env, { timeScale: Infinity, ticks: 5, agents: {} })).rejects.toThrow(InputError);
    await expect(runAsync(env, { timeScale: 0, ticks: 5, agents: {} })).rejects.toThrow(/timeScale/);
  });

  it('runs against the real clock at the requested speed', async () => {
    const env = await twoAgents();
    const t0 = performance.now();
    const summary = await runAsync(env, { timeScale: 10, ticks: 20, agents: {} }); // 200 ticks/s: 100 ms
    const elapsed = performance.now() - t0;
    expect(summary.ticks).toBe(20);
    expect(elapsed).toBeGreaterThanOrEqual(90);
  });
});
