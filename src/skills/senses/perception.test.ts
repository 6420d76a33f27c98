import { describe, expect, it } from 'vitest';
import { World, joinPlayer, spawnMob, type Player } from '../../world/index.js';
import { entityVisible, visibleBlocks, visibleEntities } from './perception.js';

const newWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });

function room(world: World): Player {
  const p = joinPlayer(world, 'seer', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 16 });
  // A stone wall across z = 4 hides a diamond block at z = 6.
  for (let x = -20; x <= 20; x++) for (let y = -60; y <= -50; y++) world.setBlock({ x, y, z: 4 }, 'stone');
  world.setBlock({ x: 0, y: -60, z: 6 }, 'diamond_block');
  return p;
}

describe('visibleBlocks', () => {
  it('finds a block in plain view', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 16 });
    world.setBlock({ x: 0, y: -60, z: 6 }, 'diamond_block');
    const found = visibleBlocks(world, p, { names: ['diamond_block'] });
    expect(found.map((b) => b.pos)).toEqual([{ x: 0, y: -60, z: 6 }]);
  });

  it('hides the ground behind a pillar from eyes on a block corner, the pillar just below the +x direction', () => {
    // The horizon once gave a column with an edge on that direction every sector but its own.
    const world = newWorld();
    for (let y = -60; y <= -56; y++) world.setBlock({ x: 2, y, z: -1 }, 'stone');
    const p = joinPlayer(world, 'corner', { x: 0, y: -60, z: 0 }, { perceptionRange: 11 });
    const seen = visibleBlocks(world, p).map((b) => `${b.pos.x},${b.pos.y},${b.pos.z}`);
    for (const hidden of ['3,-61,-1', '4,-61,-1', '5,-61,-1']) expect(seen).not.toContain(hidden);
    expect(seen).toContain('3,-61,0');
  });

  it('never returns a block behind a wall', () => {
    const world = newWorld();
    const p = room(world);
    expect(visibleBlocks(world, p, { names: ['diamond_block'] })).toEqual([]);
    const all = visibleBlocks(world, p);
    expect(all.every((b) => b.pos.z <= 4)).toBe(true);
    expect(all.some((b) => b.name === 'stone')).toBe(true);
  });

  it('never returns a block beyond the perception range', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 8 });
    world.setBlock({ x: 0, y: -60, z: 12 }, 'diamond_block');
    expect(visibleBlocks(world, p, { names: ['diamond_block'] })).toEqual([]);
    const all = visibleBlocks(world, p);
    expect(all.length).toBeGreaterThan(50);
    expect(Math.max(...all.map((b) => b.distance))).toBeLessThanOrEqual(8);
    // A wider `range` cannot widen the player's own perception.
    expect(visibleBlocks(world, p, { names: ['diamond_block'], range: 32 })).toEqual([]);
  });

  it('gives the oracle (omniscient) blocks behind walls, out of range and underground', () => {
    const world = newWorld();
    const p = room(world);
    expect(visibleBlocks(world, p, { names: ['diamond_block'], omniscient: true }).map((b) => b.pos)).toEqual([{ x: 0, y: -60, z: 6 }]);
    world.setBlock({ x: 40, y: -63, z: 0 }, 'diamond_ore');
    expect(visibleBlocks(world, p, { names: ['diamond_ore'], omniscient: true }).length).toBe(1);
  });

  it('does not list buried blocks (enclosed by opaque blocks)', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    world.setBlock({ x: 2, y: -62, z: 2 }, 'iron_ore'); // under the grass, in dirt
    expect(visibleBlocks(world, p, { names: ['iron_ore', 'dirt', 'bedrock'] })).toEqual([]);
  });

  it('sorts nearest first, deterministically, and honours maxResults', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 12 });
    const a = visibleBlocks(world, p);
    const b = visibleBlocks(world, p);
    expect(a).toEqual(b);
    for (let i = 1; i < a.length; i++) expect(a[i]!.distance).toBeGreaterThanOrEqual(a[i - 1]!.distance);
    expect(visibleBlocks(world, p, { maxResults: 5 })).toEqual(a.slice(0, 5));
  });

  it('limits sight to the field of view when one is set', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 16 });
    world.setBlock({ x: 0, y: -60, z: 6 }, 'diamond_block'); // ahead (+z)
    world.setBlock({ x: 0, y: -60, z: -6 }, 'gold_block'); // behind
    p.yaw = 0;
    const seen = visibleBlocks(world, p, { names: ['diamond_block', 'gold_block'], fovDegrees: 90 }).map((b) => b.name);
    expect(seen).toEqual(['diamond_block']);
  });

  it('notices blocks placed after a first look (cache invalidation)', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    expect(visibleBlocks(world, p, { names: ['oak_log'] })).toEqual([]);
    world.setBlock({ x: 3, y: -60, z: 3 }, 'oak_log');
    expect(visibleBlocks(world, p, { names: ['oak_log'] }).length).toBe(1);
    world.setBlock({ x: 3, y: -60, z: 3 }, 'air');
    expect(visibleBlocks(world, p, { names: ['oak_log'] })).toEqual([]);
  });

  it('rejects unknown block names with a suggestion', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    expect(() => visibleBlocks(world, p, { names: ['diamond_blok'] })).toThrow(/diamond_block/);
  });
});

