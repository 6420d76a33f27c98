/**
 * Block entities owned by the block rules: containers (chest, barrel) and furnaces (furnace, smoker,
 * blast furnace). They live in `world.blockEntities` keyed by `posKey`. A block watcher, installed once
 * per world when the first one is created, drops a block entity's contents as items and forgets it
 * when its block is removed or replaced (digging, explosions, task events all go through setBlock).
 * A block entity is created when the block is placed, or lazily on first use for blocks a task set
 * with `world.setBlock`.
 */
import { posKey, type Vec3 } from '../../core/vec3.js';
import { spawnItem } from '../entities/item-entity.js';
import type { ItemStack } from '../inventory.js';
import type { BlockEntity, World } from '../world.js';

/** Vanilla container sizes: a single chest and a barrel hold 27 stacks. */
export const CONTAINER_SLOTS: Readonly<Record<string, number>> = { chest: 27, trapped_chest: 27, barrel: 27 };
export const FURNACE_BLOCKS: ReadonlySet<string> = new Set(['furnace', 'smoker', 'blast_furnace']);

export interface ContainerBlockEntity extends BlockEntity {
  readonly kind: 'container';
  /** The block it belongs to (`chest`, `barrel`). */
  readonly block: string;
  readonly slots: (ItemStack | null)[];
}

export interface FurnaceBlockEntity extends BlockEntity {
  readonly kind: 'furnace';
  /** `furnace`, `smoker` or `blast_furnace`. */
  readonly block: string;
  input: ItemStack | null;
  fuel: ItemStack | null;
  output: ItemStack | null;
  /** Ticks of burn left from the current fuel item (vanilla litTime). */
  burnTicksLeft: number;
  /** Burn time of the fuel item now burning (vanilla litDuration). */
  burnTicksTotal: number;
  /** Ticks the current item has cooked (vanilla cookingProgress). */
  cookTicks: number;
}

export type BlocksBlockEntity = ContainerBlockEntity | FurnaceBlockEntity;

const watched = new WeakSet<World>();
/** Furnaces with work to do, per world, in the order they became active (the furnace system scans only these). */
const activeFurnaces = new WeakMap<World, Map<string, FurnaceBlockEntity>>();

export function activeFurnacesOf(world: World): Map<string, FurnaceBlockEntity> {
  let m = activeFurnaces.get(world);
  if (!m) {
    m = new Map();
    activeFurnaces.set(world, m);
  }
  return m;
}

/** The container at `pos`, creating its block entity when the block is a container without one. */
export function containerAt(world: World, pos: Vec3): ContainerBlockEntity | undefined {
  const existing = world.blockEntity<ContainerBlockEntity>(pos, 'container');
  if (existing) return existing;
  const block = world.blockAt(pos);
  const size = CONTAINER_SLOTS[block];
  if (size === undefined) return undefined;
  const be: ContainerBlockEntity = { kind: 'container', block, pos: { x: pos.x, y: pos.y, z: pos.z }, slots: new Array<ItemStack | null>(size).fill(null) };
  register(world, be);
  return be;
}

/** The furnace at `pos`, creating its block entity when the block is a furnace without one. */
export function furnaceAt(world: World, pos: Vec3): FurnaceBlockEntity | undefined {
  const existing = world.blockEntity<FurnaceBlockEntity>(pos, 'furnace');
  if (existing) return existing;
  const block = world.blockAt(pos);
  if (!FURNACE_BLOCKS.has(block)) return undefined;
  const be: FurnaceBlockEntity = {
    kind: 'furnace', block, pos: { x: pos.x, y: pos.y, z: pos.z },
    input: null, fuel: null, output: null, burnTicksLeft: 0, burnTicksTotal: 0, cookTicks: 0,
  };
  register(world, be);
  return be;
}

/** Creates the block entity a freshly placed block needs (no-op for other blocks). */
export function createBlockEntityFor(world: World, pos: Vec3): void {
  if (!containerAt(world, pos)) furnaceAt(world, pos);
}

function register(world: World, be: BlocksBlockEntity): void {
  world.blockEntities.set(posKey(be.pos), be);
  if (watched.has(world)) return;
  watched.add(world);
  const reg = world.registry;
  const ownerIds = new Set([...Object.keys(CONTAINER_SLOTS), ...FURNACE_BLOCKS].map((n) => reg.block(n).id));
  world.watchBlocks((x, y, z, before, after) => {
    // Cheap exits first: this runs on every block change in the world.
    const beforeId = reg.blockIdOfState[before]!;
    if (!ownerIds.has(beforeId) || beforeId === reg.blockIdOfState[after]) return; // a state change (facing, lit) keeps the entity
    const key = `${x},${y},${z}`;
    const be = world.blockEntities.get(key) as BlocksBlockEntity | undefined;
    if (!be || (be.kind !== 'container' && be.kind !== 'furnace')) return;
    world.blockEntities.delete(key);
    activeFurnacesOf(world).delete(key);
    const at = { x: x + 0.5, y: y + 0.5, z: z + 0.5 };
    for (const stack of contentsOf(be)) spawnItem(world, at, stack);
  });
}

/** Every stack a block entity holds, in slot order. */
export function contentsOf(be: BlocksBlockEntity): ItemStack[] {
  const out: ItemStack[] = [];
  if (be.kind === 'container') {
    for (const s of be.slots) if (s) out.push(s);
  } else {
    for (const s of [be.input, be.fuel, be.output]) if (s) out.push(s);
  }
  return out;
}
