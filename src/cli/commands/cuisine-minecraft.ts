/**
 * `guildcraft cuisine minecraft cos`: MindAgent's collaboration score for the Minecraft kitchen. Runs the
 * `cooking_orders` suite file for the team size at alpha 1.0 .. 3.0, `--episodes` each, on the sim
 * backend with the heuristic `cooking` team, and prints completed/failed per alpha and the CoS.
 * Episode k of every alpha uses seed `seed + k` for both the world and the order stream.
 */
import { join } from 'node:path';
import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import { CookingTeam } from '../../agents/cooking/cooking-team.js';
import { InputError, InternalError } from '../../core/errors.js';
import { SimEnv } from '../../env/sim/index.js';
import { runEpisode } from '../../runner/episode.js';
import { packageRoot } from '../../tasks/package-root.js';
import { nullRunLog } from '../../runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../../runner/task-adapter.js';
import { ALPHAS, menuInterval } from '../../tasks/cooking/menu.js';
import { aggregateCos, cookingGoalOf, orderCountsOf, withOrderSettings, type CookingCosResult, type CookingEpisodeCounts } from '../../tasks/cooking/cos.js';
import { parsePositiveInt } from '../parse.js';

export interface MinecraftCosFlags {
  agents: string;
  episodes: string;
  seed: string;
  task?: string;
  maxSteps?: string;
  json?: boolean;
}

export interface MinecraftCosReport extends CookingCosResult {
  task: string;
  agents: number;
  episodes: number;
  seed: number;
  maxSteps: number;
  wallSeconds: number;
}

export function registerCuisineMinecraft(cuisine: Command): void {
  const mc = cuisine.command('minecraft').description("MindAgent's Minecraft kitchen: order streams served by agents on the sim backend");
  mc.command('cos')
    .description('collaboration score (mean over alpha 1.0..3.0 of completed/(completed+failed)) with the heuristic cooks')
    .requiredOption('--agents <n>', 'team size 1..4 (picks suites/cuisine-minecraft/orders-<n>-agent(s)-v1.yaml)')
    .option('--episodes <n>', 'episodes per alpha', '3')
    .option('--seed <n>', 'seed of the first episode (episode k uses seed + k)', '0')
    .option('--task <file>', 'another cooking_orders task file instead of the suite file')
    .option('--max-steps <n>', 'shorten every episode to this many steps')
    .option('--json', 'print JSON instead of a table')
    .action(async (flags: MinecraftCosFlags) => {
      const report = await minecraftCos(flags, process.stderr.isTTY === true);
      console.log(flags.json ? JSON.stringify(report, null, 2) : formatReport(report));
    });
}

export function suiteFileFor(agents: number): string {
  return join(packageRoot(), 'suites', 'cuisine-minecraft', `orders-${agents}-agent${agents === 1 ? '' : 's'}-v1.yaml`);
}

/** Runs the sweep; `progress` draws a bar on stderr. */
export async function minecraftCos(flags: MinecraftCosFlags, progress = false): Promise<MinecraftCosReport> {
  const agents = Number(flags.agents);
  if (!Number.isInteger(agents) || agents < 1 || agents > 4) throw new InputError(`--agents must be 1..4, got '${flags.agents}'`, 'pass for example --agents 2');
  const episodes = parsePositiveInt(flags.episodes, '--episodes');
  const seed = Number(flags.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new InputError(`--seed must be a whole number >= 0, got '${flags.seed}'`, 'pass --seed 0');
  const file = flags.task ?? suiteFileFor(agents);
  let spec = await loadSpec(file);
  if (flags.maxSteps !== undefined) spec = { ...spec, environment: { ...spec.environment, max_steps: parsePositiveInt(flags.maxSteps, '--max-steps') } };
  if (spec.agents.spawn.length !== agents) {
    throw new InputError(`${file} has ${spec.agents.spawn.length} agents, not ${agents}`, 'drop --task or make --agents match the file');
  }
  const menu = cookingGoalOf(spec).menu;
  const wall0 = performance.now();
  const bar = progress ? new cliProgress.SingleBar({ stream: process.stderr, clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(ALPHAS.length * episodes, 0);
  const runs: CookingEpisodeCounts[] = [];
  try {
    for (const alpha of ALPHAS) {
      for (let k = 0; k < episodes; k++) {
        runs.push(await cookingEpisode(withOrderSettings(spec, alpha, seed + k), alpha, seed + k));
        bar?.increment();
      }
    }
  } finally {
    bar?.stop();
  }
  return {
    task: spec.id,
    agents,
    episodes,
    seed,
    maxSteps: spec.environment.max_steps,
    wallSeconds: Math.round(performance.now() - wall0) / 1000,
    ...aggregateCos(ALPHAS, runs, (alpha) => menuInterval(menu, alpha)),
  };
}

async function cookingEpisode(spec: Parameters<typeof episodeTaskFromSpec>[0], alpha: number, seed: number): Promise<CookingEpisodeCounts> {
  const task = episodeTaskFromSpec(spec, String(seed));
  const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 20 }), task, team: new CookingTeam(), seed: String(seed), log: nullRunLog });
  if (result.error) throw new InternalError(`a cooking episode (alpha ${alpha}, seed ${seed}) ended with an error: ${result.error.message}`);
  const d = orderCountsOf(result.details);
  return { alpha, completed: d.completed, failed: d.failed, open: d.open };
}

export function formatReport(r: MinecraftCosReport): string {
  const lines = [`${r.task}: ${r.agents} cook(s), heuristic team, ${r.episodes} episode(s) per alpha, ${r.maxSteps} steps, seeds ${r.seed}..${r.seed + r.episodes - 1}`];
  lines.push('alpha  interval  completed  failed  open  rate');
  for (const a of r.alphas) {
    lines.push(`${a.alpha.toFixed(1).padEnd(5)}  ${String(a.interval).padStart(8)}  ${String(a.completed).padStart(9)}  ${String(a.failed).padStart(6)}  ${String(a.open).padStart(4)}  ${a.rate.toFixed(3)}`);
  }
  lines.push(`CoS ${r.cos.toFixed(3)}   (${r.wallSeconds.toFixed(1)} s)`);
  return lines.join('\n');
}
