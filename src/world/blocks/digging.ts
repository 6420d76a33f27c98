/**
 * Digging: how long a block takes to break and what happens when it does.
 *
 * Dig time follows vanilla (Minecraft Wiki "Breaking", BlockBehaviour.getDestroyProgress):
 *   speed  = tool multiplier when the held item is the right tool for the block's material
 *            (minecraft-data `materials[block.material][itemId]`), else 1
 *          × (1 + 0.2 × (haste + 1))  × fatigue (0.3, 0.09, 0.0027, 0.00081)
 *          ÷ 5 under water  ÷ 5 when not on the ground
 *   damage per tick = speed / hardness / (canHarvest ? 30 : 100)
 *   ticks  = ceil(1 / damage); at least one tick (instant blocks break on the next tick)
 * Bamboo breaks in one tick with any sword (its own vanilla override).
 * The dig accumulates `damage` each tick (recomputed, so jumping or swimming mid-dig slows it as in
 * vanilla) and breaks the block at progress 1.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { Player } from '../entities/entity.js';
import { spawnItem } from '../entities/item-entity.js';
import type { Registry } from '../registry.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { blockProperty } from './block-state.js';
import { wearItem } from './durability.js';
import { canHarvest, harvestToolNames } from './harvest.js';
import { blockDrops } from './loot.js';
import { isDoor } from './placing.js';
import { isBlockPos, reachFailure, withinReach } from './reach.js';
import { fail, type BlockResult } from './result.js';

export { canHarvest } from './harvest.js';

export interface DigConditions {
  onGround: boolean;
  inWater: boolean;
  /** Haste amplifier (0 = Haste I); absent = no Haste. */
  hasteAmplifier?: number;
  /** Mining Fatigue amplifier (0 = level I); absent = none. */
  miningFatigueAmplifier?: number;
}

/** Mining Fatigue speed factors by amplifier (LivingEntity/Player.getDestroySpeed). */
const FATIGUE_FACTORS = [0.3, 0.09, 0.0027, 0.00081] as const;
/** Guards `ceil` against float error (1 / (1/2/30) is 60.000000000000004). */
const EPS = 1e-9;

/**
 * Blocks a sword breaks at once: vanilla BambooStalkBlock and BambooSaplingBlock override
 * getDestroyProgress to return 1 (a whole block per tick) when the main hand holds a SwordItem, whatever
 * the conditions (wiki "Bamboo" § Breaking: "instantly broken with a sword").
 */
const SWORD_INSTANT: ReadonlySet<string> = new Set(['bamboo', 'bamboo_sapling']);

/** Destroy progress per tick (vanilla `getDestroyProgress`); 0 for unbreakable blocks, Infinity for hardness 0. */
export function digDamagePerTick(registry: Registry, blockName: string, heldItemName: string | null, c: DigConditions): number {
  if (SWORD_INSTANT.has(blockName) && registry.tool(heldItemName)?.kind === 'sword') return 1;
  const block = registry.block(blockName);
  const hardness = block.hardness;
  if (hardness === null || hardness === undefined || hardness < 0 || !block.diggable) return 0;
  let speed = 1;
  if (heldItemName) {
    const item = registry.data.itemsByName[heldItemName];
    const mult = item ? registry.data.materials[block.material ?? '']?.[item.id] : undefined;
    if (mult !== undefined) speed = mult;
  }
  if (c.hasteAmplifier !== undefined) speed *= 1 + 0.2 * (c.hasteAmplifier + 1);
  if (c.miningFatigueAmplifier !== undefined) speed *= FATIGUE_FACTORS[Math.min(c.miningFatigueAmplifier, 3)]!;
  if (c.inWater) speed /= 5;
  if (!c.onGround) speed /= 5;
  if (hardness === 0) return Infinity;
  return speed / hardness / (canHarvest(registry, block, heldItemName) ? 30 : 100);
}

/** Ticks to break `blockName` with `heldItemName` (null = hand); null when the block cannot be dug (bedrock). */
export function digTicks(registry: Registry, blockName: string, heldItemName: string | null, c: DigConditions): number | null {
  const damage = digDamagePerTick(registry, blockName, heldItemName, c);
  if (damage === 0) return null;
  if (damage >= 1) return 1;
  return Math.max(1, Math.ceil(1 / damage - EPS));
}

/** The dig conditions of a player right now (ground, water, Haste, Mining Fatigue). */
export function digConditionsOf(player: Player): DigConditions {
  const c: DigConditions = { onGround: player.onGround, inWater: player.inWater };
  const haste = player.effects.get('Haste');
  if (haste) c.hasteAmplifier = haste.amplifier;
  const fatigue = player.effects.get('MiningFatigue');
  if (fatigue) c.miningFatigueAmplifier = fatigue.amplifier;
  return c;
}

export type StartDigResult = BlockResult<{ block: string; ticksNeeded: number; willDrop: boolean }>;

