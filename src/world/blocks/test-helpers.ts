/** Shared set-up for the block-rule tests: a classic flat world (surface players stand at y = -60). */
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import type { Player } from '../entities/entity.js';

export const flatWorld = (): World => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

/** A player standing on the flat surface at (0.5, -60, 0.5), settled onto the ground, holding `held`. */
export function standingPlayer(world: World, held: string | null = null, name = 'alex'): Player {
  const p = joinPlayer(world, name, { x: 0.5, y: -60, z: 0.5 });
  world.run(2);
  if (held) {
    p.inventory.slots[0] = { name: held, count: 1 };
    p.inventory.selected = 0;
  }
  return p;
}
