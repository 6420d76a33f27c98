import { describe, expect, it } from 'vitest';
import { World, MIN_Y } from '../../world/index.js';
import { ExposedBlocks, type SectionSurface } from './exposed-blocks.js';

const plain = (s: SectionSurface) => ({ count: s.count, local: [...s.local], states: [...s.states], faces: [...s.faces], columnStart: [...s.columnStart] });

/** Sections (sx, sy, sz) of the 3 × 3 chunk columns around the origin, from y = 48 to 95 (around the ground). */
function sectionsAround(): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let sx = -1; sx <= 1; sx++) for (let sz = -1; sz <= 1; sz++) for (let sy = (48 - MIN_Y) >> 4; sy <= (95 - MIN_Y) >> 4; sy++) out.push([sx, sy, sz]);
  return out;
}

describe('ExposedBlocks after block changes', () => {
  it('relists changed columns exactly as a fresh build lists the changed world', () => {
    const seed = 'exposed-relist';
    const edited = new World({ seed, terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
    const exposed = ExposedBlocks.of(edited);
    for (const [sx, sy, sz] of sectionsAround()) exposed.section(sx, sy, sz); // cached before the edits
    // Digs, placed stone, glass and water, on section borders and inside; some sections get many
    // changes (rebuilt whole), most a few (relisted column by column).
    const rng = edited.rng('edits');
    const states = [0, edited.registry.block('stone').id, edited.registry.block('glass').id, edited.registry.block('water').id, edited.registry.block('oak_leaves').minStateId!];
    const edits: Array<[number, number, number, number]> = [];
    for (let i = 0; i < 600; i++) {
      const x = rng.int(-18, 17);
      const z = rng.int(-18, 17);
      const y = edited.terrain.surfaceY(x, z) + rng.int(-3, 2);
      edits.push([x, y, z, states[rng.int(0, states.length - 1)]!]);
    }
    for (let x = -16; x < 16; x++) edits.push([x, 63, 0, 0], [x, 64, -1, 0], [x, 80, 15, edited.registry.block('stone').id]); // along section borders
    let checked = 0;
    for (const [k, [x, y, z, state]] of edits.entries()) {
      edited.setBlock({ x, y, z }, edited.registry.blockNameOfState(state));
      // Look at some sections between edits, so both relisting and many changes piling up are exercised.
      if (k % 97 === 0) for (const [sx, sy, sz] of sectionsAround().slice(0, 20)) exposed.section(sx, sy, sz);
    }
    const fresh = new World({ seed, terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } });
    for (const [x, y, z, state] of edits) fresh.setBlock({ x, y, z }, fresh.registry.blockNameOfState(state));
    const rebuilt = ExposedBlocks.of(fresh);
    let changedSections = 0;
    for (const [sx, sy, sz] of sectionsAround()) {
      const a = plain(exposed.section(sx, sy, sz));
      const b = plain(rebuilt.section(sx, sy, sz));
      expect(a, `section ${sx},${sy},${sz}`).toEqual(b);
      checked++;
      if (a.count > 0) changedSections++;
    }
    expect(checked).toBe(27);
    expect(changedSections).toBeGreaterThan(9);
  });

  it('lists a block placed in a section that had nothing exposed', () => {
    const world = new World({ seed: 'exposed-empty', terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
    const exposed = ExposedBlocks.of(world);
    const sy = (200 - MIN_Y) >> 4;
    expect(exposed.section(0, sy, 0).count).toBe(0);
    world.setBlock({ x: 3, y: 200, z: 5 }, 'stone');
    const s = exposed.section(0, sy, 0);
    expect(s.count).toBe(1);
    expect(s.local[0]).toBe(((200 - MIN_Y - sy * 16) << 8) | (5 << 4) | 3);
    world.setBlock({ x: 3, y: 200, z: 5 }, 'air');
    expect(exposed.section(0, sy, 0).count).toBe(0);
  });
});
