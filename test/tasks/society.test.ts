/** agents.households (many agents declared in groups), on_ground spawns and the settlement goal. */
import { describe, expect, it } from 'vitest';
import { compileTask } from '../../src/tasks/compile.js';
import { loadTaskFile, parseTask } from '../../src/tasks/load.js';
import { runtimeEpisode, specOf } from './sim-episode.js';

const HUT = `
    type: settlement
    hut:
      palette: {C: cobblestone, P: oak_planks}
      layers:
        - ["CC", "CC"]
        - ["P ", " P"]
    offset: [2, -2]
    hut_threshold: 1
    threshold: 0.5`;

const society = (households: string, world = 'flatgrass') => `
task:
  type: society
  goal: build huts
  success:${HUT}
agents:
  households:
${households}
environment:
  max_steps: 20
  world: {world_type: ${world}, difficulty: peaceful}
`;

describe('agents.households', () => {
  it('expands into spawn entries: one team per household, members west of its centre, on a grid', () => {
    const spec = specOf(society('    {count: 4, members: 3, origin: [0, 64, 0], columns: 2, spacing: 20, inventory: {oak_log: 2}}'));
    expect(spec.agents.spawn).toHaveLength(12);
    expect(spec.agents.spawn.map((a) => a.name).slice(0, 4)).toEqual(['h0_0', 'h0_1', 'h0_2', 'h1_0']);
    const h3 = spec.agents.spawn.filter((a) => a.team === 'h3');
    expect(h3.map((a) => a.name)).toEqual(['h3_0', 'h3_1', 'h3_2']);
    // Household 3 is the second column of the second row: centre (20, 64, 20).
    for (const a of h3) {
      expect(a.position.x).toBeLessThan(20);
      expect(Math.abs(a.position.z - 20)).toBeLessThanOrEqual(2);
      expect(a.inventory).toEqual({ oak_log: 2 });
      expect(a.on_ground).toBe(true);
    }
  });

  it('gives the settlement goal a plot per household, with its members', () => {
    const spec = specOf(society('    {count: 3, members: 2, origin: [0, 64, 0], spacing: 24}'));
    const goal = compileTask(spec, 1).goals[0]!;
    expect(goal.type).toBe('settlement');
    if (goal.type !== 'settlement') return;
    expect(goal.plots).toEqual([
      { team: 'h0', position: { x: 2, y: 64, z: -2 }, members: ['h0_0', 'h0_1'] },
      { team: 'h1', position: { x: 26, y: 64, z: -2 }, members: ['h1_0', 'h1_1'] },
      { team: 'h2', position: { x: 50, y: 64, z: -2 }, members: ['h2_0', 'h2_1'] },
    ]);
  });

  it('refuses more agents than a task may have, naming the key and line', () => {
    const text = society('    {count: 101, members: 10, origin: [0, 64, 0]}');
    const r = parseTask(text, { file: 'big.yaml' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues[0]).toMatchObject({ file: 'big.yaml', path: 'agents.households', reason: expect.stringMatching(/1010 agents, more than the 1000/) });
    expect(r.issues[0]!.line).toBe(text.split('\n').findIndex((l) => l.includes('count: 101')) + 1);
  });

  it('reports a misspelt household key with its path', () => {
    const r = parseTask(society('    {count: 2, members: 2, origin: [0, 64, 0], spacng: 20}'), { file: 'typo.yaml' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path)).toContain('agents.households.spacng');
  });

  it('puts on_ground agents on the ground of natural terrain, whatever y the file says', async () => {
    const { world } = await runtimeEpisode(society('    {count: 2, members: 2, origin: [0, 200, 0]}', 'natural'), 7);
    for (const name of ['h0_0', 'h0_1', 'h1_0', 'h1_1']) {
      const p = world.player(name)!.pos;
      const x = Math.floor(p.x);
      const z = Math.floor(p.z);
      // On the ground or on the water's surface (seed 7 has sea there): never in the air, never in a block.
      expect(world.blockAt({ x, y: Math.floor(p.y) - 1, z })).not.toBe('air');
      expect(world.isSolid(x, Math.floor(p.y), z)).toBe(false);
      expect(world.isSolid(x, Math.floor(p.y) + 1, z)).toBe(false);
      expect(Math.floor(p.y)).toBeLessThan(200);
    }
  });

  it('the shipped 1,000-agent village validates', async () => {
    const r = await loadTaskFile(new URL('../../suites/society/village-1000-v1.yaml', import.meta.url).pathname);
    expect(r.ok ? r.warnings : r.issues).toEqual([]);
    if (r.ok) expect(r.spec.agents.spawn).toHaveLength(1000);
  });
});

describe('settlement goal', () => {
  it('finds each hut at whatever height it was built and counts the huts built', async () => {
    const { runtime, admin } = await runtimeEpisode(society('    {count: 2, members: 1, origin: [0, 64, 0], spacing: 24}'));
    expect(runtime.evaluate()).toMatchObject({ success: false, score: 0, details: { huts: 0, plots: 2 } });
    // Household 0's hut on the ground at its plot (2, 64, -2); household 1's hut three blocks up (on a hill, say).
    admin.fill({ x: 2, y: 64, z: -2 }, { x: 3, y: 64, z: -1 }, 'cobblestone');
    admin.setBlock({ x: 2, y: 65, z: -2 }, 'oak_planks');
    admin.setBlock({ x: 3, y: 65, z: -1 }, 'oak_planks');
    let r = runtime.evaluate();
    expect(r).toMatchObject({ success: true, details: { huts: 1, plots: 2 } });
    expect(r.score).toBeCloseTo(0.5);
    admin.fill({ x: 26, y: 67, z: -2 }, { x: 27, y: 67, z: -1 }, 'cobblestone');
    admin.setBlock({ x: 26, y: 68, z: -2 }, 'oak_planks');
    r = runtime.evaluate();
    expect(r.details).toMatchObject({ huts: 1 });
    expect(r.score).toBeCloseTo((1 + 5 / 6) / 2);
    admin.setBlock({ x: 27, y: 68, z: -1 }, 'oak_planks');
    expect(runtime.evaluate()).toMatchObject({ success: true, score: 1, details: { huts: 2 } });
    // A hut taken down stops counting.
    admin.setBlock({ x: 2, y: 65, z: -2 }, 'air');
    expect(runtime.evaluate().details).toMatchObject({ huts: 1 });
  });

  it('needs plots or households', () => {
    const text = `
task:
  type: society
  goal: build huts
  success:${HUT}
agents:
  spawn:
    - {name: Alice, position: [0, 64, 0]}
`;
    expect(() => specOf(text)).toThrow(/settlement needs plots/);
  });
});
