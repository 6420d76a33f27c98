import { describe, expect, it } from 'vitest';
import { World, joinPlayer, spawnMob } from '../index.js';
import { spawnItem } from '../entities/item-entity.js';
import { EntitySnapshot, EntitySnapshotWriter } from './entity-snapshot.js';

/** What a worker would be told of an entity, from the world's own objects. */
const facts = (world: World, id: number) => {
  const e = world.entity(id)!;
  return {
    id: e.id,
    kind: e.kind,
    type: e.type,
    name: e.kind === 'player' ? e.name : undefined,
    pos: { ...e.pos },
    height: e.height,
    health: e.kind === 'player' || e.kind === 'mob' ? e.health : undefined,
    hostile: e.kind === 'mob' ? e.hostile : undefined,
    stack: e.kind === 'item' ? { name: e.stack.name, count: e.stack.count } : undefined,
  };
};

describe('EntitySnapshotWriter and EntitySnapshot', () => {
  it('give a worker the living entities of the hand-over, found near a point as the world index finds them', () => {
    const world = new World({ seed: 'snap', terrain: { type: 'flat' } });
    const players = Array.from({ length: 6 }, (_, i) => joinPlayer(world, `p${i}`, { x: i * 7 + 0.5, y: -60, z: 0.5 }));
    const zombie = spawnMob(world, 'zombie', { x: 3.5, y: -60, z: 20.5 });
    const item = spawnItem(world, { x: 10.5, y: -60, z: 3.5 }, { name: 'dirt', count: 5 });
    const writer = new EntitySnapshotWriter();
    const snapshot = new EntitySnapshot();
    snapshot.apply(writer.take(world));
    expect(snapshot.size).toBe(8);
    for (const e of snapshot.values()) expect({ ...e, removed: undefined }).toEqual({ ...facts(world, e.id), removed: undefined });
    expect(snapshot.entity(zombie.id)!.hostile).toBe(true);
    expect(snapshot.entity(item.id)!.stack).toEqual({ name: 'dirt', count: 5 });

    // The next tick: a player leaves (the others shift in the world's order), health and stacks
    // change, a new player joins. The snapshot holds the old state until the next one is applied.
    world.removeEntity(players[1]!, 'left');
    players[4]!.health = 7;
    item.stack.count = 9;
    const late = joinPlayer(world, 'late', { x: 30.5, y: -60, z: 30.5 });
    expect(snapshot.entity(players[1]!.id)).toBeDefined();
    expect(snapshot.entity(players[4]!.id)!.health).toBe(20);
    snapshot.apply(writer.take(world));
    expect(snapshot.entity(players[1]!.id)).toBeUndefined();
    for (const e of snapshot.values()) expect({ ...e, removed: undefined }).toEqual({ ...facts(world, e.id), removed: undefined });
    expect(snapshot.entity(players[5]!.id)!.name).toBe('p5');
    expect(snapshot.entity(late.id)!.name).toBe('late');

    for (const [p, r] of [[{ x: 10, y: -59, z: 2 }, 12], [{ x: 0, y: -60, z: 15 }, 7], [{ x: 30, y: -58, z: 30 }, 2.5]] as const) {
      const inWorld: number[] = [];
      const inSnapshot: number[] = [];
      world.forEachNear(p, r, (e) => inWorld.push(e.id));
      snapshot.forEachNear(p, r, (e) => inSnapshot.push(e.id));
      expect(inSnapshot.sort((a, b) => a - b)).toEqual(inWorld.sort((a, b) => a - b));
      expect(inWorld.length).toBeGreaterThan(0);
    }
  });

  it('with areas, holds the entities of the cells a query from each area visits and finds what the world finds there', () => {
    const world = new World({ seed: 'snap', terrain: { type: 'flat' } });
    // A row of players 10 blocks apart over 400 blocks; one item far from the areas, one removed player.
    const players = Array.from({ length: 40 }, (_, i) => joinPlayer(world, `p${i}`, { x: i * 10 + 0.5, y: -60, z: 0.5 }));
    const far = spawnItem(world, { x: 300.5, y: -60, z: 200.5 }, { name: 'dirt', count: 1 });
    world.removeEntity(players[1]!, 'left');
    const areas = [{ x: 5, z: 3, radius: 20 }, { x: 12, z: -4, radius: 20 }, { x: 200, z: 0, radius: 6 }];
    const snapshot = new EntitySnapshot();
    snapshot.apply(new EntitySnapshotWriter().take(world, undefined, areas));
    // Cells -1..2 (x -16..47: the second area reaches x 32) and cell 12 (x 192..207): players at x 0.5..40.5 and 200.5.
    const held = [...snapshot.values()].map((e) => e.id).sort((a, b) => a - b);
    const expected = players.filter((p, i) => i !== 1 && (p.pos.x < 48 || (p.pos.x >= 192 && p.pos.x < 208))).map((p) => p.id);
    expect(held).toEqual(expected);
    expect(snapshot.entity(far.id)).toBeUndefined();
    for (const e of snapshot.values()) expect({ ...e, removed: undefined }).toEqual({ ...facts(world, e.id), removed: undefined });
    for (const a of areas) {
      const p = { x: a.x, y: -59, z: a.z };
      const inWorld: number[] = [];
      const inSnapshot: number[] = [];
      world.forEachNear(p, a.radius, (e) => inWorld.push(e.id));
      snapshot.forEachNear(p, a.radius, (e) => inSnapshot.push(e.id));
      expect(inSnapshot.sort((x, y) => x - y)).toEqual(inWorld.sort((x, y) => x - y));
      expect(inWorld.length).toBeGreaterThan(0);
    }
  });
});
