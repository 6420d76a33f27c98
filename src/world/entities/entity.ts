/**
 * Entity data. Entities are plain objects updated by systems (physics, needs, AI); the shapes here
 * are the contract between those systems. Positions are the centre of the entity's feet.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Inventory, ItemStack } from '../inventory.js';
import type { DamageCause } from '../events.js';
import type { ReachCubes } from './entity-index.js';

export type EntityKind = 'player' | 'mob' | 'item' | 'projectile';

export interface EntityBase {
  readonly id: number;
  readonly kind: EntityKind;
  /** minecraft-data entity name (`zombie`, `item`, `player`, or a boss name). */
  readonly type: string;
  pos: Vec3;
  vel: Vec3;
  /** Degrees; 0 faces +z (south), 90 faces -x (west), as in Minecraft. */
  yaw: number;
  pitch: number;
  width: number;
  height: number;
  onGround: boolean;
  inWater: boolean;
  inLava: boolean;
  /** Inside powder snow this tick. */
  inPowderSnow: boolean;
  /** Movement was blocked sideways this tick (AI uses it to jump or re-path). */
  collidedHorizontally: boolean;
  /** Ticks since spawn. */
  age: number;
  /** Set when the entity has left the world; systems skip it and the world drops it at the end of the tick. */
  removed: boolean;
  /**
   * The world's entity index files the entity here (its grid cell's key; NaN while not filed). A field
   * rather than a map in the index: the end-of-tick sweep reads it for every entity every tick.
   */
  indexCell: number;
}

/** Movement intent for one tick: what a player's keys or a mob's AI want. Physics turns it into motion. */
export interface Controls {
  /** -1 back … 1 forward, along `yaw`. */
  forward: number;
  /** -1 right … 1 left. */
  strafe: number;
  jump: boolean;
  sprint: boolean;
  sneak: boolean;
}

export interface ActiveEffect {
  /** minecraft-data effect name, e.g. `Speed`, `FireResistance`. */
  name: string;
  /** 0 for level I. */
  amplifier: number;
  /** Remaining ticks; Infinity for permanent task effects. */
  ticksLeft: number;
}

export interface LivingEntity extends EntityBase {
  health: number;
  maxHealth: number;
  controls: Controls;
  /** Base walking speed in blocks per second before effects (vanilla player: 4.317). */
  walkSpeed: number;
  effects: Map<string, ActiveEffect>;
  /** Ticks left burning. */
  fireTicks: number;
  /** Blocks fallen since last on ground; physics accumulates it, the fall-damage rule consumes it. */
  fallDistance: number;
  /** Fall distance of a landing that happened this tick (0 when none); set by physics. */
  landedFallDistance: number;
  /** Remaining air in ticks (vanilla 300). */
  air: number;
  maxAir: number;
  /** Ticks spent in powder snow (vanilla freezing counter, 0–140). */
  frozenTicks: number;
  /** Ticks of damage immunity left after a hit (vanilla 10 of 20). */
  hurtCooldown: number;
  /** Damage absorbed by the current immunity window (a bigger hit still lands the difference). */
  lastHurtAmount: number;
  lastDamageCause: DamageCause | null;
  lastAttacker: number | null;
  dead: boolean;
  /**
   * Horizontal velocity kept between ticks (after drag) while the entity is in a sprint-jump, where the
   * movement rule follows vanilla's momentum instead of the controls (physics/movement.ts); absent or
   * null otherwise.
   */
  sprintJumpCarry?: { x: number; z: number } | null;
}

