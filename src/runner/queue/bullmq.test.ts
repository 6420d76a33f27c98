import { describe, expect, it } from 'vitest';
import { GuildcraftError } from '../../core/errors.js';
import { loadBullMQ, type BullMQModule } from './bullmq.js';

const notFound = (specifier: string): Error =>
  Object.assign(new Error(`Cannot find package '${specifier}' imported from /app/node_modules/guildcraft/dist/src/runner/queue/bullmq.js`), { code: 'ERR_MODULE_NOT_FOUND' });

describe('loadBullMQ', () => {
  it('loads the installed package', async () => {
    const m = await loadBullMQ();
    expect(typeof m.Queue).toBe('function');
    expect(typeof m.Worker).toBe('function');
  });

  it('says to install bullmq when it is missing, as an environment fault', async () => {
    const err = await loadBullMQ(() => Promise.reject(notFound('bullmq'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GuildcraftError);
    expect((err as GuildcraftError).fault).toBe('environment');
    expect((err as GuildcraftError).hint).toContain('npm install bullmq');
  });

  it('passes on other failures as they are (a package of its own missing is not a missing bullmq)', async () => {
    const inner = notFound('ioredis');
    await expect(loadBullMQ(() => Promise.reject(inner) as Promise<BullMQModule>)).rejects.toBe(inner);
  });
});
