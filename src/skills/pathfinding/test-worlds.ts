/** Small world builders shared by the pathfinding tests. */
import { World } from '../../world/world.js';

/** Classic superflat: grass at y = -61, so players stand at y = -60. */
export const GROUND = -60;

export const flatWorld = (): World => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

/** Fills the box between two corners (inclusive) with `block`. */
export function fill(world: World, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, block: string): void {
  for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++)
    for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++)
      for (let z = Math.min(z0, z1); z <= Math.max(z0, z1); z++) world.setBlock({ x, y, z }, block);
}
