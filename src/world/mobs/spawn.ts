/**
 * Creating mobs: `spawnMob` for any minecraft-data mob with its vanilla stats (facts/mobs.ts), and
 * `spawnBoss` for task bosses (TickingCollab's "raid a boss"): a mob of a base type with task-given
 * health, damage and speed, always hostile and persistent.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import { idleControls, type MobEntity } from '../entities/entity.js';
import { mobFacts, mobWalkSpeedBps, type MobBehaviour } from '../facts/mobs.js';
import { mobAttributes, rollMaxHealth } from '../facts/mob-attributes.js';
import { isWeaponKey, WEAPON_KINDS } from '../living/damage-multipliers.js';
import { suggest } from '../registry.js';
import type { World } from '../world.js';
import { mobAi, newMobAi } from './ai-state.js';

export interface SpawnMobOptions {
  /** Never despawns (task mobs). Default false. */
  persistent?: boolean;
  /** Max (and starting) health in half hearts. */
  health?: number;
  /** Melee damage per hit on normal difficulty (the damage rule scales it for easy and hard). */
  damage?: number;
  /** Walking speed in blocks per second. */
  speedBps?: number;
  /** Blocks within which a hostile notices players. */
  followRange?: number;
  /** Multipliers on the melee damage the mob takes, by the attacker's weapon (see MobEntity.damageTakenMultipliers). */
  damageTakenMultipliers?: Readonly<Record<string, number>>;
  tags?: string[];
}

/** minecraft-data entity types that are mobs (living, not players or objects). */
const MOB_CATEGORIES = new Set(['hostile', 'animal', 'mob', 'passive', 'water_creature', 'ambient']);

/**
 * Generic stats for a minecraft-data mob not in facts/mobs.ts (attribute defaults: 0.25 speed, 16 follow
 * range); 20 health (the `generic.max_health` default) only for a mob of a newer version that
 * facts/mob-attributes.ts does not list yet.
 */
const GENERIC_HEALTH = 20;
const GENERIC_SPEED_ATTRIBUTE = 0.25;
const GENERIC_DAMAGE = 2;

export function spawnMob(world: World, type: string, pos: Vec3, opts: SpawnMobOptions = {}): MobEntity {
  const info = world.registry.data.entitiesByName[type];
  if (!info || !MOB_CATEGORIES.has(info.type)) {
    const mobNames = Object.values(world.registry.data.entitiesByName).filter((e) => MOB_CATEGORIES.has(e.type)).map((e) => e.name);
    throw new InputError(`'${type}' is not a mob in Minecraft ${world.registry.version}`, suggest(type, mobNames));
  }
  checkPositive('health', opts.health);
  checkPositive('speedBps', opts.speedBps);
  checkPositive('followRange', opts.followRange);
  if (opts.damage !== undefined && !(Number.isFinite(opts.damage) && opts.damage >= 0)) {
    throw new InputError(`mob damage must be a finite number >= 0, got ${opts.damage}`, 'give damage in half hearts per hit');
  }
  const facts = mobFacts(type);
  const hostile = facts ? facts.hostile : info.type === 'hostile';
  const behaviour: MobBehaviour = facts ? facts.behaviour : hostile ? 'melee' : 'passive';
  for (const [weapon, m] of Object.entries(opts.damageTakenMultipliers ?? {})) {
    if (!isWeaponKey(world.registry, weapon)) {
      throw new InputError(`'${weapon}' in a damage multiplier table is neither an item nor a weapon kind`, `use an item name or one of ${WEAPON_KINDS.join(', ')}`);
    }
    if (!(Number.isFinite(m) && m >= 0)) {
      throw new InputError(`damage multiplier for '${weapon}' must be a finite number >= 0, got ${m}`, 'give each weapon a multiplier like 1.5 (0 makes the mob immune to it)');
    }
  }
  const attributes = mobAttributes(type);
  const maxHealth = opts.health ?? (attributes ? rollMaxHealth(attributes, (n) => world.rng('mob-health').int(0, n - 1)) : GENERIC_HEALTH);
  const walkSpeed = opts.speedBps ?? facts?.walkSpeedBps ?? mobWalkSpeedBps(GENERIC_SPEED_ATTRIBUTE);
  const mob: MobEntity = {
    id: world.allocateId(),
    kind: 'mob',
    type,
    pos: { x: pos.x, y: pos.y, z: pos.z },
    vel: { x: 0, y: 0, z: 0 },
    yaw: 0,
    pitch: 0,
    width: info.width ?? 0.6,
    height: info.height ?? 1.8,
    onGround: false,
    inWater: false,
    inLava: false,
    inPowderSnow: false,
    collidedHorizontally: false,
    age: 0,
    removed: false,
    indexCell: NaN,
    health: maxHealth,
    maxHealth,
    controls: idleControls(),
    walkSpeed,
    effects: new Map(),
    fireTicks: 0,
    fallDistance: 0,
    landedFallDistance: 0,
    air: 300,
    maxAir: 300,
    frozenTicks: 0,
    hurtCooldown: 0,
    lastHurtAmount: 0,
    lastDamageCause: null,
    lastAttacker: null,
    dead: false,
    hostile,
    attackDamage: opts.damage ?? facts?.meleeDamage?.normal ?? (hostile ? GENERIC_DAMAGE : 0),
    naturalArmor: attributes?.armor ?? 0,
    damageTakenMultipliers: { ...opts.damageTakenMultipliers },
    ai: newMobAi({
      behaviour,
      followRange: opts.followRange ?? facts?.followRange ?? 16,
      burnsInDaylight: facts?.burnsInDaylight ?? false,
      baseWalkSpeed: walkSpeed,
      panicSpeedModifier: facts?.panicSpeedModifier ?? 1.25,
      home: { x: pos.x, z: pos.z },
    }) as unknown as Record<string, unknown>,
    persistent: opts.persistent ?? false,
    tags: [...(opts.tags ?? [])],
  };
  return world.addEntity(mob);
}

