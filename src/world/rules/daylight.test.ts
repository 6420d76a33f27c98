/**
 * The doDaylightCycle gamerule: on, the time of day advances one per tick and wraps at 24,000 with
 * time_changed events at dusk and dawn (wiki "Daylight cycle": night from 12542 to 23460); off, time
 * stands still, so a task set at noon stays at noon and one set at night stays dangerous.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../world.js';

const world = (doDaylightCycle: boolean, timeOfDay: number) =>
  new World({ seed: 1, terrain: { type: 'flat' }, timeOfDay, gamerules: { doDaylightCycle, doMobSpawning: false } });

describe('gamerule doDaylightCycle', () => {
  it('on: time advances a tick at a time, night falls at 12542 and day returns at 23460, then wraps', () => {
    const w = world(true, 12000);
    expect(w.isDay).toBe(true);
    w.run(600);
    expect(w.timeOfDay).toBe(12600);
    expect(w.isDay).toBe(false);
    w.run(24000 - 12600 + 100);
    expect(w.timeOfDay).toBe(100);
    expect(w.isDay).toBe(true);
    const changes = w.takeEvents().filter((e) => e.type === 'time_changed');
    expect(changes).toEqual([
      expect.objectContaining({ timeOfDay: 12542, isDay: false }),
      expect.objectContaining({ timeOfDay: 23460, isDay: true }),
    ]);
  });

  it('off: the time of day stays where the world started and nothing changes', () => {
    const w = world(false, 18000);
    w.run(24000);
    expect(w.timeOfDay).toBe(18000);
    expect(w.isDay).toBe(false);
    expect(w.takeEvents().filter((e) => e.type === 'time_changed')).toEqual([]);
  });
});
