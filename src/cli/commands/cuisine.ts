/**
 * `guildcraft cuisine cos|play`: CuisineWorld (MindAgent) collaboration scores and episode traces with the built-in
 * dispatchers or the LLM dispatcher (`--dispatcher llm --model <provider-string>`). Every episode runs through the
 * runner (runner/cuisine-episode.ts) and, with `--out`, leaves its JSONL run log like any other episode. The actions
 * are exported as functions returning the text they print, so tests can call them directly: `cuisineCos`/`cuisinePlay`
 * for the built-in dispatchers, `cuisineCosLlm`/`cuisinePlayLlm` for the LLM one.
 */
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import { GuildcraftError, InputError, InternalError, type Fault } from '../../core/errors.js';
import { join } from 'node:path';
import { DispatcherTeam, HeuristicDispatcher, RandomDispatcher, type Dispatcher, type LlmDispatcherOptions } from '../../agents/cuisine-dispatcher/index.js';
import { ALPHAS, DEFAULT_ALPHA, LEVEL_NAMES, getLevel, levelKey, stateText, type CuisineGame, type KitchenStepEvent, type RuleSet } from '../../env/cuisine/index.js';
import { measureCos, type CosResult } from '../../runner/cuisine-cos.js';
import { cuisineOrderCounts, runCuisineEpisode } from '../../runner/cuisine-episode.js';
import { JsonlRunLog, type RunLogSink } from '../../runner/run-log.js';
import { endedByModel } from '../../runner/model-down-gate.js';
import type { EpisodeResult } from '../../runner/episode-result.js';
import { parseCacheMode, type Env } from '../../llm/index.js';
import { CuisineLlmSession, formatLlmReport, type CuisineLlmOptions, type CuisineLlmReport } from '../cuisine-llm.js';
import { parsePositiveInt } from '../parse.js';
import { registerCuisineMinecraft } from './cuisine-minecraft.js';
import { registerCuisineStudy } from './cuisine-study.js';

/** Flags of the LLM dispatcher; given with another dispatcher they are an error rather than silently ignored. */
export interface LlmFlags {
  model?: string;
  llmCache?: string;
  llmCacheDir?: string;
  temperature?: string;
  maxTokens?: string;
  /** `--no-feedback` sets false. */
  feedback?: boolean;
  /** `--no-inference-knowledge` sets false. */
  inferenceKnowledge?: boolean;
  demo?: string;
  demoAgents?: string;
}

export interface CosFlags extends LlmFlags {
  level: string;
  agents: string;
  dispatcher: string;
  episodes: string;
  seed: string;
  rules: string;
  /** Comma-separated subset of alphas, e.g. `1.0` or `1.0,2.0` (default: the paper's five). */
  alphas?: string;
  /** Directory for each episode's JSONL run log. */
  out?: string;
  json?: boolean;
}

export interface PlayFlags extends LlmFlags {
  level: string;
  agents: string;
  dispatcher: string;
  alpha: string;
  seed: string;
  rules: string;
  /** Directory for the episode's JSONL run log. */
  out?: string;
  json?: boolean;
}

/** What the LLM actions print, plus the figures behind it; `exitCode` is 1 when the model failed (its figures understate it). */
export interface LlmCommandOutput {
  text: string;
  exitCode: 0 | 1;
  llm: CuisineLlmReport;
}

/** Where the LLM layer reads its settings from; tests pass their own environment. */
export interface LlmIo {
  env?: Env;
  configFile?: string | false;
  cwd?: string;
  /** Draw a progress bar on stderr. */
  progress?: boolean;
}

