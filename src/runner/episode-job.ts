/**
 * One episode from plain options (what `guildcraft run` and each bench worker do): load the task,
 * compose the team (architecture x organisation, `compose-team.ts`) and the backend, run, log,
 * report. Options are plain JSON so a job can cross into a worker thread.
 */
import { basename, join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { WorldBackend } from '../env/backend.js';
import { SimEnv } from '../env/sim/index.js';
import type { BaselineOptions } from '../agents/tickingcollab/baseline-settings.js';
import { LlmRun, parseCacheMode, type BudgetLimits, type CallAdmission } from '../llm/index.js';
import { composeTeam, composition, compositionUsesModel } from './compose-team.js';
import type { Team } from '../agents/team.js';
import type { EpisodeResult } from './episode-result.js';
import { runEpisode, type EpisodeProgress } from './episode.js';
import { judgeEpisode } from './judge-episode.js';
import { episodeTaskFromSpec, loadSpec } from './task-adapter.js';
import type { EpisodeTask } from '../tasks/episode-task.js';
import { isAgentModule, loadAgentsOption, loadPlugins } from './plugins.js';
import { JsonlRunLog, nullRunLog, type RunLogSink } from './run-log.js';

export interface EpisodeJobOptions {
  /** Absolute path of the task file. */
  file: string;
  seed: string;
  agents: string;
  org?: string;
  model?: string;
  mode?: 'sync' | 'async';
  timeScale?: number;
  /** `record`, `replay` or `off` (default: the environment / config file). */
  llmCache?: string;
  /** Simulated model latency, e.g. `800` or `normal:800,200`. */
  latency?: string;
  /** TickingCollab baselines: a preset (`paper`) and single switches over it. */
  baseline?: BaselineOptions;
  /** Ticks per env step in sync mode (decisions are taken at step boundaries). */
  ticksPerStep?: number;
  /** Directory for the episode's JSONL log; none when absent. */
  logDir?: string;
  backend?: 'sim' | 'minecraft';
  /** S-Agents' collaboration mode (relay, round, async) instead of the organisation's default. */
  collaboration?: string;
  /** Run with only the task file's first `teamSize` spawns the team drives (an experiment's team-size axis; confederates stay); more than the file places is refused. */
  teamSize?: number;
  /** Run with only the task file's first `confederates` scripted spawns (an experiment's confederates axis: MineLand's 0+1 .. 9+1). */
  confederates?: number;
  /** An experiment's grid cell: copied into the result so one results file holds the whole grid. */
  cell?: string;
  /** Absolute paths of `--plugin` modules to load first (goal kinds, event kinds, agents). */
  plugins?: string[];
  /** Wall-clock bound of the episode (default DEFAULT_EPISODE_WALL_CLOCK_MS): past it, `ended: internal_timeout`. */
  wallClockLimitMs?: number;
  /** With backend `minecraft`: the server (see docs/minecraft-backend.md). */
  minecraft?: { host?: string; port?: number; version?: string; auth?: 'offline' | 'microsoft'; origin?: { x: number; y: number; z: number } };
  /** Attach rendered frames to observations (sim backend): what vision agents put in their prompts. */
  vision?: VisionOptions;
  /** A vision-language judge's model for construction and creative tasks (`vlm-judge.ts`). */
  judge?: string;
  /** The agents' personality (Alex): a preset name (agents/alex/personalities.ts) or the text. */
  personality?: string;
}

export interface VisionOptions {
  /** Re-render each agent's view every this many ticks (the frame is reused in between). */
  everyTicks: number;
  /** Frame side in pixels. */
  size: number;
  /** Attach a top-down map around the agent too. */
  map: boolean;
}

/** Map radius in blocks and pixels per block of the top-down view attached with `map`. */
const VISION_MAP = { radius: 16, scale: 8 };

/** What a caller beyond the episode imposes on its model calls (a distributed sweep's shared rate and budget). */
export interface EpisodeLlmLimits {
  admit?: CallAdmission;
  budget?: BudgetLimits;
}

/**
 * Default wall-clock bound of one episode in `run` and `bench`: far above any episode measured (the
 * longest LLM episodes take minutes; a failing model ends one within 5 minutes), so it only ends
 * episodes that stopped making progress.
 */
export const DEFAULT_EPISODE_WALL_CLOCK_MS = 60 * 60 * 1000;

/**
 * Someone watching one episode of a job (the viewer's live stream, `run --watch`): it sees the backend and log before
 * the episode starts and may put a tee in front of the log, wrap the team (a person seated in an agent's place) and
 * hold the world after each sync step. Nothing here changes what the episode does when nobody joins.
 */
export interface EpisodeWatch {
  start(info: { backend: WorldBackend; log: RunLogSink; logPath: string | null; seed: string; org: string | null; mode: 'sync' | 'async' }): {
    log: RunLogSink;
    team?: (team: Team) => Team;
    afterStep?: () => Promise<void>;
  };
}

export function defaultAgentsFor(taskType: string): string {
  if (taskType === 'society') return 'society';
  return ['prepare_crisis', 'mine_vanishing_blocks', 'raid_boss'].includes(taskType) ? 'oracle' : 'heuristic';
}

/** What a caller may attach to a running episode: the viewer's live stream, and progress reports (`run`'s line). */
export interface EpisodeJobHooks {
  watch?: EpisodeWatch;
  onProgress?: (p: EpisodeProgress) => void;
}

export async function runEpisodeJob(o: EpisodeJobOptions, limits: EpisodeLlmLimits = {}, hooks: EpisodeJobHooks = {}): Promise<EpisodeResult> {
  const { watch, onProgress } = hooks;
  // Each worker thread has its own kind tables: the job names the modules and each thread loads them (once).
  if (o.plugins) await loadPlugins(o.plugins);
  if (isAgentModule(o.agents)) await loadAgentsOption(o.agents);
  const spec = await loadSpec(o.file);
  const task = withConfederateCount(withTeamSize(episodeTaskFromSpec(spec, o.seed), o.teamSize, spec.id), o.confederates, spec.id);
  const composed = composition(o.agents, o.org);
  let log: RunLogSink = nullRunLog;
  let logPath: string | undefined;
  if (o.logDir) {
    logPath = join(o.logDir, episodeLogName(task.id, o.agents, composed.org, o.seed, o.cell));
    log = new JsonlRunLog(logPath);
  }
  // The episode's one ledger: runEpisode logs its llm_call records and sums them into the result.
  const llm = compositionUsesModel(composed)
    ? new LlmRun({ ...(o.llmCache ? { cacheMode: parseCacheMode(o.llmCache, '--llm-cache') } : {}), ...(limits.admit ? { admit: limits.admit } : {}), ...(limits.budget ? { budget: limits.budget } : {}) })
    : undefined;
  let team = composeTeam(o.agents, { seed: o.seed, org: composed.org, ...(o.model ? { model: o.model } : {}), ...(llm ? { llm } : {}), ...(o.latency ? { latency: o.latency } : {}), ...(o.baseline ? { baseline: o.baseline } : {}), ...(o.collaboration ? { collaboration: o.collaboration } : {}), ...(o.personality !== undefined ? { personality: o.personality } : {}) });
  const backend = await createBackend(o);
  let result: EpisodeResult;
  let afterStep: (() => Promise<void>) | undefined;
  if (watch) {
    const w = watch.start({ backend, log, logPath: logPath ?? null, seed: o.seed, org: composed.org ?? null, mode: o.mode ?? 'sync' });
    log = w.log;
    if (w.team) team = w.team(team);
    afterStep = w.afterStep;
  }
  try {
    result = await runEpisode({ backend, task, team, seed: o.seed, mode: o.mode ?? 'sync', timeScale: o.timeScale, log, org: composed.org, ...(afterStep ? { afterStep } : {}), ...(onProgress ? { onProgress } : {}), wallClockLimitMs: o.wallClockLimitMs ?? DEFAULT_EPISODE_WALL_CLOCK_MS });
    if (o.judge && backend instanceof SimEnv && result.ended !== 'error') result = { ...result, judge: await judgeEpisode(backend, task.brief, o.judge, o.llmCache) };
  } finally {
    await backend.close().catch(() => undefined);
  }
  // The model and latency settings go into the row too, so one results file can hold a grid of settings.
  return { ...result, ...(o.model ? { model: o.model } : {}), ...(o.latency ? { latency: o.latency } : {}), ...(o.baseline ? { baseline: o.baseline } : {}), ...(logPath ? { log: logPath } : {}), ...(o.cell ? { cell: o.cell } : {}) };
}

const isConfederate = (task: EpisodeTask, name: string): boolean => task.confederates !== undefined && Object.hasOwn(task.confederates.scripts, name);

/** The task with only its first `size` agents the team drives (its confederates all stay); the file's names stay (its goals may name them). */
function withTeamSize(task: EpisodeTask, size: number | undefined, id: string): EpisodeTask {
  const driven = task.scenario.agents.filter((a) => !isConfederate(task, a.name));
  if (size === undefined || size === driven.length) return task;
  if (!Number.isInteger(size) || size < 1 || size > driven.length) {
    throw new InputError(`${id} places ${driven.length} agent(s) the team drives; a team of ${size} cannot be seated`, `use a team size from 1 to ${driven.length} for this task, or a task file with more spawns`);
  }
  const keep = new Set(driven.slice(0, size).map((a) => a.name));
  return { ...task, scenario: { ...task.scenario, agents: task.scenario.agents.filter((a) => keep.has(a.name) || isConfederate(task, a.name)) } };
}

/** The task with only its first `count` confederates (in spawn order); the agents the team drives all stay. */
function withConfederateCount(task: EpisodeTask, count: number | undefined, id: string): EpisodeTask {
  if (count === undefined) return task;
  const scripted = task.scenario.agents.filter((a) => isConfederate(task, a.name)).map((a) => a.name);
  if (!Number.isInteger(count) || count < 0 || count > scripted.length) {
    throw new InputError(`${id} has ${scripted.length} confederate(s) (spawns with a script); ${count} cannot be seated`, `use a confederate count from 0 to ${scripted.length} for this task, or a task file with more scripted spawns`);
  }
  const dropped = new Set(scripted.slice(count));
  const scripts = Object.fromEntries(Object.entries(task.confederates?.scripts ?? {}).filter(([name]) => !dropped.has(name)));
  const confederates = task.confederates && count > 0 ? { confederates: { ...task.confederates, scripts } } : {};
  const { confederates: _all, ...rest } = task;
  return { ...rest, ...confederates, scenario: { ...task.scenario, agents: task.scenario.agents.filter((a) => !dropped.has(a.name)) } };
}

/**
 * `<task>-<architecture>-<organisation>[-<cell>]-seed<n>.jsonl`: two architectures or organisations on the
 * same task and seed write two logs (and an experiment's grid cells one each). A plugin architecture (a
 * module path) is named by its file.
 */
export function episodeLogName(taskId: string, agents: string, org: string, seed: string, cell?: string): string {
  const arch = isAgentModule(agents) ? basename(agents).replace(/\.[cm]?[jt]s$/, '') : agents;
  return `${[taskId, arch, org, ...(cell ? [cell] : [])].map((part) => part.replace(/[^a-z0-9_.-]+/gi, '_')).join('-')}-seed${seed}.jsonl`;
}

async function createBackend(o: EpisodeJobOptions): Promise<WorldBackend> {
  const kind = o.backend ?? 'sim';
  if (kind === 'sim') {
    const v = o.vision;
    const views = v
      ? { firstPerson: { width: v.size, height: v.size, everyTicks: v.everyTicks }, ...(v.map ? { topDown: { ...VISION_MAP, everyTicks: v.everyTicks } } : {}), onObservations: true }
      : undefined;
    return new SimEnv({ ticksPerStep: o.ticksPerStep ?? 5, ...(views ? { views } : {}) });
  }
  if (o.vision) throw new InputError('--vision renders frames on the sim backend only', 'drop --vision, or run with --backend sim');
  if (o.judge) throw new InputError('--judge renders the final build on the sim backend only', 'drop --judge, or run with --backend sim');
  if (kind === 'minecraft') {
    // Loaded on demand: mineflayer is heavy and only this backend needs it.
    const { createMinecraftBackend } = await import('../env/minecraft/index.js');
    const mc = o.minecraft ?? {};
    return createMinecraftBackend(
      { ...(mc.host ? { host: mc.host } : {}), ...(mc.port ? { port: mc.port } : {}), ...(mc.version ? { version: mc.version } : {}), ...(mc.auth ? { auth: mc.auth } : {}), ticksPerStep: o.ticksPerStep ?? 5 },
      mc.origin ? { origin: mc.origin } : {},
    );
  }
  throw new InputError(`unknown backend '${kind}'`, 'use --backend sim or --backend minecraft');
}
