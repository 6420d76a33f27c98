/**
 * The AI's per-mob memory, stored in `MobEntity.ai` (typed here; the entity contract keeps it opaque so
 * other rules do not depend on it). Created by spawnMob; only the mob AI rules read or write it.
 */
import type { MobEntity } from '../entities/entity.js';
import type { MobBehaviour } from '../facts/mobs.js';

export interface MobAi {
  behaviour: MobBehaviour;
  /** Blocks within which a hostile notices players. */
  followRange: number;
  burnsInDaylight: boolean;
  /** Walking speed without panic (walkSpeed is raised while fleeing). */
  baseWalkSpeed: number;
  panicSpeedModifier: number;
  /** Where a passive mob was spawned; wandering drifts back toward it. */
  home: { x: number; z: number };
  /** Current target entity id (hostiles). */
  target: number | null;
  /** Where the mob is walking to (wandering or fleeing), or null when idle. */
  goalX: number;
  goalZ: number;
  hasGoal: boolean;
  /** Ticks spent on the current goal (gives up when stuck). */
  goalTicks: number;
  /** Ticks to idle before picking the next wander goal. */
  idleTicks: number;
  /** Ticks of panic left after being hurt (passive mobs). */
  panicTicks: number;
  /** Ticks until the next melee hit or shot. */
  attackCooldown: number;
  /** Creeper swell 0..fuse. */
  swell: number;
}

export function newMobAi(init: Pick<MobAi, 'behaviour' | 'followRange' | 'burnsInDaylight' | 'baseWalkSpeed' | 'panicSpeedModifier' | 'home'>): MobAi {
  return { ...init, target: null, goalX: 0, goalZ: 0, hasGoal: false, goalTicks: 0, idleTicks: 0, panicTicks: 0, attackCooldown: 0, swell: 0 };
}

/** The typed AI memory of a mob spawned by spawnMob. */
export const mobAi = (mob: MobEntity): MobAi => mob.ai as unknown as MobAi;
