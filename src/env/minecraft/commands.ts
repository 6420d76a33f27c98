/**
 * Vanilla (1.13+) command lines the orchestrator sends. Pure string builders, so the syntax a
 * Paper or vanilla server receives is unit-tested without a server. Names get the `minecraft:`
 * namespace; coordinates are integers for blocks and as given for entities.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';

/** Vanilla refuses a /fill of more than 32,768 blocks. */
export const MAX_FILL_VOLUME = 32768;
/** Longest effect duration in seconds every supported version accepts ("infinite" only since 1.19.4). */
export const LONG_EFFECT_SECONDS = 1_000_000;

const NAME = /^[a-z0-9_]+$/;
const ns = (name: string): string => {
  const bare = name.replace(/^minecraft:/, '');
  if (!NAME.test(bare)) throw new InputError(`'${name}' is not a Minecraft name`, 'use lower-case ids such as oak_log or zombie');
  return `minecraft:${bare}`;
};
const PLAYER = /^[A-Za-z0-9_]{1,16}$/;
const player = (name: string): string => {
  if (!PLAYER.test(name)) throw new InputError(`'${name}' is not a valid player name`, 'player names are 1-16 letters, digits or underscores');
  return name;
};
const int = (n: number): string => String(Math.floor(n));
const num = (n: number): string => (Number.isInteger(n) ? n.toFixed(1) : String(Math.round(n * 1000) / 1000));
const block3 = (p: Vec3): string => `${int(p.x)} ${int(p.y)} ${int(p.z)}`;

export const setblockCommand = (pos: Vec3, block: string): string => `setblock ${block3(pos)} ${ns(block)}`;

/** Splits a box into /fill commands of at most MAX_FILL_VOLUME blocks (slabs along y, then x). */
export function fillCommands(from: Vec3, to: Vec3, block: string, onlyReplace?: string[]): string[] {
  const lo = { x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), z: Math.min(from.z, to.z) };
  const hi = { x: Math.max(from.x, to.x), y: Math.max(from.y, to.y), z: Math.max(from.z, to.z) };
  const sx = Math.floor(hi.x) - Math.floor(lo.x) + 1;
  const sz = Math.floor(hi.z) - Math.floor(lo.z) + 1;
  const out: string[] = [];
  const suffixes = onlyReplace && onlyReplace.length > 0 ? onlyReplace.map((r) => ` replace ${ns(r)}`) : [''];
  const layers = Math.max(1, Math.floor(MAX_FILL_VOLUME / (sx * sz)));
  const xStep = sx * sz > MAX_FILL_VOLUME ? Math.max(1, Math.floor(MAX_FILL_VOLUME / sz)) : sx;
  for (let y = Math.floor(lo.y); y <= Math.floor(hi.y); y += layers) {
    const y2 = Math.min(Math.floor(hi.y), y + layers - 1);
    for (let x = Math.floor(lo.x); x <= Math.floor(hi.x); x += xStep) {
      const x2 = Math.min(Math.floor(hi.x), x + xStep - 1);
      for (const suffix of suffixes) out.push(`fill ${x} ${y} ${Math.floor(lo.z)} ${x2} ${y2} ${Math.floor(hi.z)} ${ns(block)}${suffix}`);
    }
  }
  return out;
}

export interface SummonNbt {
  persistent?: boolean;
  tags?: string[];
  health?: number;
  customName?: string;
}

export function summonCommand(type: string, pos: Vec3, nbt: SummonNbt = {}): string {
  const parts: string[] = [];
  if (nbt.persistent) parts.push('PersistenceRequired:1b');
  if (nbt.tags && nbt.tags.length > 0) parts.push(`Tags:[${nbt.tags.map((t) => JSON.stringify(t)).join(',')}]`);
  if (nbt.health !== undefined) parts.push(`Health:${num(nbt.health)}f`);
  if (nbt.customName !== undefined) parts.push(`CustomName:${JSON.stringify(JSON.stringify({ text: nbt.customName }))}`);
  return `summon ${ns(type)} ${num(pos.x)} ${num(pos.y)} ${num(pos.z)}${parts.length ? ` {${parts.join(',')}}` : ''}`;
}

