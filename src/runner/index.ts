/** The runner: episodes, benches with resume, run logs and reports. */
export { runEpisode, type EpisodeOptions } from './episode.js';
export type { EpisodeTask, EpisodeOutcome } from '../tasks/episode-task.js';
export { emptyMetrics, type EpisodeResult, type EpisodeMetrics, type AgentTimeline } from './episode-result.js';
export { runEpisodeJob, defaultAgentsFor, type EpisodeJobOptions } from './episode-job.js';
export { episodeTaskFromSpec, loadSpec } from './task-adapter.js';
export { suiteFiles, taskFile } from './task-source.js';
export { JsonlRunLog, MemoryRunLog, nullRunLog, readRunLog, type LogRecord, type RunLogSink } from './run-log.js';
export { runBench, type BenchJob, type BenchProgress } from './bench/run-bench.js';
export { ResultsFile, jobKey } from './bench/results-file.js';
export { summarize, formatSummary, type SummaryRow } from './bench/summary.js';
export { htmlReport } from './report/html-report.js';
