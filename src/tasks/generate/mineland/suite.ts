/**
 * The MineLand benchmark suite, generated on the fly from minecraft-data through the world Registry:
 * programmatic families (harvest, tech tree, combat, survival) and hybrid ones (construction,
 * stage performance), with agent count and cooperative/competitive mode as parameters.
 * Thousands of tasks, so they are computed rather than stored; suites/mineland/ keeps a few examples.
 */
import { DEFAULT_VERSION, Registry } from '../../../world/registry.js';
import type { RawTaskSpec } from '../../spec.js';
import { combatTasks } from './combat.js';
import { constructionTasks } from './construction.js';
import { harvestTasks } from './harvest.js';
import { checkParams, DEFAULT_PARAMS, type MineLandParams } from './layout.js';
import { stagePerformanceTasks } from './stage-performance.js';
import { survivalTasks } from './survival.js';
import { techTreeTasks } from './tech-tree.js';

export const MINELAND_FAMILIES = ['harvest', 'tech_tree', 'combat', 'survival', 'construction', 'stage_performance'] as const;
export type MineLandFamily = (typeof MINELAND_FAMILIES)[number];

export interface MineLandSuiteOptions extends Partial<MineLandParams> {
  /** Only these families (default: all). */
  families?: readonly MineLandFamily[];
  /** Minecraft version whose facts define the items (default 1.20.4). */
  version?: string;
}

export interface MineLandTask {
  family: MineLandFamily;
  spec: RawTaskSpec & { id: string };
}

export function mineLandFamily(family: MineLandFamily, params: MineLandParams, registry: Registry): RawTaskSpec[] {
  switch (family) {
    case 'harvest':
      return harvestTasks(registry, params);
    case 'tech_tree':
      return techTreeTasks(registry, params);
    case 'combat':
      return combatTasks(params);
    case 'survival':
      return survivalTasks(params);
    case 'construction':
      return constructionTasks(registry, params);
    case 'stage_performance':
      return stagePerformanceTasks();
  }
}

export function mineLandSuite(options: MineLandSuiteOptions = {}): MineLandTask[] {
  const params: MineLandParams = { agents: options.agents ?? DEFAULT_PARAMS.agents, mode: options.mode ?? DEFAULT_PARAMS.mode };
  checkParams(params);
  const registry = Registry.get(options.version ?? DEFAULT_VERSION);
  const families = options.families ?? MINELAND_FAMILIES;
  return families.flatMap((family) => mineLandFamily(family, params, registry).map((spec) => ({ family, spec: spec as RawTaskSpec & { id: string } })));
}

/** Tasks per family for the given parameters. */
export function mineLandCounts(options: MineLandSuiteOptions = {}): Record<MineLandFamily, number> {
  const out = Object.fromEntries(MINELAND_FAMILIES.map((f) => [f, 0])) as Record<MineLandFamily, number>;
  for (const t of mineLandSuite(options)) out[t.family]++;
  return out;
}