export interface BossSpec {
  /** minecraft-data mob type the boss looks and moves like (size, burning, loot). */
  base: string;
  /** Display name; kept as the tag `name:<name>`. */
  name: string;
  health: number;
  /** Melee damage per hit on normal difficulty. */
  damage: number;
  speedBps: number;
  pos: Vec3;
  /** Escorts spawned in a ring around the boss (persistent, hostile, tagged `minion`). */
  minions?: { type: string; count: number }[];
  /** Blocks within which the boss notices players (default 64). */
  followRange?: number;
  /** Multipliers on the melee damage the boss takes, by weapon (see MobEntity.damageTakenMultipliers). */
  damageTakenMultipliers?: Readonly<Record<string, number>>;
}

export interface BossSpawn {
  boss: MobEntity;
  minions: MobEntity[];
}

/** Follow range of task bosses: they raid the whole arena, not just the nearest 16 blocks. */
export const BOSS_FOLLOW_RANGE = 64;

export function spawnBoss(world: World, spec: BossSpec): BossSpawn {
  if (!spec.name) throw new InputError('a boss needs a name', 'give the boss a name so tasks and agents can refer to it');
  const boss = spawnMob(world, spec.base, spec.pos, {
    persistent: true,
    health: spec.health,
    damage: spec.damage,
    speedBps: spec.speedBps,
    followRange: spec.followRange ?? BOSS_FOLLOW_RANGE,
    ...(spec.damageTakenMultipliers ? { damageTakenMultipliers: spec.damageTakenMultipliers } : {}),
    tags: ['boss', `name:${spec.name}`],
  });
  // Bosses are hostile whatever their base type (a task may dress a boss as a cow).
  boss.hostile = true;
  if (mobAi(boss).behaviour === 'passive') mobAi(boss).behaviour = 'melee';
  const minions: MobEntity[] = [];
  let n = 0;
  const total = (spec.minions ?? []).reduce((s, m) => s + m.count, 0);
  for (const group of spec.minions ?? []) {
    if (!Number.isInteger(group.count) || group.count < 0) {
      throw new InputError(`minion count must be a whole number >= 0, got ${group.count}`, 'give each minion group a count like 3');
    }
    for (let i = 0; i < group.count; i++, n++) {
      const angle = (2 * Math.PI * n) / Math.max(1, total);
      const p = { x: spec.pos.x + 2 * Math.cos(angle), y: spec.pos.y, z: spec.pos.z + 2 * Math.sin(angle) };
      const m = spawnMob(world, group.type, p, { persistent: true, tags: ['minion', `boss:${boss.id}`] });
      m.hostile = true;
      if (mobAi(m).behaviour === 'passive') mobAi(m).behaviour = 'melee';
      minions.push(m);
    }
  }
  return { boss, minions };
}

function checkPositive(name: string, v: number | undefined): void {
  if (v !== undefined && !(Number.isFinite(v) && v > 0)) {
    throw new InputError(`mob ${name} must be a finite number > 0, got ${v}`, `leave ${name} out for the vanilla value or give a positive number`);
  }
}
