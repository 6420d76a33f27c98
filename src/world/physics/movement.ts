/**
 * Physics-lite movement for players, mobs and dropped items: gravity and drag with vanilla's
 * per-tick constants, jumping, swimming, walking at the entity's speed (scaled by Speed/Slowness,
 * sprinting, sneaking, water, lava and powder snow), collision with solid blocks, and fall distance.
 *
 * Deliberate simplifications (docs/world-living.md, "Simplified or left out"): horizontal velocity follows the controls at once
 * (no ground friction or acceleration curve) except during a sprint-jump, which keeps vanilla's momentum, blocks are full cubes or empty, no step-up. Swimmers
 * get out of the water as in vanilla: a jump at the surface is a real jump, and swimming into a bank
 * with room above it pushes them up.
 */
import type { EntityBase, ItemEntity, Living } from '../entities/entity.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { moveAxis, type SolidAt } from './collision.js';
import { cameToRest, ITEM_GROUND_FRICTION, wakeItemsNear } from './item-rest.js';

/** Vanilla per-tick constants. */
export const GRAVITY = 0.08;
export const AIR_DRAG = 0.98;
export const JUMP_VELOCITY = 0.42;
export const ITEM_GRAVITY = 0.04;
export const SPRINT_FACTOR = 5.612 / 4.317;
export const SNEAK_FACTOR = 0.3;
/** Horizontal speed factors inside fluids and powder snow (physics-lite fits to vanilla walking speeds). */
export const WATER_FACTOR = 0.45;
export const LAVA_FACTOR = 0.25;
export const POWDER_SNOW_FACTOR = 0.3;
/**
 * Sprint-jumping (vanilla LivingEntity.jumpFromGround and travel): a jump while sprinting adds 0.2 in
 * the facing direction; in the air horizontal velocity keeps 0.91 per tick and the input adds 0.026·0.98
 * (the sprinting flying speed); on the ground it keeps 0.546 (0.6 block friction · 0.91) and the input adds
 * speed·(1 - 0.546), the same acceleration that gives physics-lite's steady ground speed. With these,
 * continuous sprint-jumping averages about 7.1 blocks/s against 5.6 for sprinting (wiki "Sprinting").
 */
export const SPRINT_JUMP_BOOST = 0.2;
export const AIR_FRICTION = 0.91;
export const GROUND_FRICTION = 0.6 * 0.91;
export const SPRINT_AIR_ACCEL = 0.026 * 0.98;

export function movementSystem(): WorldSystem {
  return {
    name: 'movement',
    attach(world) {
      world.watchBlocks((x, y, z) => wakeItemsNear(world, x, y, z));
    },
    tick(world) {
      // Resting items' ages count up to this tick; a block change after it wakes them for the next.
      world.itemTurns.movedAtTick = world.tick;
      const reg = world.registry;
      const solidByState = reg.solidByState;
      const blocks = world.blocks;
      const solid: SolidAt = (x, y, z) => solidByState[blocks.get(x, y, z)] === 1;
      const fluidByState = reg.fluidByState;
      const water: SolidAt = (x, y, z) => fluidByState[blocks.get(x, y, z)] === 1;
      const powderSnow = reg.stateOf('powder_snow');
      // Projectiles move in their own rule. An entity's move reads blocks only, never another
      // entity, so moving the living before the items gives the moves of moving all in spawn order.
      for (const e of world.livingEntities.values()) {
        if (e.removed || e.dead) continue;
        senseMedium(world, e, powderSnow);
        moveLiving(e, solid, water);
        e.age++;
      }
      // Only the busy items: a resting one's move would change nothing (item-rest.ts), and its age
      // counts on by itself.
      for (const e of world.itemTurns.busyItems) {
        if (e.removed || e.restingSince >= 0) continue;
        senseMedium(world, e, powderSnow);
        const { x, y, z } = e.pos;
        moveItem(e, solid, world.tick);
        e.age++;
        if (e.restingSince >= 0) world.itemTurns.cameToRest(e);
        if (e.pos.x !== x || e.pos.y !== y || e.pos.z !== z) {
          world.index.refileItem(e);
          world.itemTurns.changedNear(world, e); // resting stacks it came within reach of may merge with it
        }
      }
    },
  };
}

/** Records whether the entity's body is in water, lava or powder snow this tick. */
function senseMedium(world: World, e: EntityBase, powderSnow: number): void {
  const fluid = world.registry.fluidByState;
  const x = Math.floor(e.pos.x), z = Math.floor(e.pos.z);
  const feet = world.blocks.get(x, Math.floor(e.pos.y + 0.1), z);
  const waist = world.blocks.get(x, Math.floor(e.pos.y + e.height * 0.5), z);
  e.inWater = fluid[feet] === 1 || fluid[waist] === 1;
  e.inLava = fluid[feet] === 2 || fluid[waist] === 2;
  e.inPowderSnow = feet === powderSnow || waist === powderSnow;
}

