/**
 * Despawning (wiki "Spawn" § Despawning; vanilla Mob.checkDespawn):
 * - on peaceful every hostile mob leaves at once (task bosses excepted: a task that spawns a boss on
 *   peaceful means it);
 * - a non-persistent hostile farther than 128 blocks from every player leaves at once; one farther than
 *   32 blocks leaves with chance 1/800 per tick.
 * With no player in the world nothing despawns by distance (vanilla measures to the nearest player).
 * Passive mobs never despawn (vanilla animals do not). The distance test runs once a second per mob
 * (staggered by id) with the per-tick chance compounded over the 20 ticks, so the cost is 1/20 of a
 * neighbourhood query per mob per tick.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { MobEntity } from '../entities/entity.js';
import { SPAWNING } from '../facts/mobs.js';
import type { Rng } from '../rng.js';
import type { World } from '../world.js';

export const DESPAWN_CHECK_INTERVAL = 20;
/** Chance that at least one of 20 per-tick 1/800 rolls succeeds. */
const CHANCE_PER_CHECK = 1 - (1 - SPAWNING.despawnChancePerTick) ** DESPAWN_CHECK_INTERVAL;

export function despawnMobs(world: World, rng: Rng): void {
  const peaceful = world.difficulty === 'peaceful';
  // Vanilla only despawns relative to a nearest player: a world without players keeps its mobs.
  const anyPlayer = world.players.size > 0;
  for (const e of world.mobEntities.values()) {
    if (e.removed || e.dead || !e.hostile) continue;
    if (peaceful && !e.tags.includes('boss')) {
      world.removeEntity(e, 'despawned');
      continue;
    }
    if (!anyPlayer || e.persistent || (world.tick + e.id) % DESPAWN_CHECK_INTERVAL !== 0) continue;
    if (shouldDespawn(world, e, rng)) world.removeEntity(e, 'despawned');
  }
}

function shouldDespawn(world: World, mob: MobEntity, rng: Rng): boolean {
  if (anyPlayerWithin(world, mob.pos, SPAWNING.despawnRandom)) return false;
  if (!anyPlayerWithin(world, mob.pos, SPAWNING.despawnImmediate)) return true;
  return rng.chance(CHANCE_PER_CHECK);
}

/**
 * Whether any player's feet are within `radius` of `p` (what `nearPlayers(p, radius).length > 0`
 * says, without building and sorting the list: among 10,000 agents a 32-block circle holds ~200).
 */
function anyPlayerWithin(world: World, p: Vec3, radius: number): boolean {
  let found = false;
  world.index.forEachNearPlayer(p, radius, () => {
    found = true;
  });
  return found;
}
