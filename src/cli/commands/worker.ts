/**
 * `guildcraft worker --queue redis://…`: runs episodes of distributed sweeps (`bench --queue`) on this
 * machine, `--jobs` at a time, until SIGTERM or SIGINT, which put its running episodes back in the queue.
 */
import type { Command } from 'commander';
import { parsePositiveInt } from '../parse.js';
import { DEFAULT_LOCK_MS, startEpisodeWorker } from '../../runner/queue/episode-worker.js';
import { queueConnection } from '../../runner/queue/sweep-queue.js';

interface WorkerFlags {
  queue: string;
  jobs: string;
  lockMs: string;
  quiet?: boolean;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('take episodes of distributed sweeps (bench --queue) from a Redis queue and run them here')
    .requiredOption('--queue <redis-url>', 'the Redis the sweep was enqueued on: redis://host:port[/db]')
    .option('--jobs <n>', 'episodes at once', '1')
    .option('--lock-ms <ms>', "how long a job stays this worker's without a heartbeat (renewed every half of it): how soon a dead worker's episodes run elsewhere", String(DEFAULT_LOCK_MS))
    .option('--quiet', 'print nothing per episode')
    .action(async (flags: WorkerFlags) => {
      await worker(flags);
    });
}

async function worker(flags: WorkerFlags): Promise<void> {
  queueConnection(flags.queue); // a bad URL is a usage error now, not a reconnect loop later
  const jobs = parsePositiveInt(flags.jobs, '--jobs');
  const lockMs = parsePositiveInt(flags.lockMs, '--lock-ms');
  const w = await startEpisodeWorker({
    url: flags.queue,
    concurrency: jobs,
    lockMs,
    ...(flags.quiet ? {} : { onEpisode: (row) => console.error(`worker: ${row.task} seed ${row.seed}: ${row.success ? 'ok' : row.ended}`) }),
  });
  await w.ready;
  console.error(`worker: taking episodes from ${flags.queue}, ${jobs} at a time (pid ${process.pid})`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      console.error('worker: stopping; running episodes go back to the queue');
      void w.stop().then(resolve, (err: unknown) => {
        console.error(`worker: ${err instanceof Error ? err.message : String(err)}`);
        resolve();
      });
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  // An episode given back to the queue may still have timers of its own here; it is not ours any more.
  setTimeout(() => process.exit(), 1_000).unref();
}
