/**
 * Version facts from minecraft-data, indexed for the simulator's hot paths.
 * Nothing here is typed in by hand: blocks, items, recipes, loot, foods, entities, tool materials
 * and effects all come from minecraft-data for the chosen version (default 1.20.4).
 * Facts minecraft-data does not carry (smelting, fuel, armor points, weapon damage, mob stats)
 * live in `facts/`, each with its vanilla source noted.
 */
import mcData from 'minecraft-data';
import type { IndexedData, Block, Item } from 'minecraft-data';
import { InputError } from '../core/errors.js';

export const DEFAULT_VERSION = '1.20.4';

export type ToolKind = 'pickaxe' | 'axe' | 'shovel' | 'hoe' | 'sword' | 'shears';
export const TOOL_TIERS = ['wooden', 'stone', 'iron', 'golden', 'diamond', 'netherite'] as const;
export type ToolTier = (typeof TOOL_TIERS)[number];

export interface ToolInfo {
  kind: ToolKind;
  tier: ToolTier | null;
}

const registries = new Map<string, Registry>();

export class Registry {
  readonly version: string;
  readonly data: IndexedData;
  /** stateId -> block id. */
  readonly blockIdOfState: Uint16Array;
  /** stateId -> 1 when an entity collides with the full block (not air, fluid, plant or fire). */
  readonly solidByState: Uint8Array;
  /** stateId -> 1 when light and sight pass through (air, glass, leaves, plants, fluids). */
  readonly seeThroughByState: Uint8Array;
  /** stateId -> 1 water, 2 lava, 0 otherwise. */
  readonly fluidByState: Uint8Array;
  readonly airState: number;
  private readonly toolInfo = new Map<string, ToolInfo | null>();

  private constructor(version: string) {
    const data = mcData(version) as IndexedData | null;
    if (!data || !data.blocksArray) {
      throw new InputError(
        `Minecraft version '${version}' is not known to minecraft-data`,
        `choose a version minecraft-data supports, for example ${DEFAULT_VERSION}`,
      );
    }
    this.version = version;
    this.data = data;
    let maxState = 0;
    for (const b of data.blocksArray) maxState = Math.max(maxState, b.maxStateId ?? b.id);
    this.blockIdOfState = new Uint16Array(maxState + 1);
    this.solidByState = new Uint8Array(maxState + 1);
    this.seeThroughByState = new Uint8Array(maxState + 1);
    this.fluidByState = new Uint8Array(maxState + 1);
    for (const b of data.blocksArray) {
      const min = b.minStateId ?? b.id;
      const max = b.maxStateId ?? b.id;
      const solid = b.boundingBox === 'block' ? 1 : 0;
      const fluid = b.name === 'water' ? 1 : b.name === 'lava' ? 2 : 0;
      const seeThrough = b.transparent || b.boundingBox === 'empty' || /glass|leaves/.test(b.name) ? 1 : 0;
      for (let s = min; s <= max; s++) {
        this.blockIdOfState[s] = b.id;
        this.solidByState[s] = solid;
        this.fluidByState[s] = fluid;
        this.seeThroughByState[s] = seeThrough;
      }
    }
    this.airState = this.block('air').defaultState ?? 0;
  }

  static get(version: string = DEFAULT_VERSION): Registry {
    let r = registries.get(version);
    if (!r) {
      r = new Registry(version);
      registries.set(version, r);
    }
    return r;
  }

  /** The block named `name`, or an InputError naming the version and a close match. */
  block(name: string): Block {
    const b = this.data.blocksByName[name];
    if (!b) throw new InputError(`unknown block '${name}' in Minecraft ${this.version}`, suggest(name, Object.keys(this.data.blocksByName)));
    return b;
  }

  item(name: string): Item {
    const i = this.data.itemsByName[name];
    if (!i) throw new InputError(`unknown item '${name}' in Minecraft ${this.version}`, suggest(name, Object.keys(this.data.itemsByName)));
    return i;
  }

  isBlock(name: string): boolean {
    return name in this.data.blocksByName;
  }

  isItem(name: string): boolean {
    return name in this.data.itemsByName;
  }

  itemName(id: number): string {
    const i = this.data.items[id];
    if (!i) throw new InputError(`unknown item id ${id} in Minecraft ${this.version}`, 'use an item name from minecraft-data');
    return i.name;
  }

  /** The default block state of `name`: what the world stores when a block is placed without properties. */
  stateOf(name: string): number {
    return this.block(name).defaultState ?? this.block(name).id;
  }

  blockOfState(stateId: number): Block {
    const b = this.data.blocks[this.blockIdOfState[stateId] ?? 0];
    if (!b) throw new InputError(`unknown block state ${stateId}`, 'block states come from the world; this is likely a corrupted save');
    return b;
  }

  blockNameOfState(stateId: number): string {
    return this.blockOfState(stateId).name;
  }

  isAir(stateId: number): boolean {
    const name = this.blockNameOfState(stateId);
    return name === 'air' || name === 'cave_air' || name === 'void_air';
  }

  stackSize(itemName: string): number {
    return this.item(itemName).stackSize;
  }

  /** Tool kind and tier from a vanilla item name (`stone_pickaxe` -> pickaxe/stone), or null for non-tools. */
  tool(itemName: string | null | undefined): ToolInfo | null {
    if (!itemName) return null;
    const cached = this.toolInfo.get(itemName);
    if (cached !== undefined) return cached;
    let info: ToolInfo | null = null;
    if (itemName === 'shears') info = { kind: 'shears', tier: null };
    else {
      const m = /^(wooden|stone|iron|golden|diamond|netherite)_(pickaxe|axe|shovel|hoe|sword)$/.exec(itemName);
      if (m) info = { kind: m[2] as ToolKind, tier: m[1] as ToolTier };
    }
    this.toolInfo.set(itemName, info);
    return info;
  }
}

/**
 * How much of an unknown name the hint compares. Edit distance costs O(name × known), and
 * the name may come from untrusted input (an LLM's code, a task file), so a 300k-character name must
 * cost no more than a short one; no real block or item name is longer than this.
 */
export const SUGGEST_PREFIX_CHARS = 48;
/**
 * Hints already computed, per list of known names (keyed by its text: callers pass fresh arrays),
 * so a name looped over costs one computation.
 */
const suggestionCache = new Map<string, Map<string, string>>();
const SUGGESTION_CACHE_ENTRIES = 512;

/** A hint naming the closest known names, so a typo in a task file is a one-line fix. */
export function suggest(name: string, known: readonly string[]): string {
  const prefix = name.slice(0, SUGGEST_PREFIX_CHARS);
  const list = known.join('\n');
  let cache = suggestionCache.get(list);
  if (!cache) {
    if (suggestionCache.size >= 16) suggestionCache.clear();
    suggestionCache.set(list, (cache = new Map()));
  }
  const cached = cache.get(prefix);
  if (cached !== undefined) return cached;
  const scored = known
    .map((k) => ({ k, d: editDistance(prefix, k) }))
    .sort((a, b) => a.d - b.d || a.k.localeCompare(b.k))
    .slice(0, 3)
    .map((s) => s.k);
  const hint = `did you mean ${scored.map((s) => `'${s}'`).join(', ')}?`;
  if (cache.size >= SUGGESTION_CACHE_ENTRIES) cache.clear();
  cache.set(prefix, hint);
  return hint;
}

function editDistance(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}