/** What an item stack can carry besides its name and count (a task's potion type, unbreakable). */
export interface ItemExtras {
  potion?: string | undefined;
  unbreakable?: boolean | undefined;
}

/** The item's NBT tag (1.13–1.20.4 item syntax), or '' when it has none. */
export function itemTag(extras: ItemExtras = {}): string {
  const parts: string[] = [];
  if (extras.potion !== undefined) parts.push(`Potion:${JSON.stringify(ns(extras.potion))}`);
  if (extras.unbreakable) parts.push('Unbreakable:1b');
  return parts.length ? `{${parts.join(',')}}` : '';
}

export const giveCommand = (to: string, item: string, count: number, extras?: ItemExtras): string =>
  `give ${player(to)} ${ns(item)}${itemTag(extras)} ${Math.max(1, Math.floor(count))}`;
export const clearCommand = (who: string): string => `clear ${player(who)}`;
export const teleportCommand = (who: string, pos: Vec3): string => `tp ${player(who)} ${num(pos.x)} ${num(pos.y)} ${num(pos.z)}`;
export const timeCommand = (timeOfDay: number): string => `time set ${int(((timeOfDay % 24000) + 24000) % 24000)}`;
export const gameruleCommand = (rule: string, value: boolean): string => {
  if (!/^[A-Za-z]+$/.test(rule)) throw new InputError(`'${rule}' is not a game rule name`, 'use names like doDaylightCycle or doMobSpawning');
  return `gamerule ${rule} ${value}`;
};
export const difficultyCommand = (d: 'peaceful' | 'easy' | 'normal' | 'hard'): string => `difficulty ${d}`;

/** `durationTicks: null` means for the whole episode. */
export function effectCommand(who: string, effect: string, durationTicks: number | null, amplifier = 0): string {
  const seconds = durationTicks === null ? LONG_EFFECT_SECONDS : Math.max(1, Math.ceil(durationTicks / 20));
  return `effect give ${player(who)} ${ns(effect)} ${seconds} ${Math.max(0, Math.floor(amplifier))} true`;
}

/** Kills the entity of a type nearest a point (vanilla selectors cannot name an entity id). */
export const killNearestCommand = (type: string, pos: Vec3): string =>
  `kill @e[type=${ns(type)},x=${num(pos.x)},y=${num(pos.y)},z=${num(pos.z)},distance=..2,limit=1,sort=nearest]`;
export const killAllNonPlayersCommand = (): string => 'kill @e[type=!minecraft:player]';

export const attributeCommand = (who: string, attribute: string, value: number): string =>
  `attribute ${player(who)} ${ns(attribute)} base set ${num(value)}`;

/** Only `who` sees the text; used for the orchestrator's own barrier markers and for announcements. */
export const tellrawCommand = (who: string, text: string): string => `tellraw ${who === '@a' ? '@a' : player(who)} ${JSON.stringify({ text })}`;

/** Chest contents by /data (1.13+). Slots fill in order, 64 per stack. */
export function chestItemsCommand(pos: Vec3, items: ({ name: string; count: number } & ItemExtras)[]): string {
  const entries: string[] = [];
  let slot = 0;
  for (const it of items) {
    let left = Math.floor(it.count);
    while (left > 0 && slot < 27) {
      const n = Math.min(64, left);
      const tag = itemTag(it);
      entries.push(`{Slot:${slot}b,id:${JSON.stringify(ns(it.name))},Count:${n}b${tag ? `,tag:${tag}` : ''}}`);
      left -= n;
      slot++;
    }
  }
  return `data merge block ${block3(pos)} {Items:[${entries.join(',')}]}`;
}
