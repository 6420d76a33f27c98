/**
 * `guildcraft cuisine cos|play`: CuisineWorld (MindAgent) collaboration scores and episode traces with the built-in
 * dispatchers. The actions are exported as functions returning the text they print, so tests can call them directly.
 */
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import { InputError } from '../../core/errors.js';
import {
  ALPHAS,
  CuisineGame,
  DEFAULT_ALPHA,
  HeuristicDispatcher,
  LEVEL_NAMES,
  RandomDispatcher,
  getLevel,
  measureCosSync,
  runEpisodeSync,
  stateText,
  type CosResult,
  type Dispatcher,
  type RuleSet,
} from '../../env/cuisine/index.js';
import { parsePositiveInt } from '../parse.js';

export interface CosFlags {
  level: string;
  agents: string;
  dispatcher: string;
  episodes: string;
  seed: string;
  rules: string;
  json?: boolean;
}

export interface PlayFlags {
  level: string;
  agents: string;
  dispatcher: string;
  alpha: string;
  seed: string;
  rules: string;
  json?: boolean;
}

export function registerCuisine(program: Command): void {
  const cuisine = program
    .command('cuisine')
    .description('CuisineWorld (MindAgent): collaboration scores and episode traces with built-in dispatchers')
    .exitOverride(badFlags);
  cuisine
    .command('cos')
    .description('collaboration score (mean over alpha 1.0..3.0 of completed/(completed+failed)) for a level and team size, or the full table')
    .requiredOption('--level <n|all>', 'level number 0..12, level_N, or all')
    .requiredOption('--agents <2|3|4|all>', 'team size (1..4) or all (2, 3, 4)')
    .option('--dispatcher <name>', 'heuristic or random', 'heuristic')
    .option('--episodes <n>', 'episodes per alpha', '3')
    .option('--seed <n>', 'seed of the first episode (episode k uses seed + k)', '0')
    .option('--rules <set>', 'fixed (bugs repaired) or original (MindAgent code as published)', 'fixed')
    .option('--json', 'print JSON instead of tables')
    .exitOverride(badFlags)
    .action((flags: CosFlags) => {
      console.log(cuisineCos(flags, process.stderr.isTTY === true));
    });
  cuisine
    .command('play')
    .description('play one episode and print its trace in the game text format')
    .requiredOption('--level <n>', 'level number 0..12 or level_N')
    .option('--agents <n>', 'team size (1..4)', '2')
    .option('--dispatcher <name>', 'heuristic or random', 'heuristic')
    .option('--alpha <a>', 'order pressure (benchmark: 1.0, 1.5, 2.0, 2.5, 3.0)', String(DEFAULT_ALPHA))
    .option('--seed <n>', 'episode seed', '0')
    .option('--rules <set>', 'fixed or original', 'fixed')
    .option('--json', 'print the trace as JSON')
    .exitOverride(badFlags)
    .action((flags: PlayFlags) => {
      console.log(cuisinePlay(flags));
    });
}

/** Commander's own parse errors (unknown option, missing value) become InputErrors, so the exit code is 2. */
function badFlags(err: { exitCode: number; message: string }): never {
  if (err.exitCode === 0) process.exit(0); // --help, --version
  throw new InputError(err.message.replace(/^error: /, ''), 'see guildcraft cuisine <cos|play> --help');
}