describe('visibleEntities', () => {
  it('sees a player in the open, not one behind a wall or out of range; the oracle sees all', () => {
    const world = newWorld();
    const p = room(world);
    const near = joinPlayer(world, 'near', { x: 2.5, y: -60, z: 2.5 });
    joinPlayer(world, 'hidden', { x: 0.5, y: -60, z: 7.5 });
    joinPlayer(world, 'far', { x: 0.5, y: -60, z: -30.5 });
    expect(visibleEntities(world, p).map((e) => e.name)).toEqual(['near']);
    expect(visibleEntities(world, p)[0]!.id).toBe(near.id);
    expect(visibleEntities(world, p, { omniscient: true }).map((e) => e.name)).toEqual(['near', 'hidden', 'far']);
  });

  it('lists a crowd nearest first, equal distances by id', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'seer', { x: 0.5, y: -60, z: 0.5 }, { perceptionRange: 24 });
    const rng = world.rng('test-crowd');
    // Rings of players at shared distances (four per ring, symmetric about the seer) plus scattered ones.
    for (let ring = 1; ring <= 12; ring++) {
      for (const [sx, sz] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        joinPlayer(world, `r${ring}${sx}${sz}`, { x: 0.5 + sx * ring, y: -60, z: 0.5 + sz * ring });
      }
    }
    for (let i = 0; i < 60; i++) joinPlayer(world, `s${i}`, { x: rng.range(-20, 20), y: -60, z: rng.range(-20, 20) });
    const seen = visibleEntities(world, p);
    expect(seen.length).toBeGreaterThan(80);
    const expected = [...seen].sort((a, b) => a.distance - b.distance || a.id - b.id);
    expect(seen.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(seen.map((e) => e.distance).filter((d, i, all) => i > 0 && d === all[i - 1]).length).toBeGreaterThan(20); // ties were exercised
  });

  it('with maxResults, lists the nearest it sees, passing over nearer entities it does not see', () => {
    // Rays go nearest first and stop once maxResults are seen: hidden entities nearer than the
    // visible ones must be passed over, not counted.
    const world = newWorld();
    const p = room(world);
    const rng = world.rng('test-max-results');
    for (let i = 0; i < 20; i++) joinPlayer(world, `behind${i}`, { x: rng.range(-6, 6), y: -60, z: rng.range(5, 8) }); // behind the wall, near
    for (let i = 0; i < 40; i++) joinPlayer(world, `open${i}`, { x: rng.range(-15, 15), y: -60, z: rng.range(-8, 3.5) });
    for (const fov of [undefined, 240]) { // (the seer looks toward the wall: yaw 0 is +z)
      p.fovDegrees = fov;
      const all = visibleEntities(world, p);
      expect(all.length).toBeGreaterThan(8);
      expect(all.some((e) => e.name!.startsWith('behind'))).toBe(false);
      const nearestHidden = Math.min(...[...world.entities.values()].filter((e) => e.kind === 'player' && e.name!.startsWith('behind')).map((e) => Math.hypot(e.pos.x - 0.5, e.pos.z - 0.5)));
      expect(all.filter((e) => e.distance > nearestHidden + 0.5).length).toBeGreaterThan(4); // hidden ones lie among the seen
      for (const k of [0, 1, 3, 7, all.length, all.length + 5]) {
        expect(visibleEntities(world, p, { maxResults: k })).toEqual(all.slice(0, k));
      }
    }
  });

  it('entityVisible names exactly the entities visibleEntities lists, whatever the range, cone or wall', () => {
    const world = newWorld();
    const p = room(world);
    p.perceptionRange = 12;
    const rng = world.rng('test-one-entity');
    // Players and tall mobs on both sides of the wall, some beyond the range (within the index's margin).
    for (let i = 0; i < 60; i++) joinPlayer(world, `c${i}`, { x: rng.range(-17, 17), y: -60, z: rng.range(-17, 17) });
    for (let i = 0; i < 12; i++) spawnMob(world, i % 2 === 0 ? 'enderman' : 'zombie', { x: rng.range(-15, 15), y: -60, z: rng.range(-15, 15) });
    const others = [...world.entities.values()].filter((e) => e !== p);
    for (const fov of [undefined, 90]) {
      p.fovDegrees = fov;
      for (const yaw of [180, 90]) {
        p.yaw = yaw;
        const listed = new Set(visibleEntities(world, p).map((v) => v.id));
        const named = others.filter((e) => entityVisible(world, p, e)).map((e) => e.id);
        expect(named).toEqual(others.filter((e) => listed.has(e.id)).map((e) => e.id));
        expect(listed.size).toBeGreaterThan(3); // some are seen …
        expect(others.length - listed.size).toBeGreaterThan(10); // … and many are not (wall, range, cone)
      }
    }
    expect(entityVisible(world, p, p)).toBe(false);
  });
});