function addLlmFlags(cmd: Command): Command {
  return cmd
    .option('--model <provider-string>', 'with --dispatcher llm: e.g. openai:gpt-4o or openai-compatible:http://127.0.0.1:11434/v1#qwen2.5 (default: GUILDCRAFT_MODEL_DISPATCHER, GUILDCRAFT_MODEL or the config file)')
    .option('--llm-cache <mode>', 'with --dispatcher llm: record, replay or off (default: GUILDCRAFT_LLM_CACHE or the config file)')
    .option('--llm-cache-dir <dir>', 'with --dispatcher llm: cache directory (default: GUILDCRAFT_LLM_CACHE_DIR or runs/llm-cache)')
    .option('--temperature <t>', "with --dispatcher llm: sampling temperature (default 0.1, MindAgent's)")
    .option('--max-tokens <n>', "with --dispatcher llm: longest reply in tokens (default 100, MindAgent's code)")
    .option('--no-feedback', 'with --dispatcher llm: ablation, hide the environment\'s error messages (and skip look-ahead validation)')
    .option('--no-inference-knowledge', 'with --dispatcher llm: ablation, leave the inference knowledge out of the rules')
    .option('--demo <kind>', 'with --dispatcher llm: one-shot demo full, few-step (2 turns) or none', 'full')
    .option('--demo-agents <n>', 'with --dispatcher llm: use the demo recorded with this many agents (1..4; default the team size)');
}

export function registerCuisine(program: Command): void {
  const cuisine = program
    .command('cuisine')
    .description('CuisineWorld (MindAgent): collaboration scores and episode traces with the built-in or the LLM dispatcher');
  const cos = cuisine
    .command('cos')
    .description('collaboration score (mean over alpha 1.0..3.0 of completed/(completed+failed)) for a level and team size, or the full table')
    .requiredOption('--level <n|all>', 'level number 0..12, level_N, or all')
    .requiredOption('--agents <2|3|4|all>', 'team size (1..4) or all (2, 3, 4)')
    .option('--dispatcher <name>', 'heuristic, random or llm', 'heuristic')
    .option('--episodes <n>', 'episodes per alpha', '3')
    .option('--seed <n>', 'seed of the first episode (episode k uses seed + k)', '0')
    .option('--rules <set>', 'fixed (bugs repaired) or original (MindAgent code as published)', 'fixed')
    .option('--alphas <list>', 'only these alphas, comma-separated (e.g. 1.0); the CoS is then the mean over them, not the paper\'s')
    .option('--out <dir>', 'write each episode\'s JSONL run log into this directory')
    .option('--json', 'print JSON instead of tables');
  addLlmFlags(cos)
    .action(async (flags: CosFlags) => {
      const progress = process.stderr.isTTY === true;
      if (flags.dispatcher !== 'llm') return console.log(await cuisineCos(flags, progress));
      report(await cuisineCosLlm(flags, { progress }));
    });
  const play = cuisine
    .command('play')
    .description('play one episode and print its trace in the game text format')
    .requiredOption('--level <n>', 'level number 0..12 or level_N')
    .option('--agents <n>', 'team size (1..4)', '2')
    .option('--dispatcher <name>', 'heuristic, random or llm', 'heuristic')
    .option('--alpha <a>', 'order pressure (benchmark: 1.0, 1.5, 2.0, 2.5, 3.0)', String(DEFAULT_ALPHA))
    .option('--seed <n>', 'episode seed', '0')
    .option('--rules <set>', 'fixed or original', 'fixed')
    .option('--out <dir>', 'write the episode\'s JSONL run log into this directory')
    .option('--json', 'print the trace as JSON');
  addLlmFlags(play)
    .action(async (flags: PlayFlags) => {
      if (flags.dispatcher !== 'llm') return console.log(await cuisinePlay(flags));
      report(await cuisinePlayLlm(flags));
    });
  registerCuisineMinecraft(cuisine);
  registerCuisineStudy(cuisine);
}

/** Prints an LLM command's output; episodes cut short by model faults make the exit code 1 (the figures are not clean). */
function report(out: LlmCommandOutput): void {
  console.log(out.text);
  if (out.exitCode !== 0) process.exitCode = out.exitCode;
}

function parseLevels(value: string): string[] {
  if (value === 'all') return [...LEVEL_NAMES];
  const name = levelKey(value);
  if (!LEVEL_NAMES.includes(name)) {
    throw new InputError(`--level must be 0..12, level_N or all, got '${value}'`, 'pass for example --level 3');
  }
  return [name];
}

