/**
 * Builds the embedded world a Scenario describes: terrain, difficulty, time and gamerules, then the
 * blocks, chests and entities placed before tick 0. Agents are added separately (`spawnAgent`) so
 * the same code serves reset and agents joining mid-episode. A scenario naming an unknown block,
 * item, mob, effect or gamerule is the user's mistake: it fails here with a suggestion, before
 * any agent acts.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import {
  DEFAULT_GAMERULES,
  World,
  addEffect,
  joinPlayer,
  spawnMob,
  suggest,
  type Gamerules,
  type ItemStack,
  type Player,
  type TerrainSpec,
} from '../../world/index.js';
import { containerAt } from '../../world/blocks/block-entities.js';
import { insertIntoSlots } from '../../world/blocks/item-moves.js';
import type { AgentSpawn, ParsedScenario, ScenarioItem } from '../scenario.js';

export function buildWorld(seed: number | string, scenario: ParsedScenario): World {
  const w = scenario.world;
  const terrain: TerrainSpec = w.terrain.type === 'flat' ? { type: 'flat', ...(w.terrain.layers ? { layers: w.terrain.layers } : {}) } : { type: 'natural' };
  const world = new World({
    seed,
    terrain,
    difficulty: w.difficulty,
    timeOfDay: w.timeOfDay,
    gamerules: checkGamerules(w.gamerules),
    ...(w.version ? { version: w.version } : {}),
  });
  for (const b of scenario.blocks) {
    if (b.to) fillBox(world, b.pos, b.to, b.block);
    else world.setBlock(intPos(b.pos), blockName(world, b.block));
  }
  for (const c of scenario.chests) setChest(world, c.pos, c.items);
  for (const e of scenario.entities) {
    for (let i = 0; i < e.count; i++) spawnMob(world, e.type, e.pos, { persistent: e.persistent });
  }
  return world;
}

/** Adds one agent with its capabilities, inventory, equipment and effects. */
export function spawnAgent(world: World, spawn: AgentSpawn): Player {
  const caps = spawn.capabilities;
  const position = spawn.onGround ? groundOf(world, spawn.position) : spawn.position;
  const player = joinPlayer(world, spawn.name, position, {
    ...(caps.maxHealth !== undefined ? { maxHealth: caps.maxHealth } : {}),
    ...(caps.speedBps !== undefined ? { speedBps: caps.speedBps } : {}),
    ...(caps.perceptionRange !== undefined ? { perceptionRange: caps.perceptionRange } : {}),
  });
  if (caps.fovDegrees !== undefined) player.fovDegrees = caps.fovDegrees;
  const inv = player.inventory;
  for (const [slot, item] of Object.entries(spawn.equipment)) {
    world.registry.item(item); // unknown names fail with a suggestion
    const stack = { name: item, count: 1 };
    if (slot === 'hand') inv.slots[inv.selected] = stack;
    else if (slot === 'off-hand') inv.offhand = stack;
    else inv.armor[slot as 'head' | 'chest' | 'legs' | 'feet'] = stack;
  }
  for (const s of spawn.inventory) {
    world.registry.item(s.name);
    const left = inv.add(worldStack(s));
    if (left > 0) throw new InputError(`agent ${spawn.name}'s inventory cannot hold ${s.count} ${s.name}`, 'give fewer items; a player has 36 slots');
  }
  for (const e of caps.effects) addEffect(world, player, effectName(world, e.name), e.amplifier, e.durationTicks ?? Infinity);
  return player;
}

/** Highest ground spot in the position's column where a player fits: feet and head free, a solid block under them (above a tree when one stands there). */
function groundOf(world: World, pos: Vec3): Vec3 {
  const x = Math.floor(pos.x);
  const z = Math.floor(pos.z);
  let y = world.terrain.surfaceY(x, z);
  // surfaceY ignores trees (and what a task placed): climb until feet and head are free.
  while (y < 318 && (world.isSolid(x, y, z) || world.isSolid(x, y + 1, z) || world.registry.fluidByState[world.stateAt(x, y, z)] !== 0)) y++;
  return { x: x + 0.5, y, z: z + 0.5 };
}

/** A scenario item as a world stack, with its potion type and unbreakable flag. */
function worldStack(s: ScenarioItem): ItemStack {
  return { name: s.name, count: s.count, ...(s.potion === undefined ? {} : { potion: s.potion }), ...(s.unbreakable ? { unbreakable: true } : {}) };
}

/** `cause`, when given, makes every changed block a block_changed event (a task's fill mid-episode, which a viewer replays). */
export function fillBox(world: World, from: Vec3, to: Vec3, block: string, onlyReplace?: readonly string[], cause?: string): number {
  const name = blockName(world, block);
  const a = intPos(from);
  const b = intPos(to);
  const volume = (Math.abs(a.x - b.x) + 1) * (Math.abs(a.y - b.y) + 1) * (Math.abs(a.z - b.z) + 1);
  if (volume > 4_000_000) throw new InputError(`a fill of ${volume} blocks is too large`, 'fill at most 4,000,000 blocks at once (vanilla /fill allows 32,768)');
  const only = onlyReplace ? new Set(onlyReplace.map((n) => blockName(world, n))) : null;
  let changed = 0;
  for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); x++) {
    for (let y = Math.min(a.y, b.y); y <= Math.max(a.y, b.y); y++) {
      for (let z = Math.min(a.z, b.z); z <= Math.max(a.z, b.z); z++) {
        const p = { x, y, z };
        const before = world.blockAt(p);
        if (before === name || (only && !only.has(before))) continue;
        world.setBlock(p, name, cause);
        changed++;
      }
    }
  }
  return changed;
}

/** Places a chest (unless a container is already there) and puts `items` in it, replacing its contents. */
export function setChest(world: World, pos: Vec3, items: readonly ScenarioItem[]): void {
  const p = intPos(pos);
  if (!containerAt(world, p)) world.setBlock(p, 'chest');
  const c = containerAt(world, p);
  if (!c) throw new InputError(`no chest could be placed at ${p.x},${p.y},${p.z}`, 'pick a position inside the world');
  c.slots.fill(null);
  for (const s of items) {
    world.registry.item(s.name);
    if (insertIntoSlots(world.registry, c.slots, worldStack(s)) > 0) {
      throw new InputError(`the chest at ${p.x},${p.y},${p.z} cannot hold all the items given`, 'a chest has 27 slots; split the items over several chests');
    }
  }
}

/** Accepts minecraft-data effect names (`FireResistance`) and the snake_case of commands and task files (`fire_resistance`). */
export function effectName(world: World, name: string): string {
  const byName = world.registry.data.effectsByName;
  if (name in byName) return name;
  const pascal = name
    .replace(/^minecraft:/, '')
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('');
  return pascal in byName ? pascal : name; // addEffect rejects unknown names with a suggestion
}

function blockName(world: World, name: string): string {
  const n = name.replace(/^minecraft:/, '');
  world.registry.block(n); // throws with a suggestion
  return n;
}

function intPos(p: Vec3): Vec3 {
  return { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
}

function checkGamerules(given: Record<string, boolean>): Partial<Gamerules> {
  const known = Object.keys(DEFAULT_GAMERULES);
  for (const rule of Object.keys(given)) {
    if (!known.includes(rule)) throw new InputError(`unknown gamerule '${rule}'`, suggest(rule, known));
  }
  return given as Partial<Gamerules>;
}
