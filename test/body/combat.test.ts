import { describe, expect, it } from 'vitest';
import { spawnMob, World } from '../../src/world/index.js';
import { agent, GROUND, run } from './harness.js';

/** Night, so the zombie does not burn in the sun and the fight is the agent's doing. */
const nightWorld = (): World => new World({ seed: 3, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 18000 });

describe('attack', () => {
  it('chases and kills a zombie with a sword, respecting the attack cooldown', () => {
    const w = nightWorld();
    const zombie = spawnMob(w, 'zombie', { x: 8.5, y: GROUND, z: 4.5 }, { persistent: true });
    const a = agent(w, 'alex', 0, 0, { stone_sword: 1, dirt: 3 });
    const hits: number[] = [];
    w.on('entity_attacked', (e) => {
      if (e.by === a.player.id) hits.push(e.tick);
    });
    const done = run(w, a, 'attack', { type: 'zombie' }, 800);
    expect(done.result).toEqual({ ok: true, target: { id: zombie.id, type: 'zombie' }, killed: true });
    expect(zombie.dead).toBe(true);
    expect(a.player.inventory.held?.name).toBe('stone_sword');
    // 20 health at 5 per full hit: at least 4 swings, never faster than the sword's 12.5-tick cooldown.
    expect(hits.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < hits.length; i++) expect(hits[i]! - hits[i - 1]!).toBeGreaterThanOrEqual(12);
    expect(a.player.controls.forward).toBe(0);
  });

  it('cannot attack what it cannot see, and times out honestly', () => {
    const w = nightWorld();
    spawnMob(w, 'zombie', { x: 60.5, y: GROUND, z: 0.5 }, { persistent: true }); // beyond 32 blocks of sight
    const a = agent(w, 'alex', 0, 0);
    expect(run(w, a, 'attack', { type: 'zombie' }).result).toMatchObject({ ok: false, reason: 'not_visible' });
    const cow = spawnMob(w, 'cow', { x: 3.5, y: GROUND, z: 0.5 }, { persistent: true });
    const short = run(w, a, 'attack', { id: cow.id, timeoutTicks: 10 });
    expect(short.result).toMatchObject({ ok: false, reason: 'timeout' });
  });
});
