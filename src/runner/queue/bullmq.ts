/**
 * BullMQ, loaded when a distributed sweep first needs it. guildcraft names it as an optional peer
 * dependency rather than a dependency: it pulls in msgpackr's native add-on, whose install script npm
 * asks every installer to approve, and most users never run a sweep on a queue. A project that does
 * installs it beside guildcraft (`npm install bullmq`); this file turns its absence into an error that
 * says so, at the command that needed it, instead of a failure to load the whole CLI.
 */
import type * as BullMQ from 'bullmq';
import { GuildcraftError } from '../../core/errors.js';

export type BullMQModule = typeof BullMQ;

/** The bullmq module (Node's module cache makes every call after the first cheap). */
export function loadBullMQ(importer: () => Promise<BullMQModule> = () => import('bullmq')): Promise<BullMQModule> {
  return importer().catch((err: unknown) => {
    throw isMissingPackage(err, 'bullmq')
      ? new GuildcraftError(
          'environment',
          'distributed sweeps (bench --queue, experiment run --queue, worker) need the package bullmq, which is not installed',
          'run `npm install bullmq` in the project that installed guildcraft (it is an optional peer dependency)',
          { cause: err },
        )
      : err;
  });
}

function isMissingPackage(err: unknown, name: string): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'ERR_MODULE_NOT_FOUND' && typeof e.message === 'string' && e.message.includes(`'${name}'`);
}
