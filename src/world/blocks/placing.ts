/**
 * Placing a block from the inventory. The target must be air or a replaceable block, share a face
 * with a block to place against, be within reach and, for blocks with a collision box, be clear of
 * players and mobs. Blocks are placed in their default state (facing and axis are ignored); a door
 * takes both of its halves, so it needs room above.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { Entity, Living, Player } from '../entities/entity.js';
import { overlapsBlock } from '../physics/collision.js';
import type { Registry } from '../registry.js';
import type { World } from '../world.js';
import { createBlockEntityFor } from './block-entities.js';
import { intProperty, withProperty } from './block-state.js';
import { isBlockPos, reachFailure } from './reach.js';
import { fail, type BlockResult } from './result.js';

/**
 * Items that place a block of another name (vanilla Items.java registers them as ItemNameBlockItem
 * or BucketItem): seeds plant crops, redstone dust lays wire, string lays tripwire, buckets pour.
 */
export const ITEM_PLACES_BLOCK: Readonly<Record<string, string>> = {
  redstone: 'redstone_wire',
  string: 'tripwire',
  wheat_seeds: 'wheat',
  beetroot_seeds: 'beetroots',
  carrot: 'carrots',
  potato: 'potatoes',
  melon_seeds: 'melon_stem',
  pumpkin_seeds: 'pumpkin_stem',
  torchflower_seeds: 'torchflower_crop',
  pitcher_pod: 'pitcher_crop',
  sweet_berries: 'sweet_berry_bush',
  glow_berries: 'cave_vines',
  cocoa_beans: 'cocoa',
  water_bucket: 'water',
  lava_bucket: 'lava',
  powder_snow_bucket: 'powder_snow',
};

/** Buckets leave the empty bucket behind when poured (BucketItem). */
const POUR_LEAVES: Readonly<Record<string, string>> = { water_bucket: 'bucket', lava_bucket: 'bucket', powder_snow_bucket: 'bucket' };

/** Blocks a placed block may replace (vanilla BlockTags.REPLACEABLE, 1.20; a snow layer only when one layer thick). */
export const REPLACEABLE_BLOCKS: ReadonlySet<string> = new Set([
  'air', 'cave_air', 'void_air', 'water', 'lava', 'short_grass', 'fern', 'dead_bush', 'seagrass', 'tall_seagrass',
  'fire', 'soul_fire', 'snow', 'vine', 'glow_lichen', 'light', 'tall_grass', 'large_fern', 'hanging_roots',
  'crimson_roots', 'warped_roots', 'nether_sprouts', 'structure_void',
]);

const NEIGHBOURS: readonly (readonly [number, number, number])[] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

/** The block an item places, or null when it is not placeable. */
export function blockForItem(registry: Registry, itemName: string): string | null {
  const mapped = ITEM_PLACES_BLOCK[itemName];
  if (mapped) return mapped;
  return registry.isBlock(itemName) && itemName !== 'air' ? itemName : null;
}

export type PlaceResult = BlockResult<{ block: string }>;

/**
 * Places one `itemName` from the player's inventory at `pos`. Fails with too_far, missing_items,
 * not_placeable, occupied, nothing_to_place_against or obstructed.
 */
export function placeBlock(world: World, player: Player, pos: Vec3, itemName: string): PlaceResult {
  if (!isBlockPos(pos)) throw new InputError(`place position ${fmt(pos)} is not a block position`, 'pass integer block coordinates');
  const registry = world.registry;
  registry.item(itemName); // unknown names are caller errors with a suggestion
  if (player.dead) return fail('dead', 'a dead player cannot place blocks; wait for respawn');
  const far = reachFailure(player, pos, 'position');
  if (far) return far;
  if (!player.inventory.has(itemName)) return fail('missing_items', `you have no ${itemName}`);
  const block = blockForItem(registry, itemName);
  if (!block) return fail('not_placeable', `${itemName} is not a block and cannot be placed`);

  const here = world.stateAt(pos.x, pos.y, pos.z);
  const hereName = registry.blockNameOfState(here);
  if (!isReplaceable(registry, here, hereName) || hereName === block) {
    return fail('occupied', `${fmt(pos)} holds ${hereName}; dig it first or choose an empty position`);
  }
  if (!hasSupport(world, pos)) {
    return fail('nothing_to_place_against', `no block touches ${fmt(pos)}; place against an existing block`);
  }
  if (registry.solidByState[registry.stateOf(block)] === 1) {
    // Only players and mobs block, so only their grids are asked: a cell where agents dug for long holds
    // many dropped items. The blocker named is the lowest id of either, as one query of both gave.
    const center = { x: pos.x + 0.5, y: pos.y + 0.5, z: pos.z + 0.5 };
    const inside = (e: Entity): boolean => !e.removed && !(e as Living).dead && overlapsBlock(e, pos.x, pos.y, pos.z);
    const player = world.nearPlayers(center, 3, inside)[0];
    const mob = world.nearMobs(center, 3, inside)[0];
    const blocker = player && mob ? (player.id < mob.id ? player : mob) : (player ?? mob);
    if (blocker) {
      const who = blocker.kind === 'player' ? blocker.name : blocker.type;
      return fail('obstructed', `${who} stands in ${fmt(pos)}; a ${block} cannot be placed inside an entity`);
    }
  }

  // A door is two blocks tall (vanilla DoorBlock): it needs room above and places both halves.
  const door = isDoor(block);
  const above = { x: pos.x, y: pos.y + 1, z: pos.z };
  if (door) {
    const up = world.stateAt(above.x, above.y, above.z);
    if (!isReplaceable(registry, up, registry.blockNameOfState(up))) {
      return fail('occupied', `a door needs two blocks of room; ${fmt(above)} holds ${registry.blockNameOfState(up)}`);
    }
  }

  player.inventory.remove(itemName, 1);
  const leaves = POUR_LEAVES[itemName];
  if (leaves) player.inventory.add({ name: leaves, count: 1 });
  if (door) {
    const lower = withProperty(registry, registry.stateOf(block), 'half', 'lower');
    world.setBlock(pos, lower);
    world.setBlock(above, withProperty(registry, lower, 'half', 'upper'));
  } else world.setBlock(pos, block);
  createBlockEntityFor(world, pos);
  world.emit({ type: 'block_placed', by: player.id, pos: { x: pos.x, y: pos.y, z: pos.z }, block });
  return { ok: true, block };
}

/** Doors (not trapdoors): the blocks that stand two high. */
export const isDoor = (block: string): boolean => block.endsWith('_door') && !block.endsWith('trapdoor');

function isReplaceable(registry: Registry, state: number, name: string): boolean {
  if (!REPLACEABLE_BLOCKS.has(name)) return false;
  return name !== 'snow' || intProperty(registry, state, 'layers', 1) === 1;
}

/** A neighbouring block to place against: not air and not a fluid (fluids cannot be targeted). */
function hasSupport(world: World, pos: Vec3): boolean {
  const registry = world.registry;
  for (const [dx, dy, dz] of NEIGHBOURS) {
    const s = world.stateAt(pos.x + dx, pos.y + dy, pos.z + dz);
    if (!registry.isAir(s) && registry.fluidByState[s] === 0) return true;
  }
  return false;
}

const fmt = (p: Vec3): string => `${p.x},${p.y},${p.z}`;
