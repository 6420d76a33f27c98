/**
 * The JSONL run log reaches the disk without waiting for its batch to fill (a run killed while it
 * waits on a model must not leave an empty file), and on close; records from agents are checked
 * against the run-record schema.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InternalError } from '../core/errors.js';
import { agentRecord, JsonlRunLog } from './run-log.js';

const path = () => join(mkdtempSync(join(tmpdir(), 'gc-runlog-')), 'ep.jsonl');
const lines = (p: string) => readFileSync(p, 'utf8').split('\n').filter(Boolean);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('JsonlRunLog flushing', () => {
  it('writes buffered records within the flush interval, long before the batch is full', async () => {
    const p = path();
    const log = new JsonlRunLog(p, { flushEvery: 1000, flushIntervalMs: 50 });
    log.write({ type: 'episode_stopped', tick: 3, reason: 'test' });
    expect(lines(p)).toHaveLength(0);
    await sleep(200);
    expect(lines(p).map((l) => JSON.parse(l) as unknown)).toEqual([{ type: 'episode_stopped', tick: 3, reason: 'test' }]);
    log.close();
  });

  it('flushes everything on close, and ignores writes after it', () => {
    const p = path();
    const log = new JsonlRunLog(p, { flushEvery: 1000, flushIntervalMs: 60_000 });
    for (let i = 0; i < 3; i++) log.write({ type: 'episode_stopped', tick: i, reason: 'test' });
    log.close();
    log.write({ type: 'episode_stopped', tick: 9, reason: 'late' });
    log.close();
    expect(lines(p)).toHaveLength(3);
  });

  it('flushes when the batch is full', () => {
    const p = path();
    const log = new JsonlRunLog(p, { flushEvery: 2, flushIntervalMs: 60_000 });
    for (let i = 0; i < 5; i++) log.write({ type: 'episode_stopped', tick: i, reason: 'test' });
    expect(lines(p)).toHaveLength(4);
    log.close();
  });
});

describe('agentRecord', () => {
  it('stamps the tick on a record the schema knows', () => {
    expect(agentRecord({ type: 'sagents_monitor', role: 'monitor', agent: 'ann', status: 'done' }, 42)).toMatchObject({ type: 'sagents_monitor', tick: 42, role: 'monitor' });
  });

  it('rejects a module record without its role, and an unknown record type, as internal errors', () => {
    expect(() => agentRecord({ type: 'sagents_monitor', agent: 'ann', status: 'done' }, 1)).toThrow(InternalError);
    expect(() => agentRecord({ type: 'mystery' }, 1)).toThrow(/'mystery'/);
  });
});