/**
 * Starts (or keeps going with) digging the block at `pos`; the digging system breaks it when done.
 * Fails with too_far, nothing_to_dig (air or fluid), unbreakable or dead.
 */
export function startDigging(world: World, player: Player, pos: Vec3): StartDigResult {
  if (!isBlockPos(pos)) throw new InputError(`dig position ${pos.x},${pos.y},${pos.z} is not a block position`, 'pass integer block coordinates');
  if (player.dead || player.removed) return fail('dead', 'a dead player cannot dig; wait for respawn');
  const far = reachFailure(player, pos, 'block');
  if (far) return far;
  const registry = world.registry;
  const state = world.stateAt(pos.x, pos.y, pos.z);
  const block = registry.blockOfState(state);
  if (registry.isAir(state) || registry.fluidByState[state] !== 0) {
    return fail('nothing_to_dig', `there is ${block.name} at ${pos.x},${pos.y},${pos.z}, not a block to dig`);
  }
  const tool = player.inventory.held?.name ?? null;
  const ticks = digTicks(registry, block.name, tool, digConditionsOf(player));
  if (ticks === null) return fail('unbreakable', `${block.name} cannot be broken`);
  const willDrop = canHarvest(registry, block, tool);
  const d = player.digging;
  const same = d && d.pos.x === pos.x && d.pos.y === pos.y && d.pos.z === pos.z && d.blockState === state && d.tool === tool;
  if (!same) player.digging = { pos: { x: pos.x, y: pos.y, z: pos.z }, ticksDone: 0, ticksNeeded: ticks, progress: 0, blockState: state, tool };
  return { ok: true, block: block.name, ticksNeeded: ticks, willDrop };
}

/** Abandons the current dig (progress is lost, as in vanilla). Returns whether there was one. */
export function stopDigging(_world: World, player: Player): boolean {
  const was = player.digging !== null;
  player.digging = null;
  return was;
}

/** Why a block would drop nothing with the held item, for planners and messages; null when it drops. */
export function harvestHint(registry: Registry, blockName: string, heldItemName: string | null): string | null {
  if (canHarvest(registry, blockName, heldItemName)) return null;
  return `${blockName} drops nothing without one of: ${harvestToolNames(registry, blockName).join(', ')}`;
}

/** Advances every digging player by one tick and breaks finished blocks. Runs before movement. */
export function diggingSystem(): WorldSystem {
  return {
    name: 'digging',
    tick(world) {
      for (const player of world.players.values()) {
        if (player.digging) advanceDig(world, player);
      }
    },
  };
}

function advanceDig(world: World, player: Player): void {
  const dig = player.digging!;
  const pos = dig.pos;
  const heldName = player.inventory.held?.name ?? null;
  if (
    player.dead || player.removed ||
    heldName !== dig.tool ||
    world.stateAt(pos.x, pos.y, pos.z) !== dig.blockState ||
    !withinReach(player, pos)
  ) {
    player.digging = null;
    return;
  }
  const registry = world.registry;
  const blockName = registry.blockNameOfState(dig.blockState);
  const damage = digDamagePerTick(registry, blockName, heldName, digConditionsOf(player));
  dig.ticksDone++;
  dig.progress += damage;
  if (dig.progress < 1 - EPS) {
    dig.ticksNeeded = dig.ticksDone + Math.ceil((1 - dig.progress) / damage - EPS);
    return;
  }
  dig.ticksNeeded = dig.ticksDone;
  player.digging = null;
  breakBlock(world, player, pos, dig.blockState, heldName);
}

/** The end of a dig: air, drops as item entities, tool wear, the activity flag and block_broken. */
function breakBlock(world: World, player: Player, pos: Vec3, state: number, heldName: string | null): void {
  const registry = world.registry;
  const block = registry.blockOfState(state);
  const drops = blockDrops(world, state, heldName);
  world.setBlock(pos, registry.airState);
  // Breaking either half of a door takes the other half with it (one door drops, from this half).
  if (isDoor(block.name)) {
    const other = { x: pos.x, y: pos.y + (blockProperty(registry, state, 'half') === 'upper' ? -1 : 1), z: pos.z };
    if (registry.blockOfState(world.stateAt(other.x, other.y, other.z)).name === block.name) world.setBlock(other, registry.airState);
  }
  const at = { x: pos.x + 0.5, y: pos.y + 0.25, z: pos.z + 0.5 };
  for (const stack of drops) spawnItem(world, at, stack, { by: player.id });
  // Vanilla DiggerItem/SwordItem.mineBlock: 1 wear per block (2 for swords), none for instant blocks.
  const tool = registry.tool(heldName);
  if (tool && (block.hardness ?? 0) > 0) wearItem(world, player, tool.kind === 'sword' ? 2 : 1);
  player.activity.dugBlock = true;
  world.emit({ type: 'block_broken', by: player.id, pos: { x: pos.x, y: pos.y, z: pos.z }, block: block.name, drops: drops.map((s) => ({ name: s.name, count: s.count })) });
}
