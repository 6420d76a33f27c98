/**
 * The goal-kind table: one object per `task.success` type (its schema, its evaluator, the names it
 * refers to, the work it asks for), the built-in kinds and user plugin kinds (`--plugin ./x.js`, a
 * task file's `plugins:`) registered the same way. The task schema parses a goal with its kind's
 * schema and the runtime builds its evaluator from here, so a new goal type is one module, not six
 * edits in the package (kind-table.ts holds the registration rules). Built-in kinds keep their name and workload rules in names.ts and
 * difficulty.ts (switches the compiler checks against the built-in union); plugin kinds bring theirs.
 */
import type { z } from 'zod';
import { CookingOrdersEvaluator } from '../cooking/cooking-orders-evaluator.js';
import { KindTable } from '../kind-table.js';
import type { NameRef } from '../names.js';
import {
  allSurviveGoalSchema,
  blueprintGoalSchema,
  chestContainsGoalSchema,
  choiceGoalSchema,
  collectionGoalSchema,
  combatGoalSchema,
  cookingOrdersGoalSchema,
  creativeGoalSchema,
  harvestGoalSchema,
  killBossGoalSchema,
  settlementGoalSchema,
  shelterGoalSchema,
  stagePerformanceGoalSchema,
  surviveDaysGoalSchema,
  teamInventoryGoalSchema,
  techTreeGoalSchema,
  type GoalOf,
  type GoalType,
} from '../spec/goals.js';
import { AllSurviveEvaluator } from './all-survive.js';
import { BlueprintEvaluator } from './blueprint.js';
import { ChestContainsEvaluator } from './chest-contains.js';
import { ChoiceEvaluator } from './choice.js';
import { CollectionEvaluator } from './collection.js';
import { CombatEvaluator } from './combat.js';
import { CreativeEvaluator } from './creative.js';
import type { GoalEvaluator } from './goal-evaluator.js';
import { HarvestEvaluator } from './harvest.js';
import { KillBossEvaluator } from './kill-boss.js';
import { SettlementEvaluator } from './settlement.js';
import { ShelterEvaluator } from './shelter.js';
import { StagePerformanceEvaluator } from './stage-performance.js';
import { SurviveDaysEvaluator } from './survive-days.js';
import { TeamInventoryEvaluator } from './team-inventory.js';
import { TechTreeEvaluator } from './tech-tree.js';

/**
 * Work one agent would do alone to meet a goal, for the difficulty metric N (TickingCollab §2.2):
 * blocks to mine (and place), enemy health to deal, blocks to place.
 */
export type Workload = { kind: 'mine'; blocks: string[]; count: number; place: boolean } | { kind: 'damage'; hp: number } | { kind: 'place'; count: number };

/** The shape of a schema the table needs: anything with zod's `safeParse` (a plugin may bring its own zod). */
export type GoalSchema<G> = Pick<z.ZodType<G>, 'safeParse'>;

export interface GoalKind<G extends { type: string } = { type: string }> {
  readonly kind: 'goal';
  /** The `type:` a task file writes. Plugin kinds are namespaced `plugin:name`, so they never clash with a built-in. */
  readonly type: G['type'];
  /** Validates one goal object (with its `type`) and fills its defaults. */
  readonly schema: GoalSchema<G>;
  /** A fresh evaluator for one episode; `episodeSeed` is for goals that draw random streams. */
  evaluator(goal: G, episodeSeed: number | string): GoalEvaluator;
  /** Names the goal refers to, checked when the task loads (`guildcraft validate`). */
  names?(goal: G): NameRef[];
  /** Solo work for the difficulty metric N; none when absent. */
  workload?(goal: G): Workload[];
}

/** Types a goal kind's fields so a plugin module gets checked: `export default defineGoalKind({...})`. */
export function defineGoalKind<G extends { type: string }>(kind: Omit<GoalKind<G>, 'kind'>): GoalKind<G> {
  return { kind: 'goal', ...kind };
}

function builtin<T extends GoalType>(type: T, schema: GoalSchema<GoalOf<T>>, evaluator: (goal: GoalOf<T>, episodeSeed: number | string) => GoalEvaluator): GoalKind {
  return defineGoalKind<GoalOf<T>>({ type: type as GoalOf<T>['type'], schema, evaluator }) as unknown as GoalKind;
}

/** Every goal kind: the built-in ones, then plugin kinds (`registerGoalKind`). */
export const GOAL_KINDS = new KindTable<GoalKind>('goal', ['evaluator'], 'docs/add-a-task.md', () => [
  builtin('chest_contains', chestContainsGoalSchema, (g) => new ChestContainsEvaluator(g)),
  builtin('team_inventory_contains', teamInventoryGoalSchema, (g) => new TeamInventoryEvaluator(g)),
  builtin('harvest', harvestGoalSchema, (g) => new HarvestEvaluator(g)),
  builtin('tech_tree', techTreeGoalSchema, (g) => new TechTreeEvaluator(g)),
  builtin('combat', combatGoalSchema, (g) => new CombatEvaluator(g)),
  builtin('kill_boss', killBossGoalSchema, (g) => new KillBossEvaluator(g)),
  builtin('all_survive', allSurviveGoalSchema, (g) => new AllSurviveEvaluator(g)),
  builtin('survive_days', surviveDaysGoalSchema, (g) => new SurviveDaysEvaluator(g)),
  builtin('blueprint', blueprintGoalSchema, (g) => new BlueprintEvaluator(g)),
  builtin('settlement', settlementGoalSchema, (g) => new SettlementEvaluator(g)),
  builtin('shelter', shelterGoalSchema, (g) => new ShelterEvaluator(g)),
  builtin('collection', collectionGoalSchema, (g) => new CollectionEvaluator(g)),
  builtin('stage_performance', stagePerformanceGoalSchema, (g) => new StagePerformanceEvaluator(g)),
  builtin('choice', choiceGoalSchema, (g) => new ChoiceEvaluator(g)),
  builtin('creative', creativeGoalSchema, (g) => new CreativeEvaluator(g)),
  builtin('cooking_orders', cookingOrdersGoalSchema, (g, seed) => new CookingOrdersEvaluator(g, seed)),
]);

/** Adds a plugin goal kind (what `--plugin` and a task's `plugins:` do for each goal kind a module exports). */
export function registerGoalKind(kind: GoalKind<{ type: string }>): void {
  GOAL_KINDS.register(kind);
}

export function goalKind(type: string): GoalKind | undefined {
  return GOAL_KINDS.get(type);
}

export function goalTypes(): string[] {
  return GOAL_KINDS.types();
}
