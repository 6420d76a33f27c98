/** Small drivers shared by the body scenario tests: worlds built for a purpose and a tick loop. */
import type { Vec3 } from '../../src/core/vec3.js';
import { SkillExecutor, type FinishedSkill } from '../../src/skills/skill-executor.js';
import { simSkill } from '../../src/env/sim/skills/registry.js';
import { joinPlayer, World, type Player } from '../../src/world/index.js';

/** Superflat: grass top at y = -61, so agents stand at y = -60. */
export const GROUND = -60;

export function flatWorld(seed: string | number = 1): World {
  return new World({ seed, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 6000 });
}

export function fill(world: World, a: Vec3, b: Vec3, block: string): void {
  for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x++)
    for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y++)
      for (let z = Math.min(a.z, b.z); z <= Math.max(a.z, b.z); z++) world.setBlock({ x, y, z }, block);
}

export interface Agent {
  player: Player;
  exec: SkillExecutor;
}

/** Joins an agent standing on the ground at block column (x, z) with the given items. */
export function agent(world: World, name: string, x: number, z: number, items: Record<string, number> = {}, omniscient = false): Agent {
  const player = joinPlayer(world, name, { x: x + 0.5, y: GROUND, z: z + 0.5 });
  for (const [item, count] of Object.entries(items)) player.inventory.add({ name: item, count });
  return { player, exec: new SkillExecutor(world, player, simSkill, { omniscient }) };
}

/**
 * Starts a skill and steps the world until it finishes (or `maxTicks` pass, which fails the test).
 * Returns the finished record; `ticks` is how long it ran.
 */
export function run(world: World, a: Agent, name: string, params: unknown, maxTicks = 4000): FinishedSkill {
  const started = a.exec.start(name, params);
  if (!started.ok) throw new Error(`${name} did not start: ${started.reason}: ${started.details}`);
  for (let t = 0; t <= maxTicks; t++) {
    const done = a.exec.tick();
    if (done) return done;
    world.step();
  }
  throw new Error(`${name} still running after ${maxTicks} ticks`);
}

/** Steps several agents' executors together until every one has finished. */
export function runAll(world: World, agents: Agent[], maxTicks = 4000): void {
  for (let t = 0; t <= maxTicks; t++) {
    let busy = false;
    for (const a of agents) {
      a.exec.tick();
      if (a.exec.running) busy = true;
    }
    if (!busy) return;
    world.step();
  }
  throw new Error(`skills still running after ${maxTicks} ticks`);
}
