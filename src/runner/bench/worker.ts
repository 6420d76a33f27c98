/** The bench's worker-thread entry: piscina calls the default export with one job at a time. */
import type { EpisodeResult } from '../episode-result.js';
import { runEpisodeJob, type EpisodeJobOptions } from '../episode-job.js';
import type { BenchJob } from './run-bench.js';

export default async function runJob(job: BenchJob): Promise<EpisodeResult> {
  return runEpisodeJob(job.options as unknown as EpisodeJobOptions);
}
