import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { joinPlayer } from '../entities/player.js';
import { spawnItem } from '../entities/item-entity.js';
import { ITEM_LIFETIME_TICKS } from './pickup.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

describe('item pickup', () => {
  it('waits out the pickup delay, then picks the item up', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const item = spawnItem(w, { x: 1.5, y: -60, z: 0.5 }, { name: 'cobblestone', count: 3 }, { pickupDelay: 10, vel: { x: 0, y: 0, z: 0 } });
    const picked: { by: number; count: number }[] = [];
    w.on('item_picked_up', (e) => picked.push({ by: e.by, count: e.count }));
    w.run(5);
    expect(item.removed).toBe(false);
    expect(p.inventory.count('cobblestone')).toBe(0);
    w.run(10);
    expect(item.removed).toBe(true);
    expect(p.inventory.count('cobblestone')).toBe(3);
    expect(picked).toEqual([{ by: p.id, count: 3 }]);
  });

  it('of several players touching an item the one that joined first takes it, and the next takes what did not fit', () => {
    const w = flatWorld();
    // The index visits cell x 0..15 before cell x 16..31: the second player would come first if the
    // system took players in the order the index visits them.
    const first = joinPlayer(w, 'first', { x: 17, y: -60, z: 0.5 });
    const second = joinPlayer(w, 'second', { x: 15, y: -60, z: 0.5 });
    const far = joinPlayer(w, 'far', { x: 16, y: -60, z: 2.9 }); // within the query radius, not touching
    // The first player has room for 10 cobblestone only.
    for (let i = 1; i < first.inventory.slots.length; i++) first.inventory.slots[i] = { name: 'dirt', count: 64 };
    first.inventory.slots[0] = { name: 'cobblestone', count: 54 };
    spawnItem(w, { x: 16, y: -60, z: 0.5 }, { name: 'cobblestone', count: 30 }, { pickupDelay: 0, vel: { x: 0, y: 0, z: 0 } });
    const picked: { by: number; count: number }[] = [];
    w.on('item_picked_up', (e) => picked.push({ by: e.by, count: e.count }));
    w.run(1);
    expect(picked).toEqual([{ by: first.id, count: 10 }, { by: second.id, count: 20 }]);
    expect(far.inventory.count('cobblestone')).toBe(0);
  });

  it('a player standing still picks up what lands in reach later: in a cube no item was in, and in one whose items left', () => {
    // The pickup rule keeps the item grid's cubes a player reaches while it stays among them
    // (entity-index.ts ReachCubes): these cubes must be the grid's own, made before any item was in
    // them and kept when their items leave.
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 1.5, y: -60, z: 1.5 });
    const still = { x: 0, y: 0, z: 0 };
    w.run(5); // its cubes are taken now; no item was ever in them
    const first = spawnItem(w, { x: 2.5, y: -60, z: 1.5 }, { name: 'dirt', count: 1 }, { pickupDelay: 0, vel: still });
    w.run(2);
    expect(first.removed).toBe(true);
    // An item in the player's cube, out of reach (x 3.6: the reach ends at 2.925), then gone: the cube is empty again.
    const away = spawnItem(w, { x: 3.6, y: -60, z: 1.5 }, { name: 'sand', count: 1 }, { pickupDelay: 0, vel: still });
    w.run(3);
    expect(away.removed).toBe(false);
    w.removeEntity(away);
    w.run(2);
    const second = spawnItem(w, { x: 2.5, y: -60, z: 1.5 }, { name: 'dirt', count: 1 }, { pickupDelay: 0, vel: still });
    w.run(2);
    expect(second.removed).toBe(true);
    expect(p.inventory.count('dirt')).toBe(2);
    expect(p.pos).toEqual({ x: 1.5, y: -60, z: 1.5 });
  });

  it('does not reach items beyond 1 block of the player box', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    const item = spawnItem(w, { x: 2.5, y: -60, z: 0.5 }, { name: 'dirt', count: 1 }, { pickupDelay: 0, vel: { x: 0, y: 0, z: 0 } });
    w.run(20);
    expect(item.removed).toBe(false);
    expect(p.inventory.count('dirt')).toBe(0);
  });

  it('takes only what fits and leaves the rest on the ground', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    for (let i = 0; i < 35; i++) p.inventory.slots[i] = { name: 'stone', count: 64 };
    p.inventory.slots[35] = { name: 'dirt', count: 60 };
    const dirt = spawnItem(w, { x: 0.5, y: -60, z: 0.5 }, { name: 'dirt', count: 10 }, { pickupDelay: 0, vel: { x: 0, y: 0, z: 0 } });
    const sand = spawnItem(w, { x: 0.5, y: -60, z: 0.5 }, { name: 'sand', count: 1 }, { pickupDelay: 0, vel: { x: 0, y: 0, z: 0 } });
    w.run(5);
    expect(p.inventory.count('dirt')).toBe(64);
    expect(dirt.removed).toBe(false);
    expect(dirt.stack.count).toBe(6);
    expect(sand.removed).toBe(false);
    expect(p.inventory.count('sand')).toBe(0);
  });

  it('dead players pick nothing up', () => {
    const w = flatWorld();
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.dead = true;
    p.respawnTimer = 1000;
    const item = spawnItem(w, { x: 0.5, y: -60, z: 0.5 }, { name: 'dirt', count: 1 }, { pickupDelay: 0, vel: { x: 0, y: 0, z: 0 } });
    w.run(5);
    expect(item.removed).toBe(false);
  });

  it('despawns items after 6000 ticks (wiki "Item (entity)": 5 minutes)', () => {
    const w = flatWorld();
    const item = spawnItem(w, { x: 0.5, y: -60, z: 0.5 }, { name: 'dirt', count: 1 });
    w.run(ITEM_LIFETIME_TICKS - 1);
    expect(item.removed).toBe(false);
    w.run(2);
    expect(item.removed).toBe(true);
  });

  it('merges stacks of the same item lying together', () => {
    const w = flatWorld();
    const a = spawnItem(w, { x: 0.5, y: -60, z: 0.5 }, { name: 'dirt', count: 5 }, { vel: { x: 0, y: 0, z: 0 } });
    const b = spawnItem(w, { x: 0.7, y: -60, z: 0.5 }, { name: 'dirt', count: 7 }, { vel: { x: 0, y: 0, z: 0 } });
    const c = spawnItem(w, { x: 0.6, y: -60, z: 0.5 }, { name: 'sand', count: 1 }, { vel: { x: 0, y: 0, z: 0 } });
    w.run(20);
    expect(a.stack.count).toBe(12);
    expect(b.removed).toBe(true);
    expect(c.removed).toBe(false);
  });
});

describe('item pickup from resting items', () => {
  it('a player walking onto an item that has lain still for a while picks it up', () => {
    const w = flatWorld();
    const item = spawnItem(w, { x: 6.5, y: -60, z: 0.5 }, { name: 'cobblestone', count: 2 }, { vel: { x: 0, y: 0, z: 0 } });
    w.run(200);
    expect(item.restingSince).toBeGreaterThanOrEqual(0);
    const p = joinPlayer(w, 'alex', { x: 0.5, y: -60, z: 0.5 });
    p.yaw = -90; // faces +x
    p.controls.forward = 1;
    w.run(30);
    expect(item.removed).toBe(true);
    expect(p.inventory.count('cobblestone')).toBe(2);
  });
});
