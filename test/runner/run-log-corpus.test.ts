/**
 * The run-log corpus (test/fixtures/run-logs/): logs written by every run-record version, each read
 * and replayed by today's code. A v1 log must match its schema record by record; a v0 log (before
 * versioning) is read leniently.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { POSITION_SAMPLE_TICKS } from '../../src/runner/position-sampler.js';
import { readEpisodeLog, type ReadRecord } from '../../src/runner/read-episode-log.js';
import { replayText } from '../../src/cli/commands/replay.js';

const dir = join(import.meta.dirname, '..', 'fixtures', 'run-logs');
const logs = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort();
const v1 = logs.filter((f) => f.startsWith('v1-'));
const v0 = logs.filter((f) => f.startsWith('v0-'));
const ofType = (records: ReadRecord[], type: string) => records.filter((r) => r.type === type);

describe('run-log corpus', () => {
  it('holds the version-1 and version-0 logs it documents', () => {
    expect(v1).toHaveLength(3);
    expect(v0).toHaveLength(2);
  });

  for (const file of v1) {
    it(`${file}: matches schema 1 record by record, starts with episode_start, ends with episode_end`, () => {
      const log = readEpisodeLog(join(dir, file));
      expect(log.schemaVersion).toBe(1);
      expect(log.badLines).toEqual([]);
      expect(log.invalid).toEqual([]);
      expect(log.records[0]).toMatchObject({ type: 'episode_start', schemaVersion: 1 });
      expect(log.records.at(-1)).toMatchObject({ type: 'episode_end' });
      expect(log.records.every((r) => !r.tickInferred)).toBe(true);
      for (const t of ['world', 'action', 'skill_result', 'positions']) expect(ofType(log.records, t).length, t).toBeGreaterThan(0);
    });

    it(`${file}: positions are sampled at least once per simulated second, from start to end`, () => {
      const { records } = readEpisodeLog(join(dir, file));
      const ticks = ofType(records, 'positions').map((r) => r.tick);
      const end = records.at(-1)!.tick;
      expect(ticks[0]).toBe(0);
      expect(ticks.at(-1)).toBe(end);
      const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(POSITION_SAMPLE_TICKS);
      const first = ofType(records, 'positions')[0] as unknown as { agents: { name: string[] } };
      expect(first.agents.name).toEqual((records[0] as unknown as { names: string[] }).names);
    });

    it(`${file}: replays with a line per action and the episode's end`, () => {
      const { records } = readEpisodeLog(join(dir, file));
      const text = replayText(join(dir, file));
      expect(text).toMatch(/episode end: SUCCESS/);
      expect(text.split('\n').filter((l) => l.includes(' → '))).toHaveLength(ofType(records, 'action').length);
    });
  }

  it('the scripted S-Agents log has its LLM calls at their ticks, each with the module role and agent that made it', () => {
    const { records } = readEpisodeLog(join(dir, 'v1-s-agents-scripted-collect-4-logs-seed1.jsonl'));
    const calls = ofType(records, 'llm_call');
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((c) => c.role))).toEqual(new Set(['monitor', 'task planner', 'action planner']));
    expect(calls.every((c) => typeof c.agent === 'string')).toBe(true);
    expect(calls.some((c) => c.tick > 0)).toBe(true);
    for (const t of ['sagents_plan', 'sagents_queue', 'sagents_monitor']) expect(ofType(records, t).every((r) => typeof r.role === 'string'), t).toBe(true);
  });

  it('the oracle and heuristic logs carry their teams\' own records', () => {
    expect(ofType(readEpisodeLog(join(dir, 'v1-oracle-prepare-crisis-water-seed1.jsonl')).records, 'oracle_plan').length).toBeGreaterThan(0);
    expect(ofType(readEpisodeLog(join(dir, 'v1-heuristic-collect-4-logs-seed1.jsonl')).records, 'heuristic_start')).toHaveLength(1);
  });

  for (const file of v0) {
    it(`${file}: an unversioned log reads leniently as version 0 and replays`, () => {
      const log = readEpisodeLog(join(dir, file));
      expect(log.schemaVersion).toBe(0);
      expect(ofType(log.records, 'episode_start')).toHaveLength(1);
      expect(ofType(log.records, 'action').length).toBeGreaterThan(0);
      const text = replayText(join(dir, file));
      expect(text).toMatch(/episode end: SUCCESS/);
      expect(text).toMatch(/before run records were versioned/);
    });
  }
});

describe('readEpisodeLog on other files', () => {
  const tmp = () => mkdtempSync(join(tmpdir(), 'gc-replay-'));

  it('rejects a JSONL file that is not an episode log as the user\'s error, saying why', () => {
    const p = join(tmp(), 'not-a-log.jsonl');
    writeFileSync(p, '{"type":"bench_row","score":1}\n{"type":"bench_row","score":0}\n');
    expect(() => readEpisodeLog(p)).toThrow(InputError);
    expect(() => replayText(p)).toThrow(/is not an episode log: none of its 2 records is an episode_start/);
    const empty = join(tmp(), 'empty.jsonl');
    writeFileSync(empty, 'hello\n');
    expect(() => readEpisodeLog(empty)).toThrow(/no JSON records/);
  });

  it('gives a version-0 record without a tick (an old ledger llm_call) the tick before it, marked as inferred', () => {
    const p = join(tmp(), 'old.jsonl');
    const lines = [
      { type: 'episode_start', tick: 0, task: 't', seed: '1', agents: 's-agents', mode: 'sync', backend: 'sim', names: ['a'] },
      { type: 'action', tick: 40, agent: 'a', action: { type: 'noop' } },
      { type: 'llm_call', role: 'planner', modelId: 'm', promptTokens: 1, completionTokens: 1, latencyMs: 3 },
    ];
    writeFileSync(p, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const { records } = readEpisodeLog(p);
    expect(records[2]).toMatchObject({ type: 'llm_call', tick: 40, tickInferred: true });
    expect(replayText(p)).toMatch(/~ +40 t +2\.0 s {2}llm planner m/);
  });

  it('flags a version-1 record that does not match the schema instead of hiding it', () => {
    const p = join(tmp(), 'bad.jsonl');
    const lines = [
      { type: 'episode_start', schemaVersion: 1, tick: 0, task: 't', taskType: 'x', seed: '1', agents: 'oracle', mode: 'sync', backend: 'sim', names: ['a'] },
      { type: 'world', event: 'chat', tick: 3, from: null, name: 'a', pos: null, channel: null },
    ];
    writeFileSync(p, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const log = readEpisodeLog(p);
    expect(log.invalid).toEqual([expect.objectContaining({ index: 1, type: 'world', issue: expect.stringMatching(/message/) })]);
    expect(replayText(p, { world: true })).toMatch(/1 record did not match schema version 1/);
  });
});
