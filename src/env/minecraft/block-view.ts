/**
 * A bot's view of the blocks around it, read from the chunks the server sent it. Sight needs two
 * facts per block, fast: its state id and whether sight passes through it. The see-through rule is
 * the embedded world's (src/world/registry.ts): transparent blocks, blocks without a collision box,
 * glass and leaves. A block in a chunk the bot has not received reads as `null` and blocks sight:
 * what the server never sent, the agent cannot have seen.
 */
import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';

interface RegistryBlock {
  name: string;
  transparent?: boolean;
  boundingBox?: string;
}

export interface BlockView {
  /** State id at integer coordinates, or null where no chunk is loaded. */
  stateAt(x: number, y: number, z: number): number | null;
  seeThrough(state: number | null): boolean;
  nameOf(state: number): string;
  /** Block ids (not states) of a block name, or null for an unknown name. */
  blockId(name: string): number | null;
  isAir(state: number | null): boolean;
}

const seeThroughCache = new WeakMap<object, { seeThrough: Uint8Array; names: string[]; air: Uint8Array }>();

function tablesFor(bot: Bot): { seeThrough: Uint8Array; names: string[]; air: Uint8Array } {
  const registry = bot.registry as unknown as { blocksByStateId: Record<number, RegistryBlock | undefined>; blocksArray: (RegistryBlock & { minStateId?: number; maxStateId?: number })[] };
  const cached = seeThroughCache.get(registry);
  if (cached) return cached;
  let maxState = 0;
  for (const b of registry.blocksArray) maxState = Math.max(maxState, b.maxStateId ?? 0);
  const seeThrough = new Uint8Array(maxState + 1);
  const air = new Uint8Array(maxState + 1);
  const names: string[] = new Array<string>(maxState + 1).fill('unknown');
  for (const b of registry.blocksArray) {
    const lo = b.minStateId ?? 0;
    const hi = b.maxStateId ?? lo;
    const see = b.transparent || b.boundingBox === 'empty' || /glass|leaves/.test(b.name) ? 1 : 0;
    const isAir = /^(air|cave_air|void_air)$/.test(b.name) ? 1 : 0;
    for (let s = lo; s <= hi; s++) {
      seeThrough[s] = see;
      air[s] = isAir;
      names[s] = b.name;
    }
  }
  const tables = { seeThrough, names, air };
  seeThroughCache.set(registry, tables);
  return tables;
}

export function blockViewOf(bot: Bot): BlockView {
  const tables = tablesFor(bot);
  const probe = new Vec3(0, 0, 0);
  const world = bot.world as unknown as { getBlockStateId(pos: Vec3): number | undefined | null };
  const byName = (bot.registry as unknown as { blocksByName: Record<string, { id: number } | undefined> }).blocksByName;
  return {
    stateAt(x, y, z) {
      probe.x = x;
      probe.y = y;
      probe.z = z;
      const s = world.getBlockStateId(probe);
      return s === undefined || s === null ? null : s;
    },
    seeThrough: (state) => state !== null && tables.seeThrough[state] === 1,
    nameOf: (state) => tables.names[state] ?? 'unknown',
    blockId: (name) => byName[name]?.id ?? null,
    isAir: (state) => state !== null && tables.air[state] === 1,
  };
}
