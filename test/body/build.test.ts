import { describe, expect, it } from 'vitest';
import { agent, flatWorld, GROUND, run } from './harness.js';

describe('building', () => {
  it('buildFloor fills a box around the agent, stepping off the spots it stands on', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { cobblestone: 20 });
    const done = run(w, a, 'buildFloor', { block: 'cobblestone', center: { x: 0, y: GROUND, z: 0 }, width: 3, depth: 3 }, 3000);
    expect(done.result).toEqual({ ok: true, placed: 9 });
    for (let x = -1; x <= 1; x++) for (let z = -1; z <= 1; z++) expect(w.blockAt({ x, y: GROUND, z })).toBe('cobblestone');
    expect(w.blockAt({ x: 2, y: GROUND, z: 0 })).toBe('air');
    expect(a.player.inventory.count('cobblestone')).toBe(11);
    // 9 placements at the 4-tick use delay at least.
    expect(done.ticks).toBeGreaterThanOrEqual(36);
    // Not buried: the body is clear of solid blocks.
    const feet = { x: Math.floor(a.player.pos.x), y: Math.floor(a.player.pos.y + 1e-3), z: Math.floor(a.player.pos.z) };
    expect(w.isSolid(feet.x, feet.y, feet.z) || w.isSolid(feet.x, feet.y + 1, feet.z)).toBe(false);
  });

  it('buildBlueprint places bottom first, skips blocks already there, and refuses without materials', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { oak_planks: 4 });
    const origin = { x: 5, y: GROUND, z: 5 };
    w.setBlock(origin, 'oak_planks');
    const pillar = [0, 1, 2, 3].map((dy) => ({ dx: 0, dy, dz: 0, block: 'oak_planks' }));
    const placedAt: number[] = [];
    w.on('block_placed', (e) => placedAt.push(e.pos.y));
    const done = run(w, a, 'buildBlueprint', { origin, blocks: [...pillar].reverse() }, 2000);
    expect(done.result).toEqual({ ok: true, placed: 3, skipped: 1 });
    expect(placedAt).toEqual([GROUND + 1, GROUND + 2, GROUND + 3]);
    expect(a.player.inventory.count('oak_planks')).toBe(1);

    const big = run(w, a, 'buildFloor', { block: 'oak_planks', center: { x: -5, y: GROUND, z: 0 }, width: 2, depth: 2 });
    expect(big.result).toMatchObject({ ok: false, reason: 'missing_items' });
    if (!big.result.ok) expect(big.result.details).toMatch(/missing 3 oak_planks/);
  });

  it('climbs on scaffold dirt to place blocks beyond reach from the ground', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { oak_planks: 8, dirt: 10 });
    const blocks = [0, 1, 2, 3, 4, 5, 6, 7].map((dy) => ({ dx: 0, dy, dz: 0, block: 'oak_planks' }));
    const done = run(w, a, 'buildBlueprint', { origin: { x: 4, y: GROUND, z: 0 }, blocks }, 3000);
    expect(done.result).toEqual({ ok: true, placed: 8, skipped: 0 });
    for (let dy = 0; dy < 8; dy++) expect(w.blockAt({ x: 4, y: GROUND + dy, z: 0 })).toBe('oak_planks');
    expect(a.player.inventory.count('dirt')).toBeLessThan(10); // spent on the pillar it stands on
    expect(a.player.pos.y).toBeGreaterThan(GROUND);
  });

  it('place puts one block against another and says why it cannot', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { dirt: 2 });
    expect(run(w, a, 'place', { block: 'dirt', x: 6, y: GROUND, z: 0 }).result).toEqual({ ok: true, pos: { x: 6, y: GROUND, z: 0 }, block: 'dirt' });
    expect(w.blockAt({ x: 6, y: GROUND, z: 0 })).toBe('dirt');
    expect(run(w, a, 'place', { block: 'dirt', x: 6, y: GROUND, z: 0 }).result).toMatchObject({ ok: false, reason: 'occupied' });
    expect(run(w, a, 'place', { block: 'dirt', x: 6, y: GROUND + 5, z: 0 }).result).toMatchObject({ ok: false, reason: 'nothing_to_place_against' });
    expect(run(w, a, 'place', { block: 'stone', x: 7, y: GROUND, z: 0 }).result).toMatchObject({ ok: false, reason: 'missing_items' });
    expect(run(w, a, 'place', { block: 'stick', x: 7, y: GROUND, z: 0 }).result).toMatchObject({ ok: false, reason: 'not_placeable' });
  });
});
