/**
 * Shared layout of the MineLand families on guildcraft's flat world (grass at y=63, agents stand at
 * y=64): agents in a row at the origin, resource piles on a ring around them, mobs a little farther,
 * and the suite parameters (agent count, cooperative or competitive mode) applied the same way to
 * every family.
 */
import { InputError } from '../../../core/errors.js';
import { HOSTILE_TYPES } from '../../../world/facts/mobs.js';
import type { RawTaskSpec } from '../../spec.js';
import type { BaseResources } from './resources.js';

export type MineLandMode = 'cooperative' | 'competitive';

export interface MineLandParams {
  /** Agents per task (MineLand's "number of players"). */
  agents: number;
  mode: MineLandMode;
}

export const DEFAULT_PARAMS: MineLandParams = { agents: 1, mode: 'cooperative' };

export function checkParams(p: MineLandParams): void {
  if (!Number.isInteger(p.agents) || p.agents < 1 || p.agents > 128) {
    throw new InputError(`MineLand suites take 1–128 agents, got ${p.agents}`, 'pass agents between 1 and 128');
  }
  if (p.mode !== 'cooperative' && p.mode !== 'competitive') throw new InputError(`mode must be cooperative or competitive, got '${String(p.mode)}'`, 'pass mode: cooperative or competitive');
}

type Spawn = NonNullable<RawTaskSpec['agents']['spawn']>[number];
type Inventory = Record<string, number | { count: number; unbreakable?: boolean }>;

export const GROUND_Y = 64;

/** Agents `Agent0…` side by side along x, each with its own copy of `inventory`. */
export function agentRow(p: MineLandParams, inventory: Inventory = {}, equipment?: Spawn['equipment']): Spawn[] {
  return Array.from({ length: p.agents }, (_, i) => ({
    name: `Agent${i}`,
    position: [2 * i - (p.agents - 1), GROUND_Y, 0] as [number, number, number],
    inventory: { ...inventory },
    ...(equipment ? { equipment: { ...equipment } } : {}),
  }));
}

/** Suite-wide id: `mineland/<family>-<parts>-a<agents>-<coop|comp>-v1`. */
export function taskId(family: string, parts: readonly (string | number)[], p: MineLandParams): string {
  const slug = [family, ...parts].map((s) => String(s).toLowerCase().replace(/[^a-z0-9_.]+/g, '-')).join('-');
  return `mineland/${slug}-a${p.agents}-${p.mode === 'cooperative' ? 'coop' : 'comp'}-v1`;
}

/** Piles of each base block (`blocksEach` of them) on a ring of radius 10, and mobs on a ring of radius 16. */
export function resourceField(res: BaseResources, blocksEach: number): { grid: NonNullable<NonNullable<RawTaskSpec['environment']>['materials']>['grid']; passives: Mob[]; hostiles: Mob[] } {
  const blocks = [...res.blocks].sort();
  const side = Math.max(1, Math.ceil(Math.sqrt(blocksEach / 2)));
  const height = Math.max(1, Math.ceil(blocksEach / (side * side)));
  const grid = blocks.map((block, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, blocks.length);
    return { block, position: [Math.round(10 * Math.cos(a)), GROUND_Y, Math.round(10 * Math.sin(a)) + 4] as [number, number, number], width: side, height, depth: side };
  });
  const mobs = [...res.mobs].sort();
  const passives: Mob[] = [];
  const hostiles: Mob[] = [];
  mobs.forEach((type, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, mobs.length) + 0.3;
    const m = { type, position: [Math.round(16 * Math.cos(a)), GROUND_Y, Math.round(16 * Math.sin(a))] as [number, number, number], count: 2 };
    (HOSTILE_TYPES.includes(type) ? hostiles : passives).push(m);
  });
  return { grid, passives, hostiles };
}

export interface Mob {
  type: string;
  position: [number, number, number];
  count: number;
}

/** A flat daytime world without natural spawning unless asked, so only the laid-out mobs exist. */
export function flatWorld(difficulty: 'peaceful' | 'easy' | 'normal' | 'hard', gamerules: Record<string, boolean> = {}) {
  return { world_type: 'flatgrass' as const, difficulty, time: 'day' as const, gamerules: { doMobSpawning: false, ...gamerules } };
}