function parseAgents(value: string): number[] {
  if (value === 'all') return [2, 3, 4];
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 4) {
    throw new InputError(`--agents must be 1..4 or all, got '${value}'`, 'pass for example --agents 3');
  }
  return [n];
}

function parseDispatcher(value: string, flags: LlmFlags): (seed: number) => Dispatcher {
  if (value === 'llm') {
    // Reached only when called directly: the command routes llm to the actions that set up a model and report its use.
    throw new InputError('the llm dispatcher needs a model session and reports its use', 'call cuisineCosLlm / cuisinePlayLlm instead of cuisineCos / cuisinePlay');
  }
  rejectLlmFlags(value, flags);
  if (value === 'heuristic') return () => new HeuristicDispatcher();
  if (value === 'random') return (seed) => new RandomDispatcher(seed);
  throw new InputError(`--dispatcher must be heuristic, random or llm, got '${value}'`, 'pass --dispatcher heuristic');
}

/** LLM flags given with another dispatcher would silently do nothing; say so instead. */
function rejectLlmFlags(dispatcher: string, flags: LlmFlags): void {
  const given = [
    flags.model !== undefined && '--model',
    flags.llmCache !== undefined && '--llm-cache',
    flags.llmCacheDir !== undefined && '--llm-cache-dir',
    flags.temperature !== undefined && '--temperature',
    flags.maxTokens !== undefined && '--max-tokens',
    flags.feedback === false && '--no-feedback',
    flags.inferenceKnowledge === false && '--no-inference-knowledge',
    flags.demo !== undefined && flags.demo !== 'full' && '--demo',
    flags.demoAgents !== undefined && '--demo-agents',
  ].filter((f): f is string => typeof f === 'string');
  if (given.length > 0) {
    throw new InputError(`${given.join(', ')} ${given.length === 1 ? 'applies' : 'apply'} only to the llm dispatcher, not '${dispatcher}'`, 'add --dispatcher llm or leave them out');
  }
}

