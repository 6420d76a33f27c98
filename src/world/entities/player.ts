/** Creating player entities (agents) with vanilla defaults and per-task capabilities. */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import { Inventory } from '../inventory.js';
import type { World } from '../world.js';
import { idleControls, type Player } from './entity.js';
import { ReachCubes } from './entity-index.js';

/** Vanilla player walking speed in blocks per second. */
export const PLAYER_WALK_SPEED = 4.317;
export const PLAYER_WIDTH = 0.6;
export const PLAYER_HEIGHT = 1.8;
export const PLAYER_MAX_AIR = 300;

/** Per-agent capabilities, as TickingCollab's task files give them. */
export interface PlayerCapabilities {
  maxHealth?: number;
  /** Walking speed in blocks per second. */
  speedBps?: number;
  /** Perception radius in blocks (senses). */
  perceptionRange?: number;
}

export function createPlayer(world: World, name: string, pos: Vec3, caps: PlayerCapabilities = {}): Player {
  const maxHealth = caps.maxHealth ?? 20;
  return {
    id: world.allocateId(),
    kind: 'player',
    type: 'player',
    name,
    pos: { ...pos },
    vel: { x: 0, y: 0, z: 0 },
    yaw: 0,
    pitch: 0,
    width: PLAYER_WIDTH,
    height: PLAYER_HEIGHT,
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
    walkSpeed: caps.speedBps ?? PLAYER_WALK_SPEED,
    effects: new Map(),
    fireTicks: 0,
    fallDistance: 0,
    landedFallDistance: 0,
    air: PLAYER_MAX_AIR,
    maxAir: PLAYER_MAX_AIR,
    frozenTicks: 0,
    hurtCooldown: 0,
    lastHurtAmount: 0,
    lastDamageCause: null,
    lastAttacker: null,
    dead: false,
    inventory: new Inventory(world.registry),
    food: 20,
    saturation: 5,
    exhaustion: 0,
    foodTimer: 0,
    attackCooldown: 0,
    attackCooldownMax: 0,
    perceptionRange: caps.perceptionRange ?? 32,
    spawnPoint: { ...pos },
    respawnTimer: 0,
    using: null,
    raisedShield: null,
    shieldDisabledUntil: 0,
    digging: null,
    activity: { jumped: false, attacked: false, dugBlock: false, damageTaken: 0 },
    travelX: NaN,
    travelZ: NaN,
    pickupCubes: new ReachCubes(),
  };
}

/** Adds an agent to the world. Names are unique: they are how agents address each other. */
export function joinPlayer(world: World, name: string, pos: Vec3, caps: PlayerCapabilities = {}): Player {
  if (world.players.has(name)) {
    throw new InputError(`a player named '${name}' is already in the world`, 'give every agent a unique name; names are how agents address each other');
  }
  const p = world.addEntity(createPlayer(world, name, pos, caps));
  world.emit({ type: 'player_joined', player: p.id, name, pos: { ...p.pos } });
  return p;
}
