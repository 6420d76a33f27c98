/**
 * The world's rules, in the order they run each tick. The order matters and is fixed:
 * intents (digging, AI) first, then motion, then what motion caused (damage, pickup), then needs.
 * Each entry is one file under src/world/; add a rule by adding one line here.
 */
import { movementSystem } from './physics/movement.js';
import { daylightSystem } from './rules/daylight.js';
import type { WorldSystem } from './system.js';

export function defaultSystems(): WorldSystem[] {
  return [
    daylightSystem(),
    movementSystem(),
  ];
}
