/**
 * Building a structure together, bottom layer first: S-Agents' 5x5 shelter (foundation, walls with a
 * door, roof) and MineLand's blueprints are both turned into layers of (position, acceptable blocks).
 * Each layer's positions are split among the agents by the matching blocks they carry, in proportion
 * to what each holds; the next layer starts once every builder of the current one has reported back.
 * Doors are placed by whoever carries one once the floor under them exists.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { GoalOf } from '../../tasks/spec.js';
import { shelterParts } from '../../tasks/goals/shelter.js';

export interface BuildCell {
  pos: Vec3;
  /** Blocks that satisfy the goal here, preferred first. */
  blocks: string[];
}

export interface LayeredStructure {
  layers: BuildCell[][];
  /** Bottom cell of a door, if the structure has one. */
  door: Vec3 | null;
}

export function shelterStructure(g: GoalOf<'shelter'>): LayeredStructure {
  const parts = shelterParts(g);
  // The door goes in the middle of the first wall side, so it is never in a corner.
  const door = g.door ? (parts.doorColumns[Math.floor(parts.doorColumns.length / 2) - 1] ?? parts.doorColumns[0] ?? null) : null;
  const isDoorCell = (p: Vec3): boolean => door !== null && p.x === door.x && p.z === door.z && (p.y === door.y || p.y === door.y + 1);
  const byY = new Map<number, BuildCell[]>();
  const push = (p: Vec3, blocks: string[]): void => {
    const list = byY.get(p.y) ?? [];
    list.push({ pos: p, blocks });
    byY.set(p.y, list);
  };
  for (const p of parts.foundation) push(p, g.foundation);
  for (const p of parts.walls) if (!isDoorCell(p)) push(p, g.walls);
  for (const p of parts.roof) push(p, g.roof);
  return { layers: [...byY.keys()].sort((a, b) => a - b).map((y) => byY.get(y)!), door };
}

export function blueprintStructure(g: GoalOf<'blueprint'>): LayeredStructure {
  const layers: BuildCell[][] = [];
  g.layers.forEach((rows, dy) => {
    const cells: BuildCell[] = [];
    rows.forEach((row, dz) => {
      [...row].forEach((ch, dx) => {
        const block = g.palette[ch];
        if (block) cells.push({ pos: { x: g.origin.x + dx, y: g.origin.y + dy, z: g.origin.z + dz }, blocks: [block] });
      });
    });
    if (cells.length > 0) layers.push(cells);
  });
  return { layers, door: null };
}

/**
 * Splits a layer among agents by what they carry: each cell goes to an agent holding one of its
 * blocks, the one with most of that block left. Returns agent -> cells with the block each will use,
 * and the cells nobody can fill.
 */
export function splitLayer(cells: readonly BuildCell[], inventories: Readonly<Record<string, Record<string, number>>>): { work: Map<string, { pos: Vec3; block: string }[]>; unfilled: BuildCell[] } {
  const stock = new Map(Object.entries(inventories).map(([a, inv]) => [a, { ...inv }]));
  const work = new Map<string, { pos: Vec3; block: string }[]>();
  const unfilled: BuildCell[] = [];
  for (const cell of cells) {
    let best: { agent: string; block: string; left: number } | null = null;
    for (const block of cell.blocks) {
      for (const [agent, inv] of stock) {
        const left = inv[block] ?? 0;
        // Spread the work: the fuller stock wins, counting what is already assigned.
        const score = left - (work.get(agent)?.length ?? 0) * 0.5;
        if (left > 0 && (!best || score > best.left)) best = { agent, block, left: score };
      }
      if (best) break;
    }
    if (!best) {
      unfilled.push(cell);
      continue;
    }
    const inv = stock.get(best.agent)!;
    inv[best.block] = (inv[best.block] ?? 0) - 1;
    const list = work.get(best.agent) ?? [];
    list.push({ pos: cell.pos, block: best.block });
    work.set(best.agent, list);
  }
  return { work, unfilled };
}
