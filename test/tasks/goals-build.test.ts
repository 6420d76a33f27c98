import { describe, expect, it } from 'vitest';
import { shelterParts } from '../../src/tasks/goals/shelter.js';
import { runtimeEpisode, specOf, taskYaml } from './sim-episode.js';

describe('blueprint (block-level accuracy)', () => {
  const success = `
type: blueprint
origin: [10, 64, 10]
palette: {c: cobblestone, p: oak_planks}
layers:
  - ["cc", "cc"]
  - ["p.", "  "]
`;
  it('scores the share of blueprint positions with the right block, air included, spaces ignored', async () => {
    const { runtime, admin } = await runtimeEpisode(taskYaml({ type: 'construction', success }));
    // 6 checked cells: 4 cobblestone, 1 planks, 1 air; only the air one is right on an empty site.
    let r = runtime.evaluate();
    expect(r.details).toMatchObject({ total: 6, correct: 1 });
    admin.fill({ x: 10, y: 64, z: 10 }, { x: 11, y: 64, z: 11 }, 'cobblestone');
    admin.setBlock({ x: 11, y: 65, z: 10 }, 'stone'); // where the blueprint wants air
    r = runtime.evaluate();
    expect(r.score).toBeCloseTo(4 / 6);
    admin.setBlock({ x: 11, y: 65, z: 10 }, 'air');
    admin.setBlock({ x: 10, y: 65, z: 10 }, 'oak_planks');
    admin.setBlock({ x: 10, y: 65, z: 11 }, 'dirt'); // a space: not checked
    expect(runtime.evaluate()).toMatchObject({ success: true, score: 1 });
  });

  it('palette characters that are not defined are reported by the loader', () => {
    expect(() => specOf(taskYaml({ type: 'construction', success: success.replace('"p."', '"px"') }))).toThrow(/character 'x' is not in the palette/);
  });
});

describe('S-Agents shelter', () => {
  const success = 'type: shelter\norigin: [20, 64, 20]';

  it('checks foundation, walls, door and roof against their positions', async () => {
    const { runtime, admin } = await runtimeEpisode(taskYaml({ type: 'shelter', success }));
    const parts = shelterParts(specOf(taskYaml({ type: 'shelter', success })).task.success as never);
    expect(parts.foundation).toHaveLength(25);
    expect(parts.walls).toHaveLength(16 * 3);
    expect(parts.roof).toHaveLength(25);

    admin.fill({ x: 20, y: 64, z: 20 }, { x: 24, y: 64, z: 24 }, 'cobblestone');
    let r = runtime.evaluate();
    expect(r.details.parts).toEqual({ foundation: 1, walls: 0, roof: 0, door: 0 });
    expect(r.score).toBeCloseTo(0.25);

    for (const p of parts.walls) admin.setBlock(p, 'oak_planks');
    admin.setBlock({ x: 20, y: 65, z: 20 }, 'oak_door'); // a door in a corner is no door
    admin.setBlock({ x: 20, y: 66, z: 20 }, 'oak_door');
    admin.fill({ x: 20, y: 68, z: 20 }, { x: 24, y: 68, z: 24 }, 'stone');
    r = runtime.evaluate();
    expect(r.details.parts).toEqual({ foundation: 1, walls: 1, roof: 1, door: 0 });
    expect(r.success).toBe(false);

    admin.setBlock({ x: 22, y: 65, z: 20 }, 'oak_door');
    admin.setBlock({ x: 22, y: 66, z: 20 }, 'oak_door');
    r = runtime.evaluate();
    expect(r).toMatchObject({ success: true, score: 1, details: { door: { x: 22, y: 65, z: 20 } } });

    admin.setBlock({ x: 24, y: 68, z: 24 }, 'oak_planks'); // a wooden roof corner is not a stone roof
    expect(runtime.evaluate().details.parts).toMatchObject({ roof: 24 / 25 });
  });
});
