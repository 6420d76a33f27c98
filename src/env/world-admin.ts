/**
 * Privileged control of a running episode's world, used by the tasks layer for set-up, dynamic
 * events (a lava flood, a wave of monsters, a timed message) and evaluation. Agents never get this:
 * on the sim backend it writes the embedded world directly, on the Minecraft backend it issues
 * server commands (`/fill`, `/summon`, `/give`, …) over a separate operator connection.
 *
 * Everything here is a command, not a rule: no dig times, reach or inventory limits apply.
 */
import type { Vec3 } from '../core/vec3.js';
import type { ScenarioItem } from './scenario.js';

export interface AdminEntityInfo {
  id: number;
  type: string;
  name?: string;
  pos: Vec3;
  health?: number;
  maxHealth?: number;
  tags?: string[];
  dead?: boolean;
}

export interface AdminPlayerInfo {
  name: string;
  pos: Vec3;
  alive: boolean;
  health: number;
  food: number;
  inventory: Record<string, number>;
  effects: string[];
  /** Times this player died in the episode so far. */
  deaths: number;
}

export interface BossOptions {
  type: string;
  pos: Vec3;
  health: number;
  damage: number;
  speedBps?: number;
  name?: string;
  /** Weapon -> multiplier on the melee damage the boss takes (the raid's type advantages). */
  damageMultipliers?: Readonly<Record<string, number>>;
}

export interface SummonOptions {
  count?: number;
  persistent?: boolean;
  tags?: string[];
  health?: number;
  /** Melee damage per hit on normal difficulty. */
  damage?: number;
  /** Weapon -> multiplier on the melee damage the mob takes. */
  damageMultipliers?: Readonly<Record<string, number>>;
}

export interface WorldAdmin {
  /** The current tick of the episode (20 per second). */
  readonly tick: number;
  blockAt(pos: Vec3): string;
  setBlock(pos: Vec3, block: string): void;
  /** Fills the box between two corners (inclusive). Returns how many blocks changed. */
  fill(from: Vec3, to: Vec3, block: string, options?: { onlyReplace?: string[] }): number;
  /** Spawns mobs; returns their entity ids. `persistent` mobs never despawn. */
  summon(type: string, pos: Vec3, options?: SummonOptions): number[];
  spawnBoss(options: BossOptions): number;
  remove(entityId: number): void;
  entities(filter?: { type?: string; tag?: string }): AdminEntityInfo[];
  players(): AdminPlayerInfo[];
  give(player: string, item: string, count: number): void;
  clearInventory(player: string): void;
  effect(player: string, effect: string, durationTicks: number | null, amplifier?: number): void;
  /**
   * Hurts a player by `amount` half-hearts (armor and effects apply as for any hit of that cause).
   * Optional: a backend without it gets the damage as an instant_damage effect instead.
   */
  damage?(player: string, amount: number, cause: 'drowning' | 'lava' | 'freezing' | 'generic'): void;
  teleport(player: string, pos: Vec3): void;
  setTime(timeOfDay: number): void;
  setGamerule(rule: string, value: boolean): void;
  /** A server message every agent hears (task announcements, timed messages). */
  broadcast(message: string): void;
  chestContents(pos: Vec3): Record<string, number> | null;
  setChestContents(pos: Vec3, items: ScenarioItem[]): void;
}
