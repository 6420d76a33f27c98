/**
 * A society's progress: a hut on every household's plot, and items the society holds.
 *
 * On natural terrain a plot's ground height depends on the seed, so a hut is looked for at any
 * height near its plot: the heights where one of the hut's bottom-layer blocks stands in its column
 * are the candidates, and the hut scores the share of its blocks in place at the best of them. A
 * height found for a finished hut is kept and checked first next time, so a settlement of a hundred
 * huts costs a few thousand block reads per evaluation.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { GoalOf } from '../spec/goals.js';
import { clamp01, mean, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';
import { addCounts, inventoriesOf, itemProgress, type Counts } from './item-progress.js';

/** How far below and above a plot's given height a hut is looked for. */
export const HUT_SEARCH_BELOW = 32;
export const HUT_SEARCH_ABOVE = 48;
/** Bottom-layer cells whose columns give the candidate heights (one may be missing, or an agent stood there). */
const ANCHORS = 3;

export interface HutCell {
  dx: number;
  dy: number;
  dz: number;
  block: string;
}

/** The hut's blocks relative to its low corner: layers bottom-up, rows along +z, characters along +x; `.` and spaces are not blocks. */
export function hutCells(hut: GoalOf<'settlement'>['hut']): HutCell[] {
  const cells: HutCell[] = [];
  hut.layers.forEach((layer, dy) =>
    layer.forEach((row, dz) =>
      [...row].forEach((ch, dx) => {
        const block = hut.palette[ch];
        if (ch !== '.' && ch !== ' ' && block !== undefined) cells.push({ dx, dy, dz, block });
      }),
    ),
  );
  return cells;
}

export class SettlementEvaluator implements GoalEvaluator {
  private readonly cells: HutCell[];
  private readonly anchors: HutCell[];
  /** Plot index -> the height its hut was last found complete at. */
  private readonly found = new Map<number, number>();

  constructor(private readonly goal: GoalOf<'settlement'>) {
    this.cells = hutCells(goal.hut);
    const lowest = Math.min(...this.cells.map((c) => c.dy));
    this.anchors = this.cells.filter((c) => c.dy === lowest).slice(0, ANCHORS);
  }

  evaluate(ctx: GoalContext): GoalResult {
    const plots = this.goal.plots ?? [];
    const accuracy = plots.map((p, i) => this.plotAccuracy(ctx, p.position, i));
    const built = accuracy.filter((a) => a >= this.goal.hut_threshold).length;
    const total: Counts = {};
    for (const inv of inventoriesOf(ctx).values()) addCounts(total, inv);
    const items = this.goal.items.length > 0 ? itemProgress(total, this.goal.items) : null;
    const hutScore = plots.length === 0 ? 0 : mean(accuracy);
    const score = items ? (hutScore + items.score) / 2 : hutScore;
    const hutsMet = plots.length > 0 && built / plots.length >= this.goal.threshold;
    const chatLines = ctx.log.behaviours.reduce((n, b) => n + (b.action === 'chat' ? 1 : 0), 0);
    return {
      success: hutsMet && (items?.met ?? true),
      failed: false,
      score: clamp01(score),
      details: { huts: built, plots: plots.length, hutAccuracy: hutScore, ...(items ? { items: items.items } : {}), chatLines },
    };
  }

  /** The share of the hut's blocks in place on plot `i`, at the height where most are. */
  private plotAccuracy(ctx: GoalContext, corner: Vec3, i: number): number {
    if (this.cells.length === 0) return 1;
    const known = this.found.get(i);
    if (known !== undefined) {
      const a = this.accuracyAt(ctx, corner, known);
      if (a >= this.goal.hut_threshold) return a;
      this.found.delete(i);
    }
    const heights = new Set<number>();
    for (const c of this.anchors) {
      for (let y = corner.y - HUT_SEARCH_BELOW; y <= corner.y + HUT_SEARCH_ABOVE; y++) {
        if (ctx.admin.blockAt({ x: corner.x + c.dx, y: y + c.dy, z: corner.z + c.dz }) === c.block) heights.add(y);
      }
    }
    let best = 0;
    let bestY = corner.y;
    for (const y of heights) {
      const a = this.accuracyAt(ctx, corner, y);
      if (a > best || (a === best && y < bestY)) {
        best = a;
        bestY = y;
      }
    }
    if (best >= this.goal.hut_threshold) this.found.set(i, bestY);
    return best;
  }

  private accuracyAt(ctx: GoalContext, corner: Vec3, y: number): number {
    let ok = 0;
    for (const c of this.cells) if (ctx.admin.blockAt({ x: corner.x + c.dx, y: y + c.dy, z: corner.z + c.dz }) === c.block) ok++;
    return ok / this.cells.length;
  }
}
