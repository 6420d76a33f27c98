/**
 * MineLand construction, scored block by block: the share of blueprint positions whose block in the
 * world is the one the blueprint asks for (air where it says `.`; spaces are not checked).
 * Layers go up from `origin.y`; rows go along +z; characters along +x.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { GoalOf } from '../spec/goals.js';
import type { GoalContext, GoalEvaluator, GoalResult } from './goal-evaluator.js';

export interface BlueprintCell {
  pos: Vec3;
  /** `air` for `.` */
  block: string;
}

export function blueprintCells(goal: GoalOf<'blueprint'>): BlueprintCell[] {
  const cells: BlueprintCell[] = [];
  goal.layers.forEach((layer, dy) =>
    layer.forEach((row, dz) =>
      [...row].forEach((ch, dx) => {
        if (ch === ' ') return;
        const block = ch === '.' ? 'air' : goal.palette[ch];
        if (block !== undefined) cells.push({ pos: { x: goal.origin.x + dx, y: goal.origin.y + dy, z: goal.origin.z + dz }, block });
      }),
    ),
  );
  return cells;
}

const isAir = (name: string) => name === 'air' || name === 'cave_air' || name === 'void_air';

export class BlueprintEvaluator implements GoalEvaluator {
  private readonly cells: BlueprintCell[];

  constructor(private readonly goal: GoalOf<'blueprint'>) {
    this.cells = blueprintCells(goal);
  }

  evaluate(ctx: GoalContext): GoalResult {
    let correct = 0;
    const wrong: { pos: Vec3; want: string; got: string }[] = [];
    for (const c of this.cells) {
      const got = ctx.admin.blockAt(c.pos);
      if (got === c.block || (c.block === 'air' && isAir(got))) correct++;
      else if (wrong.length < 20) wrong.push({ pos: c.pos, want: c.block, got });
    }
    const accuracy = this.cells.length === 0 ? 1 : correct / this.cells.length;
    return { success: accuracy >= this.goal.threshold, failed: false, score: accuracy, details: { correct, total: this.cells.length, accuracy, firstWrong: wrong } };
  }
}
