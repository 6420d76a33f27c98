/** What a world is made from. Everything is plain data, so a run record can store and replay it. */
import type { FlatTerrainOptions } from './terrain/flat.js';

export type Difficulty = 'peaceful' | 'easy' | 'normal' | 'hard';

export interface Gamerules {
  doMobSpawning: boolean;
  doDaylightCycle: boolean;
  keepInventory: boolean;
  naturalRegeneration: boolean;
  doFireTick: boolean;
  fallDamage: boolean;
  drowningDamage: boolean;
  fireDamage: boolean;
  freezeDamage: boolean;
}

export const DEFAULT_GAMERULES: Gamerules = {
  doMobSpawning: true,
  doDaylightCycle: true,
  keepInventory: false,
  naturalRegeneration: true,
  doFireTick: true,
  fallDamage: true,
  drowningDamage: true,
  fireDamage: true,
  freezeDamage: true,
};

export type TerrainSpec =
  | ({ type: 'flat' } & FlatTerrainOptions)
  | { type: 'natural'; seaLevel?: number };

export interface WorldOptions {
  /** Everything random in the world derives from this. */
  seed: number | string;
  /** Minecraft version whose facts minecraft-data provides (default 1.20.4). */
  version?: string;
  terrain?: TerrainSpec;
  difficulty?: Difficulty;
  gamerules?: Partial<Gamerules>;
  /** Starting time of day in ticks (0 = sunrise, 6000 noon, 13000 night, 18000 midnight). */
  timeOfDay?: number;
}
