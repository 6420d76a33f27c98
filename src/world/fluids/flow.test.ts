import { describe, expect, it } from 'vitest';
import { World } from '../world.js';
import { FALLING_LEVEL, fluidLevel, fluidState } from './flow.js';

const flatWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
const GROUND = -60;

describe('water', () => {
  it('a source on flat ground spreads 7 blocks each way and no further (wiki "Water": 7 blocks)', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'water');
    w.run(100);
    const level = (x: number, z: number) => fluidLevel(w.registry, w.stateAt(x, GROUND, z));
    for (let d = 1; d <= 7; d++) {
      expect(level(d, 0)).toBe(d);
      expect(level(-d, 0)).toBe(d);
      expect(level(0, d)).toBe(d);
      expect(level(0, -d)).toBe(d);
    }
    for (const [x, z] of [[8, 0], [-8, 0], [0, 8], [0, -8], [4, 4]] as const) expect(w.blockAt({ x, y: GROUND, z })).toBe('air');
    expect(level(3, 4)).toBe(7);
    expect(level(0, 0)).toBe(0);
  });

  it('spreads every 5 ticks (one block per update)', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'water');
    w.run(5);
    expect(w.blockAt({ x: 1, y: GROUND, z: 0 })).toBe('air');
    w.run(1); // the update placed at tick 0 runs on tick 5
    expect(w.blockAt({ x: 1, y: GROUND, z: 0 })).toBe('water');
    expect(w.blockAt({ x: 2, y: GROUND, z: 0 })).toBe('air');
    w.run(5);
    expect(w.blockAt({ x: 2, y: GROUND, z: 0 })).toBe('water');
  });

  it('dries up when the source is removed', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'water');
    w.run(100);
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'air');
    w.run(150);
    for (let x = -8; x <= 8; x++) for (let z = -8; z <= 8; z++) expect(w.blockAt({ x, y: GROUND, z })).toBe('air');
  });

  it('falls down, then spreads on the floor it lands on', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND + 3, z: 0 }, 'water');
    w.run(60);
    for (let y = GROUND; y < GROUND + 3; y++) expect(fluidLevel(w.registry, w.stateAt(0, y, 0))).toBe(FALLING_LEVEL);
    // On the floor it spreads again; a flowing (non-source) block in mid-air does not spread sideways,
    // though the source itself does (vanilla: a floating source makes a plus of falling streams).
    expect(w.blockAt({ x: 4, y: GROUND, z: 0 })).toBe('water');
    expect(fluidLevel(w.registry, w.stateAt(1, GROUND + 3, 0))).toBe(1);
    expect(w.blockAt({ x: 2, y: GROUND + 2, z: 0 })).toBe('air');
  });

  it('two sources make a third between them (infinite water)', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'water');
    w.setBlock({ x: 2, y: GROUND, z: 0 }, 'water');
    w.run(20);
    expect(fluidLevel(w.registry, w.stateAt(1, GROUND, 0))).toBe(0);
  });
});

describe('lava', () => {
  it('spreads 3 blocks in the overworld, every 30 ticks', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'lava');
    w.run(29);
    expect(w.blockAt({ x: 1, y: GROUND, z: 0 })).toBe('air');
    w.run(200);
    expect(fluidLevel(w.registry, w.stateAt(3, GROUND, 0))).toBe(6);
    expect(w.blockAt({ x: 4, y: GROUND, z: 0 })).toBe('air');
  });

  it('a lava source touched by water becomes obsidian, flowing lava cobblestone', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'lava');
    w.setBlock({ x: 1, y: GROUND, z: 0 }, 'water');
    w.setBlock({ x: 20, y: GROUND, z: 0 }, 'water');
    w.setBlock({ x: 21, y: GROUND, z: 0 }, fluidState(w.registry, 'lava', 2));
    w.run(3);
    expect(w.blockAt({ x: 0, y: GROUND, z: 0 })).toBe('obsidian');
    expect(w.blockAt({ x: 21, y: GROUND, z: 0 })).toBe('cobblestone');
  });

  it('lava flowing down onto water turns it into stone', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: 0 }, 'water');
    w.setBlock({ x: 0, y: GROUND + 3, z: 0 }, 'lava');
    const changes: string[] = [];
    w.on('block_changed', (e) => changes.push(`${e.from}->${e.to}`));
    w.run(120);
    expect(w.blockAt({ x: 0, y: GROUND, z: 0 })).toBe('stone');
    expect(changes).toContain('water->stone');
  });
});
