import { describe, expect, it } from 'vitest';
import { joinPlayer } from '../entities/player.js';
import { blockProperty } from './block-state.js';
import { startDigging } from './digging.js';
import { placeBlock } from './placing.js';
import { flatWorld, standingPlayer } from './test-helpers.js';

describe('placing blocks', () => {
  it('places a block against the ground, consumes one item and emits block_placed', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'cobblestone', count: 2 });
    w.takeEvents();
    expect(placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'cobblestone')).toEqual({ ok: true, block: 'cobblestone' });
    expect(w.blockAt({ x: 2, y: -60, z: 0 })).toBe('cobblestone');
    expect(p.inventory.count('cobblestone')).toBe(1);
    expect(w.takeEvents()).toEqual([expect.objectContaining({ type: 'block_placed', by: p.id, block: 'cobblestone', pos: { x: 2, y: -60, z: 0 } })]);
  });

  it('places a door as its two halves, only where there is room for both, and breaking one half takes both', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'oak_door', count: 2 });
    expect(placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'oak_door')).toEqual({ ok: true, block: 'oak_door' });
    expect(w.blockAt({ x: 2, y: -60, z: 0 })).toBe('oak_door');
    expect(w.blockAt({ x: 2, y: -59, z: 0 })).toBe('oak_door');
    expect(blockProperty(w.registry, w.stateAt(2, -60, 0), 'half')).toBe('lower');
    expect(blockProperty(w.registry, w.stateAt(2, -59, 0), 'half')).toBe('upper');
    w.setBlock({ x: -2, y: -59, z: 0 }, 'stone'); // no room above (-2, -60, 0)
    expect(placeBlock(w, p, { x: -2, y: -60, z: 0 }, 'oak_door')).toMatchObject({ ok: false, reason: 'occupied' });
    expect(p.inventory.count('oak_door')).toBe(1);

    // Breaking the upper half removes the lower one too, and one door drops.
    w.takeEvents();
    p.inventory.selected = 8; // an empty hand
    expect(startDigging(w, p, { x: 2, y: -59, z: 0 })).toMatchObject({ ok: true });
    w.run(100); // 4.5 s for a door by hand
    expect(w.blockAt({ x: 2, y: -59, z: 0 })).toBe('air');
    expect(w.blockAt({ x: 2, y: -60, z: 0 })).toBe('air');
    const dropped = [...w.items()].map((i) => i.stack).filter((s) => s.name === 'oak_door');
    expect(dropped.reduce((n, s) => n + s.count, 0) + p.inventory.count('oak_door')).toBe(2); // the one held and the one broken
  });

  it('refuses occupied, unsupported, obstructed, far and missing cases', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'dirt', count: 5 });
    p.inventory.add({ name: 'stick', count: 1 });
    expect(placeBlock(w, p, { x: 1, y: -61, z: 0 }, 'dirt')).toMatchObject({ ok: false, reason: 'occupied' });
    expect(placeBlock(w, p, { x: 2, y: -58, z: 0 }, 'dirt')).toMatchObject({ ok: false, reason: 'nothing_to_place_against' });
    expect(placeBlock(w, p, { x: 0, y: -60, z: 0 }, 'dirt')).toMatchObject({ ok: false, reason: 'obstructed' });
    expect(placeBlock(w, p, { x: 7, y: -60, z: 0 }, 'dirt')).toMatchObject({ ok: false, reason: 'too_far' });
    expect(placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'stone')).toMatchObject({ ok: false, reason: 'missing_items' });
    expect(placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'stick')).toMatchObject({ ok: false, reason: 'not_placeable' });
    expect(() => placeBlock(w, p, { x: 2.5, y: -60, z: 0 }, 'dirt')).toThrow(/integer/);
    expect(p.inventory.count('dirt')).toBe(5);
  });

  it('another player blocks solid blocks but not a torch', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    joinPlayer(w, 'bob', { x: 2.5, y: -60, z: 0.5 });
    w.run(2);
    p.inventory.add({ name: 'dirt', count: 1 });
    p.inventory.add({ name: 'torch', count: 1 });
    expect(placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'dirt')).toMatchObject({ ok: false, reason: 'obstructed', details: expect.stringContaining('bob') });
    expect(placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'torch')).toMatchObject({ ok: true });
  });

  it('replaces grass, maps seeds and redstone to their blocks, and pours buckets', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    w.setBlock({ x: 2, y: -60, z: 0 }, 'short_grass');
    p.inventory.add({ name: 'oak_planks', count: 1 });
    p.inventory.add({ name: 'redstone', count: 1 });
    p.inventory.add({ name: 'wheat_seeds', count: 1 });
    p.inventory.add({ name: 'water_bucket', count: 1 });
    expect(placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'oak_planks')).toMatchObject({ ok: true, block: 'oak_planks' });
    expect(placeBlock(w, p, { x: 1, y: -60, z: 1 }, 'redstone')).toMatchObject({ ok: true, block: 'redstone_wire' });
    expect(placeBlock(w, p, { x: 2, y: -60, z: 1 }, 'wheat_seeds')).toMatchObject({ ok: true, block: 'wheat' });
    expect(placeBlock(w, p, { x: 2, y: -60, z: -1 }, 'water_bucket')).toMatchObject({ ok: true, block: 'water' });
    expect(w.blockAt({ x: 2, y: -60, z: -1 })).toBe('water');
    expect(p.inventory.summary()).toEqual({ bucket: 1 });
  });

  it('creates block entities for chests and furnaces', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.inventory.add({ name: 'chest', count: 1 });
    p.inventory.add({ name: 'blast_furnace', count: 1 });
    placeBlock(w, p, { x: 2, y: -60, z: 0 }, 'chest');
    placeBlock(w, p, { x: 2, y: -60, z: 1 }, 'blast_furnace');
    expect(w.blockEntity({ x: 2, y: -60, z: 0 }, 'container')).toMatchObject({ block: 'chest' });
    expect(w.blockEntity({ x: 2, y: -60, z: 1 }, 'furnace')).toMatchObject({ block: 'blast_furnace' });
  });
});
