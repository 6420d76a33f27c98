/** Counting required items in inventories and chests, shared by the item goals. */
import type { GoalContext } from './goal-evaluator.js';
import { clamp01, mean } from './goal-evaluator.js';
import { requirementLabel, requirementNames, type ItemRequirement } from '../spec/common.js';

export type Counts = Record<string, number>;

export interface ItemProgress {
  score: number;
  met: boolean;
  items: { item: string; have: number; need: number }[];
}

export function addCounts(into: Counts, more: Counts | null | undefined): Counts {
  for (const [k, v] of Object.entries(more ?? {})) into[k] = (into[k] ?? 0) + v;
  return into;
}

/** Score = mean over requirements of min(1, have / need); met when every requirement is. */
export function itemProgress(counts: Counts, reqs: readonly ItemRequirement[]): ItemProgress {
  const items = reqs.map((r) => ({ item: requirementLabel(r), have: requirementNames(r).reduce((n, name) => n + (counts[name] ?? 0), 0), need: r.count }));
  return { score: mean(items.map((i) => clamp01(i.have / i.need))), met: items.every((i) => i.have >= i.need), items };
}

export function inventoriesOf(ctx: GoalContext): Map<string, Counts> {
  const out = new Map<string, Counts>();
  for (const p of ctx.admin.players()) if (ctx.agents.includes(p.name)) out.set(p.name, p.inventory);
  return out;
}

export function chestTotals(ctx: GoalContext): Counts {
  const total: Counts = {};
  for (const pos of ctx.chests) addCounts(total, ctx.admin.chestContents(pos));
  return total;
}
