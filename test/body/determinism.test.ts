import { describe, expect, it } from 'vitest';
import { spawnMob, World, type WorldEvent } from '../../src/world/index.js';
import { agent, fill, GROUND, run } from './harness.js';

/** A short episode touching walking, digging, pickup, crafting and a fight with a (randomly steering) zombie. */
function episode(): WorldEvent[] {
  const w = new World({ seed: 'same', terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 18000 });
  fill(w, { x: 3, y: GROUND, z: 2 }, { x: 3, y: GROUND + 2, z: 2 }, 'oak_log');
  spawnMob(w, 'zombie', { x: -6.5, y: GROUND, z: 5.5 }, { persistent: true });
  const a = agent(w, 'alex', 0, 0, { stone_sword: 1 });
  const events: WorldEvent[] = [];
  w.onAny((e) => events.push(e));
  run(w, a, 'collect', { block: 'oak_log', count: 2 });
  run(w, a, 'craft', { item: 'oak_planks', count: 8 });
  run(w, a, 'attack', { type: 'zombie' });
  return events;
}

describe('skills are deterministic', () => {
  it('the same seed and skill calls give the same event log', () => {
    const first = episode();
    expect(first.some((e) => e.type === 'item_crafted')).toBe(true);
    expect(first.some((e) => e.type === 'entity_died')).toBe(true);
    expect(JSON.stringify(episode())).toBe(JSON.stringify(first));
  });
});
