/** The day/night cycle: 24,000 ticks a day, advanced while the doDaylightCycle gamerule is on. */
import type { WorldSystem } from '../system.js';
import { TICKS_PER_DAY } from '../time.js';

export function daylightSystem(): WorldSystem {
  let wasDay: boolean | null = null;
  return {
    name: 'daylight',
    tick(world) {
      if (world.gamerules.doDaylightCycle) world.timeOfDay = (world.timeOfDay + 1) % TICKS_PER_DAY;
      const isDay = world.isDay;
      if (wasDay !== null && isDay !== wasDay) world.emit({ type: 'time_changed', timeOfDay: world.timeOfDay, isDay });
      wasDay = isDay;
    },
  };
}