function parseAlphas(value: string | undefined): number[] {
  if (value === undefined) return [...ALPHAS];
  const alphas = value.split(',').map((a) => a.trim());
  const out: number[] = [];
  for (const a of alphas) {
    const n = Number(a);
    if (a === '' || !(n > 0) || !Number.isFinite(n)) throw new InputError(`--alphas must be positive numbers separated by commas, got '${value}'`, 'pass for example --alphas 1.0,2.0');
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** The LLM session for the flags: dispatcher options (ablations), cache, model. Throws the resolver's InputError. */
export function llmSession(flags: LlmFlags, io: LlmIo): CuisineLlmSession {
  const dispatcher: Omit<LlmDispatcherOptions, 'model'> = {};
  if (flags.feedback === false) dispatcher.feedback = false;
  if (flags.inferenceKnowledge === false) dispatcher.inferenceKnowledge = false;
  const demo = flags.demo ?? 'full';
  if (demo !== 'full' && demo !== 'few-step' && demo !== 'none') throw new InputError(`--demo must be full, few-step or none, got '${demo}'`, 'pass --demo few-step');
  dispatcher.demo = demo;
  if (flags.demoAgents !== undefined) {
    const n = Number(flags.demoAgents);
    if (!Number.isInteger(n) || n < 1 || n > 4) throw new InputError(`--demo-agents must be 1..4, got '${flags.demoAgents}'`, 'pass for example --demo-agents 2');
    dispatcher.demoAgents = n;
  }
  let temperature: number | undefined;
  if (flags.temperature !== undefined) {
    temperature = Number(flags.temperature);
    if (!(temperature >= 0) || !Number.isFinite(temperature)) throw new InputError(`--temperature must be a number >= 0, got '${flags.temperature}'`, 'pass for example --temperature 0');
  }
  let maxTokens: number | undefined;
  if (flags.maxTokens !== undefined) {
    maxTokens = Number(flags.maxTokens);
    if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new InputError(`--max-tokens must be a whole number >= 1, got '${flags.maxTokens}'`, 'pass for example --max-tokens 100');
  }
  const options: CuisineLlmOptions = {
    dispatcher,
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(flags.model !== undefined ? { model: flags.model } : {}),
    ...(flags.llmCache !== undefined ? { cacheMode: parseCacheMode(flags.llmCache, '--llm-cache') } : {}),
    ...(flags.llmCacheDir !== undefined ? { cacheDir: flags.llmCacheDir } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
    ...(io.env ? { env: io.env } : {}),
    ...(io.configFile !== undefined ? { configFile: io.configFile } : {}),
    ...(io.cwd ? { cwd: io.cwd } : {}),
  };
  return new CuisineLlmSession(options);
}

function parseRules(value: string): RuleSet {
  if (value === 'fixed' || value === 'original') return value;
  throw new InputError(`--rules must be fixed or original, got '${value}'`, 'pass --rules fixed');
}

function parseSeed(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InputError(`--seed must be a whole number >= 0, got '${value}'`, 'pass --seed 0');
  return n;
}

/** The `cuisine cos` action: the text it prints. A progress bar goes to stderr for multi-cell sweeps when `progress`. */
export async function cuisineCos(flags: CosFlags, progress = false): Promise<string> {
  const make = parseDispatcher(flags.dispatcher, flags);
  const plan = cosPlan(flags);
  const bar = progressBar(progress && plan.cells > 1, plan.cells * plan.alphas.length * plan.episodes);
  const results: CosResult[] = [];
  try {
    for (const level of plan.levels) {
      for (const agents of plan.teams) {
        results.push(await measureCos({ ...plan, level, agents, dispatcher: () => make(plan.seed), onEpisode: () => bar?.increment() }));
      }
    }
  } finally {
    bar?.stop();
  }
  if (flags.json) return JSON.stringify(plan.cells === 1 ? results[0] : results, null, 2);
  return plan.cells === 1 ? formatOne(results[0]!) : formatTables(results, plan.teams, plan.levels);
}

interface CosPlan {
  levels: string[];
  teams: number[];
  cells: number;
  episodes: number;
  seed: number;
  rules: RuleSet;
  alphas: number[];
  logDir?: string;
}

function cosPlan(flags: CosFlags): CosPlan {
  const levels = parseLevels(flags.level);
  const teams = parseAgents(flags.agents);
  return {
    levels,
    teams,
    cells: levels.length * teams.length,
    episodes: parsePositiveInt(flags.episodes, '--episodes'),
    seed: parseSeed(flags.seed),
    rules: parseRules(flags.rules),
    alphas: parseAlphas(flags.alphas),
    ...(flags.out !== undefined ? { logDir: flags.out } : {}),
  };
}

function progressBar(show: boolean, total: number): cliProgress.SingleBar | null {
  if (!show) return null;
  const bar = new cliProgress.SingleBar({ stream: process.stderr, clearOnComplete: true }, cliProgress.Presets.shades_classic);
  bar.start(total, 0);
  return bar;
}

/**
 * `cuisine cos --dispatcher llm`: the same sweep with the LLM dispatcher, one model call (or more, on look-ahead
 * errors) per step, then the LLM calls, tokens, cost and any model faults. A missing model or key is the LLM layer's
 * InputError (exit 2); so is a replay cache miss.
 */
export async function cuisineCosLlm(flags: CosFlags, io: LlmIo = {}): Promise<LlmCommandOutput> {
  if (flags.dispatcher !== 'llm') throw new InputError(`cuisineCosLlm needs --dispatcher llm, got '${flags.dispatcher}'`, 'use cuisineCos for the built-in dispatchers');
  const plan = cosPlan(flags);
  const session = llmSession(flags, io);
  const total = plan.cells * plan.alphas.length * plan.episodes;
  const bar = progressBar(io.progress === true && total > 1, total);
  const results: CosResult[] = [];
  try {
    for (const level of plan.levels) {
      for (const agents of plan.teams) {
        results.push(await measureCos({ ...plan, level, agents, dispatcher: (episode) => session.dispatcher(episode), gate: session.gate, onEpisode: () => bar?.increment() }));
      }
    }
  } finally {
    bar?.stop();
  }
  const llm = session.report(results.flatMap((r) => r.notCounted ?? []));
  const exitCode = llm.faults.length > 0 || llm.notCounted.length > 0 ? 1 : 0;
  if (flags.json) {
    const body = plan.cells === 1 ? { ...results[0]!, llm } : { results, llm };
    return { text: JSON.stringify(body, null, 2), exitCode, llm };
  }
  const table = plan.cells === 1 ? formatOne(results[0]!) : formatTables(results, plan.teams, plan.levels);
  return { text: [table, ...formatLlmReport(llm, total)].join('\n'), exitCode, llm };
}

function formatOne(r: CosResult): string {
  const lines = [`${r.level}, ${r.agents} agents, ${r.dispatcher} dispatcher, ${r.episodes} episodes per alpha, ${r.rules} rules`];
  lines.push('alpha  interval  completed  failed  open  rate');
  for (const a of r.alphas) {
    lines.push(
      `${a.alpha.toFixed(1).padEnd(5)}  ${String(a.interval).padStart(8)}  ${String(a.completed).padStart(9)}  ${String(a.failed).padStart(6)}  ${String(a.open).padStart(4)}  ${a.rate.toFixed(3)}`,
    );
  }
  lines.push(`CoS ${r.cos.toFixed(3)}${partialNote(r.alphas.map((a) => a.alpha))}`);
  return lines.join('\n');
}

/** With --alphas, the score is a mean over fewer settings than the paper's: say so next to it. */
function partialNote(alphas: readonly number[]): string {
  const full = alphas.length === ALPHAS.length && ALPHAS.every((a, i) => alphas[i] === a);
  return full ? '' : ` (mean over alpha ${alphas.map((a) => a.toFixed(1)).join(', ')} only, not the paper's five)`;
}

/** One table per team size, like the paper's Tables 4–6: rows tau_1..tau_5 as completed/(completed+failed), then CoS. */
function formatTables(results: CosResult[], teams: number[], levels: string[]): string {
  const out: string[] = [];
  const short = (l: string) => l.replace('level_', 'L');
  for (const agents of teams) {
    const row = results.filter((r) => r.agents === agents);
    const head = [`${agents} agents`.padEnd(8), ...levels.map((l) => short(l).padStart(7)), '   mean'];
    out.push(head.join(' '));
    const alphas = row[0]!.alphas.map((a) => a.alpha);
    alphas.forEach((alpha, i) => {
      const cells = row.map((r) => {
        const a = r.alphas[i]!;
        return `${a.completed}/${a.completed + a.failed}`.padStart(7);
      });
      const mean = row.reduce((s, r) => s + r.alphas[i]!.rate, 0) / row.length;
      out.push([`tau${i + 1} a=${alpha.toFixed(1)}`.padEnd(8), ...cells, mean.toFixed(3).padStart(7)].join(' '));
    });
    const mean = row.reduce((s, r) => s + r.cos, 0) / row.length;
    out.push(['CoS'.padEnd(8), ...row.map((r) => r.cos.toFixed(3).padStart(7)), mean.toFixed(3).padStart(7)].join(' ') + partialNote(alphas));
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** The `cuisine play` action: one episode's trace. */
export async function cuisinePlay(flags: PlayFlags): Promise<string> {
  const make = parseDispatcher(flags.dispatcher, flags);
  const settings = playSettings(flags);
  const trace = new Trace(flags.json === true);
  await playEpisode(settings, make(settings.seed), trace, flags.out);
  return trace.finish();
}

/** `cuisine play --dispatcher llm`: one episode's trace with the LLM dispatcher, then the LLM figures. */
export async function cuisinePlayLlm(flags: PlayFlags, io: LlmIo = {}): Promise<LlmCommandOutput> {
  if (flags.dispatcher !== 'llm') throw new InputError(`cuisinePlayLlm needs --dispatcher llm, got '${flags.dispatcher}'`, 'use cuisinePlay for the built-in dispatchers');
  const settings = playSettings(flags);
  const session = llmSession(flags, io);
  const trace = new Trace(flags.json === true);
  const episode = `${settings.level}, ${settings.agents} agents, alpha ${settings.alpha.toFixed(1)}, seed ${settings.seed}`;
  const result = await playEpisode(settings, session.dispatcher(episode), trace, flags.out);
  const llm = session.report(endedByModel(result.ended) ? [{ episode, ended: result.ended, details: result.details }] : []);
  const exitCode = llm.faults.length > 0 || llm.notCounted.length > 0 ? 1 : 0;
  const text = flags.json ? trace.finish({ llm }) : [trace.finish(), ...formatLlmReport(llm, 1)].join('\n');
  return { text, exitCode, llm };
}

interface PlaySettings {
  level: string;
  agents: number;
  alpha: number;
  seed: number;
  rules: RuleSet;
}

function playSettings(flags: PlayFlags): PlaySettings {
  const levels = parseLevels(flags.level);
  if (levels.length !== 1) throw new InputError('play needs one level', 'pass for example --level 3');
  const agents = parseAgents(flags.agents);
  if (agents.length !== 1) throw new InputError('play needs one team size', 'pass for example --agents 3');
  const alpha = Number(flags.alpha);
  if (!(alpha > 0)) throw new InputError(`--alpha must be a positive number, got '${flags.alpha}'`, 'pass for example --alpha 2.0');
  return { level: levels[0]!, agents: agents[0]!, alpha, seed: parseSeed(flags.seed), rules: parseRules(flags.rules) };
}

/** Runs the episode through the runner, feeding the trace; a failed episode is an error, not a short trace. */
async function playEpisode(s: PlaySettings, dispatcher: Dispatcher, trace: Trace, out: string | undefined): Promise<EpisodeResult> {
  const team = new DispatcherTeam(dispatcher);
  const log: RunLogSink | undefined = out !== undefined ? new JsonlRunLog(join(out, `${s.level}-${s.agents}agents-alpha${s.alpha.toFixed(1)}-seed${s.seed}.jsonl`)) : undefined;
  const result = await runCuisineEpisode({ ...s, level: getLevel(s.level, s.rules), dispatcher: team, log, onStep: (game, step) => trace.step(game, step) });
  if (result.error) throw team.failure ?? new GuildcraftError(result.error.fault as Fault, `the episode ended with an error: ${result.error.message}`, 'see the message; --out keeps the records up to it');
  return result;
}

/** Collects an episode's trace, as game text or JSON, step by step. */
class Trace {
  private readonly text: string[] = [];
  private readonly json: unknown[] = [];
  private before = '';
  private snapshot: ReturnType<CuisineGame['snapshot']> | null = null;
  private game: CuisineGame | null = null;

  constructor(private readonly asJson: boolean) {}

  step(game: CuisineGame, s: KitchenStepEvent): void {
    if (this.game === null) {
      // The first report comes after step 1: the state before it is the fresh game's, rebuilt from its settings.
      const fresh = game.clone();
      fresh.reset(game.seed);
      this.remember(fresh);
    }
    this.game = game;
    if (this.asJson) this.json.push({ state: this.snapshot, commands: s.commands, feedback: s.feedback, completed: s.completed, expired: s.expired });
    else {
      this.text.push(`${this.before}-action:\n${s.commands.join('\n')}\n`);
      if (s.feedback.length > 0) this.text.push(`-execution error messages:\n  --  ${s.feedback.join(' | ')}\n`);
      if (s.completed.length > 0) this.text.push(`-served: ${s.completed.join(', ')}\n`);
      if (s.expired.length > 0) this.text.push(`-expired: ${s.expired.join(', ')}\n`);
    }
    this.remember(game);
  }

  private remember(game: CuisineGame): void {
    if (this.asJson) this.snapshot = game.snapshot();
    else this.before = stateText(game);
  }

  finish(extra: Record<string, unknown> = {}): string {
    const game = this.game;
    if (!game) throw new InternalError('the episode ended before its first step');
    const result = cuisineOrderCounts(game);
    if (this.asJson) return JSON.stringify({ steps: this.json, final: this.snapshot, result, ...extra }, null, 2);
    this.text.push(this.before);
    this.text.push(`completed ${result.completed}, expired ${result.expired}, still open ${result.open}`);
    return this.text.join('\n');
  }
}
