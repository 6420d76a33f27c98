// Plans a way around a wall and walks it with the world's own movement, tick by tick (docs/pathfinding.md).
import { World, joinPlayer } from '../src/world/index.js';
const world = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
for (let x = -2; x <= 2; x++) for (const y of [-60, -59]) world.setBlock({ x, y, z: 4 }, 'stone'); // a wall across the way
const player = joinPlayer(world, 'alex', { x: 0.5, y: -60, z: 0.5 });
const orePos = { x: 0, y: -60, z: 12 };
const blockOf = (p: { x: number; y: number; z: number }) => ({ x: Math.floor(p.x), y: Math.floor(p.y + 1e-3), z: Math.floor(p.z) });
world.step();

// #region doc
import { findPath, goalNear, PathFollower } from '../src/skills/pathfinding/index.js';

const r = findPath(world, blockOf(player.pos), goalNear(orePos, 4), { canDig: true });
if (!r.ok) throw new Error(`${r.reason}: ${r.details}`); // 'no_path' | 'budget_exhausted'
const follower = new PathFollower(player, r.path);
for (let tick = 0; ; tick++) { // each tick, before world.step():
  const status = follower.tick();
  if (status === 'arrived' || status === 'stuck') { console.log(status, 'after', tick, 'ticks'); break; } // stuck: plan again
  if (status === 'needs_action') follower.actionDone(); // dig or place what the step needs first, then go on
  world.step();
}
// #endregion doc