/** Walking speed in blocks per tick after effects and medium. */
export function horizontalSpeed(e: Living): number {
  let bps = e.walkSpeed;
  if (e.effects.size > 0) {
    const speed = e.effects.get('Speed');
    if (speed) bps *= 1 + 0.2 * (speed.amplifier + 1);
    const slow = e.effects.get('Slowness');
    if (slow) bps *= Math.max(0, 1 - 0.15 * (slow.amplifier + 1));
  }
  const c = e.controls;
  if (c.sneak) bps *= SNEAK_FACTOR;
  else if (c.sprint && c.forward > 0) bps *= SPRINT_FACTOR;
  if (e.inLava) bps *= LAVA_FACTOR;
  else if (e.inWater) bps *= WATER_FACTOR;
  if (e.inPowderSnow) bps *= POWDER_SNOW_FACTOR;
  return bps / 20;
}

/** Vanilla LivingEntity: in water with at most this much of the body submerged, jump is a ground jump. */
const FLUID_JUMP_THRESHOLD = 0.4;
/** Vanilla LivingEntity.travel: swimming into a wall with room above gives this upward velocity. */
const OUT_OF_WATER_IMPULSE = 0.3;
/** How far above the body that room is checked. */
const OUT_OF_WATER_CLEARANCE = 0.6;

function moveLiving(e: Living, solid: SolidAt, water: SolidAt): void {
  const c = e.controls;
  // Horizontal intent along yaw (0 = +z, 90 = -x, as in Minecraft).
  let fx = c.forward, fs = c.strafe;
  // hypot(f, 0) is |f| exactly, so with one control at zero the length needs no hypot; and with
  // none there is no intent to turn along the yaw (only the sign of a zero velocity would differ,
  // which moves nothing). Most bodies walk straight or stand: this skips hypot, sin and cos there.
  const mag = fx === 0 ? Math.abs(fs) : fs === 0 ? Math.abs(fx) : Math.hypot(fx, fs);
  if (mag > 1) { fx /= mag; fs /= mag; }
  const speed = horizontalSpeed(e);
  let sin = 0, cos = 0;
  if (fx !== 0 || fs !== 0) {
    const yawRad = (e.yaw * Math.PI) / 180;
    sin = Math.sin(yawRad);
    cos = Math.cos(yawRad);
  }
  const ix = -sin * fx + cos * fs, iz = cos * fx + sin * fs;
  const inFluidNow = e.inWater || e.inLava || e.inPowderSnow;
  const startOnGround = e.onGround;
  const sprintJumpNow = c.jump && c.sprint && c.forward > 0 && startOnGround && !c.sneak && !inFluidNow;
  if (inFluidNow || (startOnGround && !sprintJumpNow)) e.sprintJumpCarry = null;
  const sprintJumping = sprintJumpNow || !!e.sprintJumpCarry;
  if (sprintJumping) {
    // Vanilla momentum from a sprint-jump until the entity is back on the ground without jumping again.
    // Entering from physics-lite ground movement, the carried velocity is the steady one at `speed`.
    const carry = e.sprintJumpCarry ?? { x: ix * speed * GROUND_FRICTION, z: iz * speed * GROUND_FRICTION };
    const accel = startOnGround ? speed * (1 - GROUND_FRICTION) : SPRINT_AIR_ACCEL;
    e.vel.x = carry.x + ix * accel + (sprintJumpNow ? -sin * SPRINT_JUMP_BOOST : 0);
    e.vel.z = carry.z + iz * accel + (sprintJumpNow ? cos * SPRINT_JUMP_BOOST : 0);
  } else {
    e.vel.x = ix * speed;
    e.vel.z = iz * speed;
  }

  // Vertical.
  const inFluid = e.inWater || e.inLava;
  if (inFluid) {
    e.vel.y = e.vel.y * (e.inLava ? 0.5 : 0.8) - 0.02;
    if (c.jump) {
      // Barely in the water (standing in a shallow or bobbing at the surface), jump is a real jump:
      // that is how a swimmer gets back onto a bank (vanilla aiStep, fluid jump threshold).
      if (e.inWater && e.vel.y <= 0 && waterDepth(e, water) <= FLUID_JUMP_THRESHOLD) e.vel.y = JUMP_VELOCITY;
      else e.vel.y += 0.06;
    }
    e.fallDistance = 0;
  } else if (e.inPowderSnow) {
    e.vel.y = Math.max(e.vel.y - GRAVITY, -0.1);
  } else {
    if (c.jump && e.onGround) {
      e.vel.y = JUMP_VELOCITY;
      const boost = e.effects.get('JumpBoost');
      if (boost) e.vel.y += 0.1 * (boost.amplifier + 1);
      if (e.kind === 'player') e.activity.jumped = true;
    }
  }

  const startY = e.pos.y;
  const dy = moveAxis(e, 1, e.vel.y, solid);
  const blockedDown = e.vel.y < 0 && dy > e.vel.y + 1e-9;
  const blockedUp = e.vel.y > 0 && dy < e.vel.y - 1e-9;
  const dx = moveAxis(e, 0, e.vel.x, solid);
  const dz = moveAxis(e, 2, e.vel.z, solid);
  e.collidedHorizontally = Math.abs(dx - e.vel.x) > 1e-9 || Math.abs(dz - e.vel.z) > 1e-9;
  if (sprintJumping) {
    // Drag before the next tick: ground friction on the take-off tick, air drag in flight; a wall stops it.
    const f = startOnGround ? GROUND_FRICTION : AIR_FRICTION;
    e.sprintJumpCarry = { x: dx * f, z: dz * f };
  }

  // Swimming into a wall with room (no block, no water) a little higher up: pushed up over it.
  if (e.inWater && e.collidedHorizontally && boxIsFree(e, e.vel.x, OUT_OF_WATER_CLEARANCE, e.vel.z, solid, water)) e.vel.y = OUT_OF_WATER_IMPULSE;

  const fell = startY - e.pos.y;
  if (fell > 0 && !inFluid) e.fallDistance += fell;
  const wasOnGround = e.onGround;
  e.onGround = blockedDown || (e.vel.y <= 0 && solidBelow(e, solid));
  e.landedFallDistance = 0;
  if (e.onGround) {
    if (!wasOnGround && e.fallDistance > 0) e.landedFallDistance = e.fallDistance;
    e.fallDistance = 0;
    e.vel.y = 0;
  } else {
    if (blockedUp) e.vel.y = 0;
    if (!inFluid && !e.inPowderSnow) e.vel.y = (e.vel.y - GRAVITY) * AIR_DRAG;
  }
}

