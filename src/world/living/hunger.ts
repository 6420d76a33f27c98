/**
 * Hunger, natural regeneration and starvation (Java Edition 1.20, wiki "Hunger" § Mechanics; vanilla
 * FoodData.tick and Player.aiStep).
 * - Exhaustion from this tick's activity (`player.activity`, which this rule consumes and clears):
 *   sprinting 0.1/m on the ground, moving in water 0.01/m, jump 0.05 (sprint-jump 0.2), attack 0.1,
 *   breaking a block 0.005. Walking costs nothing in Java Edition. Damage adds its 0.1 in damage.ts.
 * - When exhaustion exceeds 4: subtract 4, then take 1 saturation, or 1 food when saturation is 0
 *   (food never drains on peaceful).
 * - With gamerule naturalRegeneration: food 20 and saturation > 0 → every 10 ticks heal
 *   min(saturation, 6) / 6 and add that min as exhaustion; else food >= 18 → every 80 ticks heal 1 and
 *   add 6 exhaustion.
 * - Food 0 → every 80 ticks 1 starvation damage while health > 10 (easy), > 1 (normal), always (hard).
 * - Peaceful (with naturalRegeneration): +1 health every 20 ticks and +1 food every 10 ticks.
 */
import type { Player } from '../entities/entity.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { applyDamage, heal } from './damage.js';
import { addExhaustion, EXHAUSTION } from './exhaustion.js';

export const MAX_FOOD = 20;
export const EXHAUSTION_PER_POINT = 4;
export const SATURATED_REGEN_INTERVAL = 10;
export const REGEN_INTERVAL = 80;
export const STARVE_INTERVAL = 80;
/** Food level at or above which health regenerates. */
export const REGEN_FOOD_LEVEL = 18;
/** Horizontal moves longer than this in one tick are teleports (respawn, task set-up), not travel. */
const TELEPORT_DISTANCE = 8;


export function hungerSystem(): WorldSystem {
  return {
    name: 'hunger',
    tick(world) {
      for (const p of world.players.values()) {
        if (p.removed || p.dead) continue;
        chargeActivity(p);
        tickFood(world, p);
      }
    },
  };
}

/** Adds this tick's movement and actions to the exhaustion level and clears the activity record. */
function chargeActivity(p: Player): void {
  // Where the player was at the end of the previous tick (NaN the first time: nothing is charged).
  const d = Math.hypot(p.pos.x - p.travelX, p.pos.z - p.travelZ);
  p.travelX = p.pos.x;
  p.travelZ = p.pos.z;
  if (d > 0 && d < TELEPORT_DISTANCE) {
    if (p.inWater) addExhaustion(p, EXHAUSTION.swimPerMetre * d);
    else if (p.onGround && isSprinting(p)) addExhaustion(p, EXHAUSTION.sprintPerMetre * d);
  }
  const a = p.activity;
  if (a.jumped) addExhaustion(p, isSprinting(p) ? EXHAUSTION.sprintJump : EXHAUSTION.jump);
  if (a.attacked) addExhaustion(p, EXHAUSTION.attack);
  if (a.dugBlock) addExhaustion(p, EXHAUSTION.breakBlock);
  a.jumped = a.attacked = a.dugBlock = false;
  a.damageTaken = 0;
}

/**
 * Sprinting as the movement rule applies it: sprint key, moving forward, not sneaking. (Vanilla also
 * forbids sprinting at food <= 6; movement.ts does not model that yet, so exhaustion follows what moved.)
 */
export function isSprinting(p: Player): boolean {
  const c = p.controls;
  return c.sprint && c.forward > 0 && !c.sneak;
}

function tickFood(world: World, p: Player): void {
  const peaceful = world.difficulty === 'peaceful';
  const regen = world.gamerules.naturalRegeneration;
  if (peaceful && regen) {
    if (p.health < p.maxHealth && p.age % 20 === 0) heal(world, p, 1);
    if (p.food < MAX_FOOD && p.age % 10 === 0) p.food++;
  }

  if (p.exhaustion > EXHAUSTION_PER_POINT) {
    p.exhaustion -= EXHAUSTION_PER_POINT;
    if (p.saturation > 0) p.saturation = Math.max(0, p.saturation - 1);
    else if (!peaceful) p.food = Math.max(0, p.food - 1);
  }

  const hurt = p.health > 0 && p.health < p.maxHealth;
  if (regen && hurt && p.saturation > 0 && p.food >= MAX_FOOD) {
    if (++p.foodTimer >= SATURATED_REGEN_INTERVAL) {
      const spend = Math.min(p.saturation, 6);
      heal(world, p, spend / 6);
      addExhaustion(p, spend);
      p.foodTimer = 0;
    }
  } else if (regen && hurt && p.food >= REGEN_FOOD_LEVEL) {
    if (++p.foodTimer >= REGEN_INTERVAL) {
      heal(world, p, 1);
      addExhaustion(p, EXHAUSTION.regenerate);
      p.foodTimer = 0;
    }
  } else if (p.food <= 0) {
    if (++p.foodTimer >= STARVE_INTERVAL) {
      const d = world.difficulty;
      if (p.health > 10 || d === 'hard' || (p.health > 1 && d === 'normal')) applyDamage(world, p, 1, 'starvation');
      p.foodTimer = 0;
    }
  } else {
    p.foodTimer = 0;
  }
}
