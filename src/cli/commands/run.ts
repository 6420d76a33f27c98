/** `guildcraft run <task>`: one episode, a readable summary or one JSON object, and its JSONL log. */
import type { Command } from 'commander';
import { join, resolve } from 'node:path';
import { defaultAgentsFor, runEpisodeJob } from '../../runner/episode-job.js';
import type { EpisodeResult } from '../../runner/episode-result.js';
import { loadSpec } from '../../runner/task-adapter.js';
import { displayPath, taskFile } from '../../tasks/task-files.js';
import { EPISODES_PAGE_PATH, startWatchServer } from '../../server/viewer/watch-server.js';
import { RunProgress } from '../run-progress.js';
import { addEpisodeFlags, jobOptions, withPlugins, type EpisodeFlags } from './episode-flags.js';
import { parsePort } from './serve.js';

interface RunFlags extends EpisodeFlags {
  seed: string;
  json?: boolean;
  out: string;
  watch?: boolean;
  watchPort: string;
}

export function registerRun(program: Command): void {
  addEpisodeFlags(
    program
      .command('run')
      .description('run one episode of a task (a YAML file or an id such as sagents/mine-50-logs-1-leaf-v1)')
      .argument('<task>', 'task file or task id'),
  )
    .option('--seed <n>', 'episode seed', '0')
    .option('--json', 'print one JSON object: task, success, score, ticks, seconds, metrics')
    .option('--out <dir>', 'where the episode JSONL log goes', 'runs')
    .option('--watch', 'stream the episode to the viewer in the browser (prints the URL; the world runs at 20 ticks/s so it can be watched; people may join from the page)')
    .option('--watch-port <n>', 'with --watch: the viewer server\'s port on 127.0.0.1 (0 picks a free one)', '0')
    .action(async (task: string, given: RunFlags) => {
      const flags = await withPlugins(given);
      const file = taskFile(task);
      const spec = await loadSpec(file);
      const job = { ...jobOptions(flags, file, flags.seed, defaultAgentsFor(spec.task.type)), logDir: join(flags.out, 'episodes') };
      const watching = flags.watch ? await startWatchServer({ runsDir: flags.out, port: parsePort(flags.watchPort) }) : null;
      let watchedUrl = '';
      const watch = watching?.live.watch({
        runsDir: resolve(flags.out),
        humans: true,
        ...(job.timeScale !== undefined ? { timeScale: job.timeScale } : {}),
        onStart: (ep) => {
          watchedUrl = watching.viewerUrl(ep.id);
          console.error(`guildcraft run: watch at ${watchedUrl}`);
        },
      });
      const progress = new RunProgress(process.stderr);
      const result = await runEpisodeJob(job, {}, { ...(watch ? { watch } : {}), onProgress: (p) => progress.update(p) });
      progress.done();
      console.log(flags.json ? JSON.stringify(jsonView(result)) : describeResult(result));
      if (result.error) process.exitCode = result.error.fault === 'user' ? 2 : 1;
      if (watching) {
        // The episode is over; the viewer stays up to scrub through it until the person stops it.
        console.error(`guildcraft run: the episode ended; scrub through it at ${watchedUrl || watching.server.url + EPISODES_PAGE_PATH} (every episode: ${watching.server.url}${EPISODES_PAGE_PATH}) until Ctrl-C`);
        const stop = () => void watching.server.close().then(() => process.exit(process.exitCode ?? 0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      }
    });
}

export function jsonView(r: EpisodeResult): Record<string, unknown> {
  return { task: r.task, success: r.success, score: r.score, ticks: r.ticks, seconds: r.seconds, ended: r.ended, agents: r.agents, seed: r.seed, metrics: r.metrics, ...(r.judge ? { judge: r.judge } : {}), ...(r.error ? { error: r.error } : {}), ...(r.log ? { log: r.log } : {}) };
}

/** Ticks per wall-clock second and the real-time factor (20 ticks/s is real time), when the run took measurable time. */
function speed(r: EpisodeResult): string {
  if (!(r.wallSeconds > 0)) return '';
  return `: ${(r.ticks / r.wallSeconds).toFixed(1)} ticks/s, ${(r.seconds / r.wallSeconds).toFixed(2)}× real time`;
}

export function describeResult(r: EpisodeResult): string {
  const lines = [
    `${r.task} (seed ${r.seed}, ${r.agents}${r.org ? `/${r.org}` : ''}, ${r.mode}, ${r.teamSize} agents)`,
    `  ${r.success ? 'SUCCESS' : 'FAILED'} — ended by ${r.ended} after ${r.ticks} ticks (${r.seconds.toFixed(1)} s simulated, ${r.wallSeconds.toFixed(2)} s wall${speed(r)})`,
    `  score ${r.score.toFixed(2)}; ${r.details}`,
    ...(r.judge ? [`  judge ${r.judge.model}: ${r.judge.score === null ? 'no score' : `${r.judge.score}/5`}${r.judge.cached ? ' (replayed)' : ''}; ${r.judge.reason}`] : []),
    `  messages ${r.metrics.messages}, prompts ${r.metrics.prompts}, LLM calls ${r.metrics.llmCalls}, tokens ${r.metrics.promptTokens + r.metrics.completionTokens}, cost $${r.metrics.costUsd.toFixed(4)}`,
  ];
  if (r.error) lines.push(`  error (${r.error.fault}): ${r.error.message}`);
  if (r.log) lines.push(`  log: ${displayPath(r.log)} (replay with: guildcraft replay ${displayPath(r.log)})`);
  return lines.join('\n');
}
