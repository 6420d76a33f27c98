/**
 * The world's rules, in the order they run each tick. The order matters and is fixed:
 * intents (digging, AI) first, then motion, then what motion caused (damage, pickup), then needs.
 * Each entry is one file under src/world/; add a rule by adding one line here.
 */
import { movementSystem } from './physics/movement.js';
import { diggingSystem } from './blocks/digging.js';
import { furnaceSystem } from './blocks/furnace.js';
import { environmentalDamageSystem } from './living/environment.js';
import { effectsSystem } from './living/effects.js';
import { hungerSystem } from './living/hunger.js';
import { itemUseSystem } from './living/eating.js';
import { attackCooldownSystem } from './living/attack-cooldown.js';
import { deathSystem } from './living/death.js';
import { daylightSystem } from './rules/daylight.js';
import { mobSpawningSystem } from './mobs/spawning.js';
import { mobAiSystem } from './mobs/ai.js';
import { itemPickupSystem } from './items/pickup.js';
import { fluidSystem } from './fluids/flow.js';
import { fireSpreadSystem } from './blocks/fire-spread.js';
import type { WorldSystem } from './system.js';

export function defaultSystems(): WorldSystem[] {
  return [
    daylightSystem(),
    diggingSystem(),
    furnaceSystem(),
    mobSpawningSystem(),
    mobAiSystem(),
    movementSystem(),
    itemPickupSystem(),
    fluidSystem(),
    fireSpreadSystem(),
    environmentalDamageSystem(),
    effectsSystem(),
    hungerSystem(),
    itemUseSystem(),
    attackCooldownSystem(),
    deathSystem(),
  ];
}
