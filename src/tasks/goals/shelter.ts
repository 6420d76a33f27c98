/**
 * S-Agents' collective shelter: a foundation, walls with a door, and a roof, each checked against
 * its positions. Foundation: the width x depth floor at origin.y. Walls: the ring around it from
 * origin.y+1 up `wall_height` blocks (door blocks count as wall). Door: a door in the walls' bottom
 * row, not in a corner. Roof: the width x depth layer on top of the walls. Score: the mean of the
 * parts' completion; success when every part is complete.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { GoalOf } from '../spec/goals.js';
import { mean, type GoalContext, type GoalEvaluator, type GoalResult } from './goal-evaluator.js';

export type ShelterGoal = GoalOf<'shelter'>;

const isDoor = (name: string) => name.endsWith('_door') && !name.endsWith('trapdoor');

/** Positions of each part of the shelter. */
export function shelterParts(g: ShelterGoal): { foundation: Vec3[]; walls: Vec3[]; roof: Vec3[]; doorColumns: Vec3[] } {
  const { x: x0, y: y0, z: z0 } = g.origin;
  const x1 = x0 + g.width - 1;
  const z1 = z0 + g.depth - 1;
  const layer = (y: number) => {
    const out: Vec3[] = [];
    for (let x = x0; x <= x1; x++) for (let z = z0; z <= z1; z++) out.push({ x, y, z });
    return out;
  };
  const ring = (y: number) => layer(y).filter((p) => p.x === x0 || p.x === x1 || p.z === z0 || p.z === z1);
  const walls: Vec3[] = [];
  for (let dy = 1; dy <= g.wall_height; dy++) walls.push(...ring(y0 + dy));
  const corner = (p: Vec3) => (p.x === x0 || p.x === x1) && (p.z === z0 || p.z === z1);
  return { foundation: layer(y0), walls, roof: layer(y0 + g.wall_height + 1), doorColumns: ring(y0 + 1).filter((p) => !corner(p)) };
}

export class ShelterEvaluator implements GoalEvaluator {
  private readonly parts: ReturnType<typeof shelterParts>;

  constructor(private readonly goal: ShelterGoal) {
    this.parts = shelterParts(goal);
  }

  evaluate(ctx: GoalContext): GoalResult {
    const at = (p: Vec3) => ctx.admin.blockAt(p);
    const share = (cells: Vec3[], ok: (name: string) => boolean) => cells.filter((p) => ok(at(p))).length / cells.length;
    const foundation = share(this.parts.foundation, (n) => this.goal.foundation.includes(n));
    const walls = share(this.parts.walls, (n) => this.goal.walls.includes(n) || isDoor(n));
    const roof = share(this.parts.roof, (n) => this.goal.roof.includes(n));
    const doorAt = this.parts.doorColumns.find((p) => isDoor(at(p)) && (this.goal.wall_height < 2 || isDoor(at({ ...p, y: p.y + 1 }))));
    const parts: Record<string, number> = { foundation, walls, roof };
    if (this.goal.door) parts.door = doorAt ? 1 : 0;
    const values = Object.values(parts);
    return { success: values.every((v) => v >= 1), failed: false, score: mean(values), details: { parts, door: doorAt ?? null } };
  }
}
