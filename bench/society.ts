/**
 * The 1,000-agent society episode (suites/society/village-1000-v1, docs/society.md) played by the
 * `society` team through the runner, as `guildcraft run` plays it, for `--seconds` simulated seconds.
 * Prints, from the episode's start (after the world is built), ticks per wall second and per CPU second (real time is 20), decisions per second, huts built,
 * chat lines said and heard, gifts, peak RSS and the load average (the machine may be shared: the
 * per-CPU-second figure is this process's own cost).
 *
 * `--log <dir>` also writes the episode's JSONL log there (what the viewer's episodes page replays;
 * the run is then slower by the log's cost).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SocietyTeam } from '../src/agents/society/society-team.js';
import type { Team } from '../src/agents/team.js';
import { SimEnv } from '../src/env/sim/sim-env.js';
import { runEpisode } from '../src/runner/episode.js';
import { episodeLogName } from '../src/runner/episode-job.js';
import { JsonlRunLog, nullRunLog, type RunLogSink } from '../src/runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../src/runner/task-adapter.js';
import { taskFile } from '../src/tasks/task-files.js';

/** What one society bench run measured. */
export interface SocietyFigures {
  task: string;
  agents: number;
  seconds: number;
  ticksPerStep: number;
  setupSeconds: number;
  wallSeconds: number;
  ticksPerSecond: number;
  ticksPerCpuSecond: number;
  realTimeFactor: number;
  decisionsPerSecond: number;
  huts: number;
  plots: number;
  score: number;
  chatLinesSent: number;
  chatHeard: number;
  gifts: number;
  rssMB: number;
  loadAverage: number[];
  /** The episode's JSONL log, when `logDir` was given. */
  log?: string;
}

export interface SocietyRunOptions {
  task: string;
  /** Simulated seconds the episode runs (the task's steps cut to this). */
  seconds: number;
  seed: string;
  ticksPerStep: number;
  /** Where the episode's JSONL log goes (a runs directory's `episodes/`), if anywhere. */
  logDir?: string;
}

/**
 * Plays the society task with the society team for `seconds` simulated seconds and measures it. Throws
 * when the episode could not run (a bad task, a bug), with the episode's own error.
 */
export async function playSociety(o: SocietyRunOptions): Promise<SocietyFigures> {
  const spec = await loadSpec(taskFile(o.task));
  // The episode's length is the bench's: the task's steps cut to `seconds` of simulated time.
  const stepSeconds = spec.environment.step_seconds;
  const bounded = { ...spec, environment: { ...spec.environment, max_steps: Math.max(1, Math.round(o.seconds / stepSeconds)) } };
  const task = episodeTaskFromSpec(bounded, o.seed);
  const society = new SocietyTeam();
  let decisions = 0;
  let peakRss = 0;
  // The figures are the episode's steady state: from the team's start, after the world is built and
  // the agents joined (that set-up is reported on its own, as setupSeconds).
  let wall0 = 0;
  let cpu0 = process.cpuUsage();
  const team: Team = {
    architecture: society.architecture,
    start: (setup) => {
      wall0 = performance.now();
      cpu0 = process.cpuUsage();
      return society.start(setup);
    },
    decide: async (obs) => {
      const out = await society.decide(obs);
      decisions += Object.keys(out).length;
      return out;
    },
    stats: () => society.stats(),
  };
  const logPath = o.logDir ? join(o.logDir, episodeLogName(task.id, 'society', 'centralized', o.seed)) : null;
  const log: RunLogSink = logPath ? new JsonlRunLog(logPath) : nullRunLog;
  const backend = new SimEnv({ ticksPerStep: o.ticksPerStep });
  const result = await runEpisode({
    backend,
    task,
    team,
    seed: o.seed,
    log,
    org: 'centralized',
    onProgress: (p) => {
      if (p.tick % 400 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
    },
  });
  const cpu = process.cpuUsage(cpu0);
  const wallSeconds = (performance.now() - wall0) / 1000;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  await backend.close();
  if (result.error) throw new Error(`society bench: the episode failed (${result.error.fault}): ${result.error.message}`);
  const details = JSON.parse(result.details) as { huts?: number; plots?: number };
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    task: result.task,
    agents: result.teamSize,
    seconds: result.seconds,
    ticksPerStep: o.ticksPerStep,
    setupSeconds: round(result.wallSeconds - wallSeconds, 2),
    wallSeconds: round(wallSeconds, 2),
    ticksPerSecond: round(result.ticks / wallSeconds),
    ticksPerCpuSecond: round(result.ticks / cpuSeconds),
    realTimeFactor: round(result.seconds / wallSeconds, 2),
    decisionsPerSecond: round(decisions / wallSeconds),
    huts: details.huts ?? 0,
    plots: details.plots ?? 0,
    score: round(result.score, 3),
    chatLinesSent: result.metrics.messages ?? 0,
    chatHeard: result.metrics.messagesHeard ?? 0,
    gifts: result.metrics.gifts ?? 0,
    rssMB: Math.round(peakRss / 1e6),
    loadAverage: loadavg().map((x) => round(x, 2)),
    ...(logPath ? { log: logPath } : {}),
  };
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      task: { type: 'string', default: 'society/village-1000-v1' },
      seconds: { type: 'string', default: '60' },
      seed: { type: 'string', default: '0' },
      'ticks-per-step': { type: 'string', default: '20' },
      log: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const ticksPerStep = Number(values['ticks-per-step']);
  if (!(seconds > 0) || !Number.isInteger(ticksPerStep) || ticksPerStep < 1) {
    console.error('usage: npm run bench -- society [--task society/village-1000-v1] [--seconds S > 0] [--seed s] [--ticks-per-step n] [--log dir] [--json]');
    process.exit(2);
  }
  let out: SocietyFigures;
  try {
    out = await playSociety({ task: values.task!, seconds, seed: values.seed!, ticksPerStep, ...(values.log ? { logDir: values.log } : {}) });
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  if (values.json) console.log(JSON.stringify(out));
  else {
    console.log(
      `society: ${out.agents} agents, ${out.seconds} s simulated in ${out.wallSeconds} s after ${out.setupSeconds} s of set-up (${out.ticksPerSecond} ticks/s, ${out.ticksPerCpuSecond} per CPU-second, ${out.realTimeFactor}× real time), ` +
        `${out.decisionsPerSecond} decisions/s, huts ${out.huts}/${out.plots}, chat ${out.chatLinesSent} lines heard ${out.chatHeard} times, ${out.gifts} gifts, ${out.rssMB} MB RSS (load ${out.loadAverage.join(', ')})`,
    );
  }
}

const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;
