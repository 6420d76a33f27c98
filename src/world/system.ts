import type { World } from './world.js';

/**
 * A rule of the world, run once per tick in a fixed order (see systems.ts).
 * Systems keep their own state in closures or on entities; they draw randomness from
 * `world.rng(name)` and never from Math.random.
 */
export interface WorldSystem {
  readonly name: string;
  tick(world: World): void;
  /** Optional: called once when the world is built, before any block or entity is added (block watchers, event listeners). */
  attach?(world: World): void;
}
