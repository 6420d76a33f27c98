/**
 * What an agent's own bot does to the world, seen where it is done: mineflayer's `dig`,
 * `placeBlock` and `attack`. Every skill and plugin that digs, builds or hits goes through these
 * three methods (collectblock and pathfinder dig with `bot.dig`, pathfinder scaffolds with
 * `bot.placeBlock`, mineflayer-pvp and low-level actions hit with `bot.attack`), so wrapping them
 * on the agent's bot attributes every such change to that agent without each caller reporting it.
 * A server's own block updates cannot say who made them; the bot that asked can.
 */
import type { Bot } from 'mineflayer';
import type { Block } from 'prismarine-block';
import type { Entity } from 'prismarine-entity';
import type { Vec3 } from '../../core/vec3.js';
import { plain, toVec3 } from './bot-geometry.js';
import { REPLACEABLE } from './skills/building.js';

export interface ItemCount {
  name: string;
  count: number;
}

export interface AgentActionSink {
  /** A block this bot finished digging (the server turned it to air); drops as the block data expects. */
  blockBroken(pos: Vec3, block: string, drops: ItemCount[]): void;
  /** A block that appeared where this bot placed one. */
  blockPlaced(pos: Vec3, block: string): void;
  /** This bot sent an attack on an entity (server entity id). */
  attacked(target: number): void;
}

/** How long after a rejected `placeBlock` the block may still arrive (mineflayer rejects when the update is late). */
const LATE_PLACE_MS = 250;

type Dig = Bot['dig'];
type PlaceBlock = Bot['placeBlock'];
type Attack = Bot['attack'];

/** Wraps the bot's methods; the returned function puts the originals back. */
export function tapAgentActions(bot: Bot, sink: AgentActionSink): () => void {
  const originalDig = bot.dig;
  const originalPlace = bot.placeBlock;
  const originalAttack = bot.attack;

  const dig = async function (this: unknown, block: Block, ...rest: unknown[]): Promise<void> {
    const name = block.name;
    const pos = plain(block.position);
    await (originalDig as (...a: unknown[]) => Promise<void>).call(bot, block, ...rest);
    sink.blockBroken(pos, name, expectedDrops(bot, name));
  } as unknown as Dig;

  const placeBlock = async function (this: unknown, reference: Block, face: { x: number; y: number; z: number }, ...rest: unknown[]): Promise<void> {
    const target = { x: reference.position.x + face.x, y: reference.position.y + face.y, z: reference.position.z + face.z };
    const before = bot.blockAt(toVec3(target))?.name ?? 'air';
    const report = (): void => {
      const now = bot.blockAt(toVec3(target))?.name;
      if (now !== undefined && now !== before && !REPLACEABLE.test(now)) sink.blockPlaced(target, now);
    };
    try {
      await (originalPlace as (...a: unknown[]) => Promise<void>).call(bot, reference, face, ...rest);
    } catch (err) {
      setTimeout(report, LATE_PLACE_MS);
      throw err;
    }
    report();
  } as unknown as PlaceBlock;

  const attack = function (this: unknown, target: Entity, ...rest: unknown[]): void {
    if (target && typeof target.id === 'number') sink.attacked(target.id);
    (originalAttack as (...a: unknown[]) => void).call(bot, target, ...rest);
  } as unknown as Attack;

  bot.dig = dig;
  bot.placeBlock = placeBlock;
  bot.attack = attack;
  return () => {
    // A pooled bot outlives the episode: put back only what is still ours.
    if (bot.dig === dig) bot.dig = originalDig;
    if (bot.placeBlock === placeBlock) bot.placeBlock = originalPlace;
    if (bot.attack === attack) bot.attack = originalAttack;
  };
}

interface LootEntry {
  item: string;
  dropChance: number;
  stackSizeRange: (number | null)[];
  silkTouch?: boolean;
  noSilkTouch?: boolean;
}

/**
 * What digging `block` should drop with the held item, from minecraft-data's block loot: the
 * entries a plain tool gets for sure (no silk touch, certain or the no-silk-touch branch), at
 * their lowest count, and nothing when the block needs a harvest tool the bot does not hold. The
 * server rolls its own loot (flint, saplings, fortune), so this is the expectation; the
 * `item_picked_up` events say what really arrived.
 */
export function expectedDrops(bot: Bot, block: string): ItemCount[] {
  const data = bot.registry.blocksByName[block] as unknown as { harvestTools?: Record<string, boolean> } | undefined;
  if (!data) return [];
  const held = bot.heldItem?.type;
  if (data.harvestTools && (held === undefined || !data.harvestTools[String(held)])) return [];
  const loot = (bot.registry as unknown as { blockLoot?: Record<string, { drops: LootEntry[] } | undefined> }).blockLoot?.[block];
  const out = new Map<string, number>();
  for (const d of loot?.drops ?? [{ item: block, dropChance: 1, stackSizeRange: [1, 1] }]) {
    if (d.silkTouch || (!d.noSilkTouch && d.dropChance < 1)) continue;
    out.set(d.item, (out.get(d.item) ?? 0) + Math.max(1, d.stackSizeRange[0] ?? 1));
  }
  return [...out].map(([name, count]) => ({ name, count }));
}