export interface Player extends LivingEntity {
  readonly kind: 'player';
  readonly name: string;
  inventory: Inventory;
  food: number;
  saturation: number;
  exhaustion: number;
  /** Vanilla food tick timer driving regeneration and starvation. */
  foodTimer: number;
  /** Ticks until the attack is fully charged again (attack cooldown). */
  attackCooldown: number;
  attackCooldownMax: number;
  /** Block radius within which the player can perceive (used by skills' senses). */
  perceptionRange: number;
  /** Optional view cone (full angle, degrees) for senses; absent = sees all around. */
  fovDegrees?: number;
  spawnPoint: Vec3;
  /** Ticks until respawn while dead. */
  respawnTimer: number;
  /** An item being used over several ticks (eating, drinking), managed by the item-use rule. */
  using: { item: string; ticksLeft: number } | null;
  /** A shield held up (living/shield.ts): the hand it is in and the tick it went up (it blocks 5 ticks later). */
  raisedShield: { hand: 'main' | 'off'; sinceTick: number } | null;
  /** The tick until which an axe hit keeps the shield from being raised (vanilla's shield item cooldown). */
  shieldDisabledUntil: number;
  /**
   * Current dig, managed by the digging rule. `progress` is vanilla's destroy progress (0–1, the dig
   * ends at 1); `ticksNeeded` is the total at the current conditions. `blockState` and `tool` are what
   * the dig started on, so a changed block or held item cancels it.
   */
  digging: { pos: Vec3; ticksDone: number; ticksNeeded: number; progress: number; blockState: number; tool: string | null } | null;
  /** Per-tick work this tick (for exhaustion): sprint/jump/attack/dig counters the needs rule reads. */
  activity: { jumped: boolean; attacked: boolean; dugBlock: boolean; damageTaken: number };
  /**
   * Where the hunger rule last saw the player (x, z), to charge the distance travelled; NaN before its
   * first look. A field rather than a side table: the rule reads it for every player every tick.
   */
  travelX: number;
  travelZ: number;
  /** The item grid's cubes the pickup rule last looked in for this player (entity-index.ts ReachCubes); a field for the same reason. */
  pickupCubes: ReachCubes;
}

export interface MobEntity extends LivingEntity {
  readonly kind: 'mob';
  hostile: boolean;
  /** Melee damage per hit (for bosses and overrides; defaults come from facts). */
  attackDamage: number;
  /** Natural armor points (vanilla attribute `generic.armor`: zombie 2, wither 4…), from facts/mob-attributes.ts. */
  naturalArmor: number;
  /**
   * Multipliers on the damage this mob takes from a player's melee hit, by the weapon in the attacker's
   * hand: an item name (`iron_sword`) wins over a weapon kind (`sword`, `axe`, `hand` for an empty hand).
   * TickingCollab's raid gives bosses and minions type advantages this way; empty for ordinary mobs.
   */
  damageTakenMultipliers: Readonly<Record<string, number>>;
  /** AI state, owned by the mob AI system. */
  ai: Record<string, unknown>;
  /** Survives despawn rules (task-spawned mobs, bosses). */
  persistent: boolean;
  /** Extra data for bosses and task mobs. */
  tags: string[];
}

export interface ItemEntity extends EntityBase {
  readonly kind: 'item';
  stack: ItemStack;
  /** Ticks until it can be picked up (vanilla 10 for dropped, 40 for thrown by a player). */
  pickupDelay: number;
  /**
   * The entity index's fine item grid files the item here (NaN while not filed); kept current as the
   * item moves, not only at the end of the tick (entity-index.ts).
   */
  itemCell: number;
  /**
   * The tick of the item's last move when it came to rest (on the ground, still, out of water), or -1
   * while it moves: a resting item skips the movement rule until a block next to it changes
   * (physics/item-rest.ts). While it rests, `vel` is that of the tick it came to rest, and `age` counts
   * on by itself (it is computed from the ticks since).
   */
  restingSince: number;
  /** Whether the item is on the world's busy list (it moves or counts a pickup delay down; items/item-turns.ts). */
  busy: boolean;
  /** A resting item whose next merge check may find something (items/item-turns.ts). */
  mergeMarked: boolean;
  /** The last tick the pickup rule gave the item a turn (so it gets at most one a tick). */
  turnTick: number;
  /** The tick its despawn turn is booked for while dormant (-1 before the first booking; items/item-turns.ts). */
  despawnTick: number;
}

export interface ProjectileEntity extends EntityBase {
  readonly kind: 'projectile';
  owner: number | null;
  damage: number;
}

export type Entity = Player | MobEntity | ItemEntity | ProjectileEntity;
export type Living = Player | MobEntity;

export const isLiving = (e: Entity): e is Living => e.kind === 'player' || e.kind === 'mob';

export const idleControls = (): Controls => ({ forward: 0, strafe: 0, jump: false, sprint: false, sneak: false });