function parseLevels(value: string): string[] {
  if (value === 'all') return [...LEVEL_NAMES];
  const name = /^\d+$/.test(value) ? `level_${value}` : value;
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

function parseDispatcher(value: string): (seed: number) => Dispatcher {
  if (value === 'heuristic') return () => new HeuristicDispatcher();
  if (value === 'random') return (seed) => new RandomDispatcher(seed);
  throw new InputError(`--dispatcher must be heuristic or random, got '${value}'`, 'pass --dispatcher heuristic');
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
export function cuisineCos(flags: CosFlags, progress = false): string {
  const levels = parseLevels(flags.level);
  const teams = parseAgents(flags.agents);
  const make = parseDispatcher(flags.dispatcher);
  const episodes = parsePositiveInt(flags.episodes, '--episodes');
  const seed = parseSeed(flags.seed);
  const rules = parseRules(flags.rules);
  const cells = levels.length * teams.length;
  const bar = progress && cells > 1 ? new cliProgress.SingleBar({ stream: process.stderr, clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(cells * ALPHAS.length * episodes, 0);
  const results: CosResult[] = [];
  try {
    for (const level of levels) {
      for (const agents of teams) {
        results.push(
          measureCosSync({ level, agents, dispatcher: () => make(seed), episodes, seed, rules, onEpisode: () => bar?.increment() }),
        );
      }
    }
  } finally {
    bar?.stop();
  }
  if (flags.json) return JSON.stringify(cells === 1 ? results[0] : results, null, 2);
  return cells === 1 ? formatOne(results[0]!) : formatTables(results, teams, levels);
}

function formatOne(r: CosResult): string {
  const lines = [`${r.level}, ${r.agents} agents, ${r.dispatcher} dispatcher, ${r.episodes} episodes per alpha, ${r.rules} rules`];
  lines.push('alpha  interval  completed  failed  open  rate');
  for (const a of r.alphas) {
    lines.push(
      `${a.alpha.toFixed(1).padEnd(5)}  ${String(a.interval).padStart(8)}  ${String(a.completed).padStart(9)}  ${String(a.failed).padStart(6)}  ${String(a.open).padStart(4)}  ${a.rate.toFixed(3)}`,
    );
  }
  lines.push(`CoS ${r.cos.toFixed(3)}`);
  return lines.join('\n');
}

/** One table per team size, like the paper's Tables 4–6: rows tau_1..tau_5 as completed/(completed+failed), then CoS. */
function formatTables(results: CosResult[], teams: number[], levels: string[]): string {
  const out: string[] = [];
  const short = (l: string) => l.replace('level_', 'L');
  for (const agents of teams) {
    const row = results.filter((r) => r.agents === agents);
    const head = [`${agents} agents`.padEnd(8), ...levels.map((l) => short(l).padStart(7)), '   mean'];
    out.push(head.join(' '));
    ALPHAS.forEach((alpha, i) => {
      const cells = row.map((r) => {
        const a = r.alphas[i]!;
        return `${a.completed}/${a.completed + a.failed}`.padStart(7);
      });
      const mean = row.reduce((s, r) => s + r.alphas[i]!.rate, 0) / row.length;
      out.push([`tau${i + 1} a=${alpha.toFixed(1)}`.padEnd(8), ...cells, mean.toFixed(3).padStart(7)].join(' '));
    });
    const mean = row.reduce((s, r) => s + r.cos, 0) / row.length;
    out.push(['CoS'.padEnd(8), ...row.map((r) => r.cos.toFixed(3).padStart(7)), mean.toFixed(3).padStart(7)].join(' '));
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** The `cuisine play` action: one episode's trace. */
export function cuisinePlay(flags: PlayFlags): string {
  const levels = parseLevels(flags.level);
  if (levels.length !== 1) throw new InputError('play needs one level', 'pass for example --level 3');
  const agents = parseAgents(flags.agents);
  if (agents.length !== 1) throw new InputError('play needs one team size', 'pass for example --agents 3');
  const make = parseDispatcher(flags.dispatcher);
  const alpha = Number(flags.alpha);
  if (!(alpha > 0)) throw new InputError(`--alpha must be a positive number, got '${flags.alpha}'`, 'pass for example --alpha 2.0');
  const seed = parseSeed(flags.seed);
  const rules = parseRules(flags.rules);
  const game = new CuisineGame({ level: getLevel(levels[0]!, rules), agents: agents[0]!, alpha, seed, rules });
  const text: string[] = [];
  const json: unknown[] = [];
  let before = stateText(game);
  let snapshot = game.snapshot();
  const result = runEpisodeSync(game, make(seed), {
    onStep: (g, s) => {
      if (flags.json) json.push({ state: snapshot, commands: s.commands, feedback: s.result.feedback, completed: s.result.completed, expired: s.result.expired });
      else {
        text.push(`${before}-action:\n${s.commands.join('\n')}\n`);
        if (s.result.feedback.length > 0) text.push(`-execution error messages:\n  --  ${s.result.feedback.join(' | ')}\n`);
        if (s.result.completed.length > 0) text.push(`-served: ${s.result.completed.join(', ')}\n`);
        if (s.result.expired.length > 0) text.push(`-expired: ${s.result.expired.join(', ')}\n`);
      }
      before = stateText(g);
      snapshot = g.snapshot();
    },
  });
  if (flags.json) return JSON.stringify({ steps: json, final: snapshot, result }, null, 2);
  text.push(before);
  text.push(`completed ${result.completed}, expired ${result.expired}, still open ${result.open}`);
  return text.join('\n');
}
