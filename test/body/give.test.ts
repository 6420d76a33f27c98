import { describe, expect, it } from 'vitest';
import type { EventOf } from '../../src/world/index.js';
import { agent, fill, flatWorld, GROUND, run } from './harness.js';

describe('give', () => {
  it('walks to a visible player and hands items over', () => {
    const w = flatWorld();
    const ann = agent(w, 'ann', 0, 0, { bread: 5, stone_pickaxe: 1 });
    const ben = agent(w, 'ben', 10, 6);
    ann.player.inventory.slots.find((s) => s?.name === 'stone_pickaxe')!.damage = 7;
    const given: EventOf<'item_given'>[] = [];
    w.on('item_given', (e) => given.push(e));
    const done = run(w, ann, 'give', { player: 'ben', item: 'bread', count: 3 });
    expect(done.result).toEqual({ ok: true, to: 'ben', item: 'bread', count: 3 });
    expect(given).toMatchObject([{ by: ann.player.id, to: ben.player.id, item: 'bread', count: 3 }]);
    expect(ann.player.inventory.count('bread')).toBe(2);
    expect(ben.player.inventory.count('bread')).toBe(3);
    expect(Math.hypot(ann.player.pos.x - ben.player.pos.x, ann.player.pos.z - ben.player.pos.z)).toBeLessThanOrEqual(2.5);
    expect(done.ticks).toBeGreaterThan(20);
    // A tool keeps its wear.
    expect(run(w, ann, 'give', { player: 'ben', item: 'stone_pickaxe' }).result).toMatchObject({ ok: true });
    expect(ben.player.inventory.slots.find((s) => s?.name === 'stone_pickaxe')?.damage).toBe(7);
  });

  it('fails for unknown, hidden or unaffordable gifts', () => {
    const w = flatWorld();
    const ann = agent(w, 'ann', 0, 0, { bread: 1 });
    agent(w, 'ben', 0, 12);
    fill(w, { x: -3, y: GROUND, z: 6 }, { x: 3, y: GROUND + 3, z: 6 }, 'stone'); // a wall between them
    expect(run(w, ann, 'give', { player: 'bob', item: 'bread' }).result).toMatchObject({ ok: false, reason: 'no_such_player' });
    expect(run(w, ann, 'give', { player: 'ben', item: 'bread', count: 2 }).result).toMatchObject({ ok: false, reason: 'missing_items' });
    expect(run(w, ann, 'give', { player: 'ben', item: 'bread' }).result).toMatchObject({ ok: false, reason: 'not_visible' });
  });
});