/** How deep the feet are under the water surface of the column (0 when the feet are not in water). */
function waterDepth(e: EntityBase, water: SolidAt): number {
  const x = Math.floor(e.pos.x), z = Math.floor(e.pos.z);
  let y = Math.floor(e.pos.y);
  if (!water(x, y, z)) return 0;
  while (water(x, y + 1, z) && y + 1 - e.pos.y <= e.height) y++;
  return y + 1 - e.pos.y;
}

/** Whether the entity's box moved by (dx, dy, dz) touches no solid block and no water. */
function boxIsFree(e: EntityBase, dx: number, dy: number, dz: number, solid: SolidAt, water: SolidAt): boolean {
  const hw = e.width / 2 - 1e-7;
  const x0 = Math.floor(e.pos.x + dx - hw), x1 = Math.floor(e.pos.x + dx + hw);
  const z0 = Math.floor(e.pos.z + dz - hw), z1 = Math.floor(e.pos.z + dz + hw);
  const y0 = Math.floor(e.pos.y + dy), y1 = Math.floor(e.pos.y + dy + e.height - 1e-7);
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) for (let z = z0; z <= z1; z++) if (solid(x, y, z) || water(x, y, z)) return false;
  return true;
}

function solidBelow(e: EntityBase, solid: SolidAt): boolean {
  const y = e.pos.y - 1e-3;
  if (e.pos.y - Math.floor(e.pos.y) > 1e-3) return false;
  const hw = e.width / 2 - 1e-7;
  const x0 = Math.floor(e.pos.x - hw), x1 = Math.floor(e.pos.x + hw);
  const z0 = Math.floor(e.pos.z - hw), z1 = Math.floor(e.pos.z + hw);
  const by = Math.floor(y);
  for (let x = x0; x <= x1; x++) for (let z = z0; z <= z1; z++) if (solid(x, by, z)) return true;
  return false;
}

function moveItem(e: ItemEntity, solid: SolidAt, tick: number): void {
  const vx = e.vel.x, vy = e.vel.y, vz = e.vel.z, wet = e.inWater;
  if (e.inWater) e.vel.y = Math.min(e.vel.y + 0.005, 0.06);
  else e.vel.y = (e.vel.y - ITEM_GRAVITY) * AIR_DRAG;
  const dy = moveAxis(e, 1, e.vel.y, solid);
  const dx = moveAxis(e, 0, e.vel.x, solid);
  const dz = moveAxis(e, 2, e.vel.z, solid);
  const landed = e.vel.y < 0 && dy > e.vel.y + 1e-9;
  e.onGround = landed || solidBelow(e, solid);
  const f = e.onGround ? ITEM_GROUND_FRICTION : 0.98;
  e.vel.x *= f;
  e.vel.z *= f;
  if (e.onGround) e.vel.y = 0;
  if (cameToRest(e, vx, vy, vz, wet, dx, dy, dz, landed)) e.restingSince = tick;
}
