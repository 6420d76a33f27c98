/**
 * Passive mobs (pig, cow, sheep, chicken): idle, wander to a random nearby spot, and panic after being
 * hurt (vanilla RandomStrollGoal and PanicGoal, simplified: straight-line walking, no path finding).
 */
import type { MobEntity } from '../entities/entity.js';
import { PANIC_TICKS } from '../facts/mobs.js';
import type { Rng } from '../rng.js';
import type { World } from '../world.js';
import type { MobAi } from './ai-state.js';
import { horizontalDistSq, stop, walkToward } from './steering.js';

/** Vanilla RandomStrollGoal picks a spot within 10 blocks; its interval averages 120 ticks. */
const WANDER_RADIUS = 10;
const IDLE_MIN = 60;
const IDLE_MAX = 180;
/**
 * Not vanilla: a mob farther than this from where it was spawned wanders back toward it, so herds a
 * task placed stay where the task put them instead of random-walking away over a long episode.
 */
const LEASH = 16;
/** Goals not reached in this many ticks are dropped (blocked by a wall or a drop). */
const GIVE_UP_TICKS = 200;
const FLEE_DISTANCE = 8;
const ARRIVED_SQ = 0.5 * 0.5;

export function tickPassive(world: World, mob: MobEntity, ai: MobAi, rng: Rng): void {
  if (ai.panicTicks > 0) {
    ai.panicTicks--;
    if (ai.panicTicks === 0) {
      mob.walkSpeed = ai.baseWalkSpeed;
      ai.hasGoal = false;
    }
  }
  if (!ai.hasGoal) {
    if (ai.panicTicks > 0) fleeGoal(world, mob, ai, rng);
    else if (--ai.idleTicks <= 0) wanderGoal(mob, ai, rng);
    else {
      stop(mob);
      return;
    }
  }
  ai.goalTicks++;
  if (horizontalDistSq(mob, ai.goalX, ai.goalZ) < ARRIVED_SQ || ai.goalTicks > GIVE_UP_TICKS || !walkToward(world, mob, ai.goalX, ai.goalZ)) {
    ai.hasGoal = false;
    ai.idleTicks = rng.int(IDLE_MIN, IDLE_MAX);
    stop(mob);
  }
}

/** Starts the panic run after a hit: faster walking, away from the attacker when there is one. */
export function startPanic(world: World, mob: MobEntity, ai: MobAi, rng: Rng): void {
  if (ai.panicTicks === 0) mob.walkSpeed = ai.baseWalkSpeed * ai.panicSpeedModifier * ai.panicSpeedModifier;
  ai.panicTicks = PANIC_TICKS;
  fleeGoal(world, mob, ai, rng);
}

function wanderGoal(mob: MobEntity, ai: MobAi, rng: Rng): void {
  const dx = mob.pos.x - ai.home.x;
  const dz = mob.pos.z - ai.home.z;
  const farFromHome = dx * dx + dz * dz > LEASH * LEASH;
  const cx = farFromHome ? ai.home.x : mob.pos.x;
  const cz = farFromHome ? ai.home.z : mob.pos.z;
  const r = farFromHome ? WANDER_RADIUS / 2 : WANDER_RADIUS;
  setGoal(ai, cx + rng.range(-r, r), cz + rng.range(-r, r));
}

function fleeGoal(world: World, mob: MobEntity, ai: MobAi, rng: Rng): void {
  const attacker = ai.panicTicks > 0 && mob.lastAttacker !== null ? world.entity(mob.lastAttacker) : undefined;
  let dx: number, dz: number;
  if (attacker && !attacker.removed) {
    dx = mob.pos.x - attacker.pos.x;
    dz = mob.pos.z - attacker.pos.z;
  } else {
    const a = rng.range(0, 2 * Math.PI);
    dx = Math.cos(a);
    dz = Math.sin(a);
  }
  const len = Math.hypot(dx, dz) || 1;
  setGoal(ai, mob.pos.x + (dx / len) * FLEE_DISTANCE + rng.range(-2, 2), mob.pos.z + (dz / len) * FLEE_DISTANCE + rng.range(-2, 2));
}

function setGoal(ai: MobAi, x: number, z: number): void {
  ai.goalX = x;
  ai.goalZ = z;
  ai.hasGoal = true;
  ai.goalTicks = 0;
}
