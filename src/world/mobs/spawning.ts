/**
 * Natural mob spawning (wiki "Spawn" § Java Edition, simplified; vanilla NaturalSpawner):
 * - every 20 ticks, while the gamerule doMobSpawning is on, a few players (round-robin, at most
 *   PLAYERS_PER_CYCLE however many there are) each get a few spawn attempts, so the cost is bounded per
 *   tick, not per player;
 * - an attempt picks a column 24–64 blocks away (horizontally) and looks for a solid block with two
 *   free (non-solid, non-fluid) blocks above it, within 12 above and 20 below the player's feet; no
 *   player may be within 24 blocks of the spot;
 * - hostiles (not on peaceful): at night anywhere, or at any time where the spot has a shading block
 *   within 32 blocks above it. That is our darkness proxy: the world has no light engine, so "covered"
 *   stands for vanilla's block light 0 / sky light check. Cap: SPAWNING.hostileCapPerPlayer hostiles
 *   within 64 blocks of the player (vanilla: 70 monsters per 17x17-chunk area);
 * - passives: only every 400 ticks (vanilla spawns creatures on those ticks only), in daylight, on
 *   grass_block with open sky, cap SPAWNING.passiveCapPerPlayer within 64 blocks;
 * - one mob per attempt (vanilla spawns packs of up to 4), types by the vanilla plains weights.
 * Despawning runs in the same rule (despawn.ts). Columns an attempt looks at are generated if needed
 * (vanilla keeps every chunk within the simulation distance of a player loaded anyway).
 */
import type { Entity, Player } from '../entities/entity.js';
import { SPAWNING } from '../facts/mobs.js';
import type { Rng } from '../rng.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { despawnMobs } from './despawn.js';
import { coveredAbove } from './sky.js';
import { spawnMob } from './spawn.js';

export const PLAYERS_PER_CYCLE = 4;
export const HOSTILE_ATTEMPTS_PER_PLAYER = 2;
export const PASSIVE_CYCLE_TICKS = 400;
const DARKNESS_COVER = 32;
const SEARCH_UP = 12;
const SEARCH_DOWN = 20;

/** Spawn weights (wiki "Spawn" § Overworld, plains: monsters and creatures; rarer kinds left out). */
const HOSTILE_WEIGHTS: readonly [string, number][] = [['zombie', 95], ['skeleton', 100], ['spider', 100], ['creeper', 100]];
const PASSIVE_WEIGHTS: readonly [string, number][] = [['sheep', 12], ['pig', 10], ['chicken', 10], ['cow', 8]];

const isHostile = (e: Entity): boolean => e.kind === 'mob' && e.hostile && !e.dead;
const isPassive = (e: Entity): boolean => e.kind === 'mob' && !e.hostile && !e.dead;

export function mobSpawningSystem(): WorldSystem {
  let cursor = 0;
  return {
    name: 'mob-spawning',
    tick(world) {
      const rng = world.rng('mob-spawn');
      despawnMobs(world, rng);
      if (!world.gamerules.doMobSpawning || world.tick % SPAWNING.cycleTicks !== 0) return;
      const players: Player[] = [];
      for (const p of world.players.values()) if (!p.dead && !p.removed) players.push(p);
      if (players.length === 0) return;
      const n = Math.min(PLAYERS_PER_CYCLE, players.length);
      const passiveCycle = world.tick % PASSIVE_CYCLE_TICKS === 0 && world.isDay;
      for (let i = 0; i < n; i++) {
        const p = players[(cursor + i) % players.length]!;
        if (world.difficulty !== 'peaceful' && world.nearMobs(p.pos, SPAWNING.capRadius, isHostile).length < SPAWNING.hostileCapPerPlayer) {
          for (let a = 0; a < HOSTILE_ATTEMPTS_PER_PLAYER; a++) trySpawn(world, p, rng, true);
        }
        if (passiveCycle && world.nearMobs(p.pos, SPAWNING.capRadius, isPassive).length < SPAWNING.passiveCapPerPlayer) trySpawn(world, p, rng, false);
      }
      cursor = (cursor + n) % players.length;
    },
  };
}

function trySpawn(world: World, player: Player, rng: Rng, hostile: boolean): void {
  const angle = rng.range(0, 2 * Math.PI);
  const dist = rng.range(SPAWNING.minDistance, SPAWNING.maxDistance);
  const x = Math.floor(player.pos.x + Math.cos(angle) * dist);
  const z = Math.floor(player.pos.z + Math.sin(angle) * dist);
  const y = findStandingY(world, x, Math.floor(player.pos.y), z);
  if (y === null) return;
  if (hostile) {
    if (world.isDay && !coveredAbove(world, x, y + 2, z, DARKNESS_COVER)) return;
  } else {
    if (world.blocks.get(x, y - 1, z) !== world.registry.stateOf('grass_block') || coveredAbove(world, x, y + 2, z)) return;
  }
  const pos = { x: x + 0.5, y, z: z + 0.5 };
  if (world.nearPlayers(pos, SPAWNING.minDistance).length > 0) return;
  spawnMob(world, weighted(rng, hostile ? HOSTILE_WEIGHTS : PASSIVE_WEIGHTS), pos);
}

/** The highest y near the player's height where a mob can stand: solid below, two free blocks. */
function findStandingY(world: World, x: number, py: number, z: number): number | null {
  const reg = world.registry;
  const free = (y: number): boolean => {
    const s = world.blocks.get(x, y, z);
    return reg.solidByState[s] === 0 && reg.fluidByState[s] === 0;
  };
  let upperFree = free(py + SEARCH_UP + 1);
  let feetFree = free(py + SEARCH_UP);
  for (let y = py + SEARCH_UP; y >= py - SEARCH_DOWN; y--) {
    const below = world.blocks.get(x, y - 1, z);
    if (feetFree && upperFree && reg.solidByState[below] === 1) return y;
    upperFree = feetFree;
    feetFree = reg.solidByState[below] === 0 && reg.fluidByState[below] === 0;
  }
  return null;
}

function weighted(rng: Rng, table: readonly [string, number][]): string {
  let total = 0;
  for (const [, w] of table) total += w;
  let r = rng.next() * total;
  for (const [name, w] of table) {
    r -= w;
    if (r < 0) return name;
  }
  return table[table.length - 1]![0];
}
