/** The runner: episodes, benches with resume, run logs and reports. */
export { runEpisode, type EpisodeOptions } from './episode.js';
export type { EpisodeTask, EpisodeOutcome } from '../tasks/episode-task.js';
export { emptyMetrics, type EpisodeResult, type EpisodeMetrics, type AgentTimeline } from './episode-result.js';
export { runEpisodeJob, defaultAgentsFor, type EpisodeJobOptions } from './episode-job.js';
export { episodeTaskFromSpec, loadSpec } from './task-adapter.js';
export { suiteFiles, taskFile } from '../tasks/task-files.js';
export { JsonlRunLog, MemoryRunLog, nullRunLog, readRunLog, type LogRecord, type RunLogSink } from './run-log.js';
export { readEpisodeLog, type EpisodeLogContents, type ReadRecord } from './read-episode-log.js';
export { PositionSampler, POSITION_SAMPLE_TICKS } from './position-sampler.js';
export { runBench, type BenchJob, type BenchProgress } from './bench/run-bench.js';
export { ResultsFile, jobKey } from './bench/results-file.js';
export { summarize, formatSummary, type SummaryRow } from './bench/summary.js';
export { htmlReport } from './report/html-report.js';
export { runCuisineEpisode, cuisineTask, cuisineOrderCounts, type CuisineEpisodeOptions, type CuisineEpisodeSettings } from './cuisine-episode.js';
export { measureCos as measureCuisineCos, sweepCos as sweepCuisineCos, type CosResult as CuisineCosResult } from './cuisine-cos.js';
