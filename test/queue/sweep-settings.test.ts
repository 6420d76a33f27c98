/** What a user types for a distributed sweep: the Redis URL, the rate, and the job ids that make enqueuing idempotent. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parseRate, providerOf } from '../../src/runner/queue/shared-rate-limit.js';
import { episodeJobId, queueConnection, settingsFingerprint } from '../../src/runner/queue/sweep-queue.js';
import type { BenchJob } from '../../src/runner/bench/run-bench.js';

describe('distributed sweep settings', () => {
  it('reads redis URLs with port, database and password, and refuses anything else as user input', () => {
    expect(queueConnection('redis://127.0.0.1:6380/2')).toMatchObject({ host: '127.0.0.1', port: 6380, db: 2 });
    expect(queueConnection('redis://:s3cret@redis.lab:6379')).toMatchObject({ host: 'redis.lab', port: 6379, password: 's3cret' });
    expect(queueConnection('rediss://h')).toMatchObject({ port: 6379, tls: {} });
    for (const bad of ['localhost:6379', 'http://127.0.0.1:6379', 'redis://h:1/db']) expect(() => queueConnection(bad)).toThrow(InputError);
  });

  it('reads rates per second, minute or a window in ms', () => {
    expect(parseRate('5/s')).toEqual({ requests: 5, windowMs: 1000 });
    expect(parseRate('60/m')).toEqual({ requests: 60, windowMs: 60_000 });
    expect(parseRate('10/1500ms')).toEqual({ requests: 10, windowMs: 1500 });
    for (const bad of ['0/s', '5', 'five/s', '5/h']) expect(() => parseRate(bad)).toThrow(InputError);
    expect(providerOf('openai-compatible:qwen')).toBe('openai-compatible');
  });

  it('gives one episode one job id, whatever its task id holds, and names its sweep', () => {
    const id = episodeJobId('sweep-a', 'tickingcollab/odd:task|x', '3');
    expect(id).toBe(episodeJobId('sweep-a', 'tickingcollab/odd:task|x', '3'));
    expect(id).not.toContain(':');
    expect(id.startsWith('sweep-a|')).toBe(true);
    expect(episodeJobId('sweep-a', 't', '1')).not.toBe(episodeJobId('sweep-a', 't', '2'));
  });

  it('fingerprints the settings, not the tasks or seeds', () => {
    const job = (task: string, seed: string, agents: string): BenchJob => ({ task, seed, options: { file: `/x/${task}.yaml`, seed, agents, mode: 'sync', logDir: 'runs/x' } });
    expect(settingsFingerprint([job('a', '0', 'oracle'), job('b', '1', 'oracle')])).toBe(settingsFingerprint([job('c', '5', 'oracle')]));
    expect(settingsFingerprint([job('a', '0', 'oracle')])).not.toBe(settingsFingerprint([job('a', '0', 'heuristic')]));
  });
});
