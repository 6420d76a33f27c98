import { describe, expect, it } from 'vitest';
import { agentDps, difficulty, heterogeneity, agentProfile, DEFAULT_BOUNDS } from '../../src/tasks/difficulty.js';
import { loadTaskFile } from '../../src/tasks/load.js';
import { specOf, taskYaml } from './sim-episode.js';

const LISTING_2 = new URL('./fixtures/tickingcollab-listing2.yaml', import.meta.url).pathname;

async function listing2() {
  const r = await loadTaskFile(LISTING_2);
  if (!r.ok) throw new Error('listing 2 must load');
  return r.spec;
}

describe('TickingCollab §2.2 metrics on Listing 2 (prepare for a crisis)', () => {
  it('H: the mean pairwise attribute distance, computed by hand', async () => {
    const spec = await listing2();
    // (max_health, speed_bps, perception_range, items, effects); unset health is a player's 20.
    const a = [
      [40, 4.3, 24, 'diamond_pickaxe', true],
      [30, 6.5, 16, 'diamond_axe', true],
      [20, 3.0, 20, 'iron_pickaxe', false],
      [20, 8.0, 10, 'golden_axe', false],
    ] as const;
    const [hp, sp, pr] = [DEFAULT_BOUNDS.max_health, DEFAULT_BOUNDS.speed_bps, DEFAULT_BOUNDS.perception_range];
    let sum = 0;
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        const x = a[i]!;
        const y = a[j]!;
        const d =
          Math.abs(x[0] - y[0]) / (hp[1] - hp[0]) +
          Math.abs(x[1] - y[1]) / (sp[1] - sp[0]) +
          Math.abs(x[2] - y[2]) / (pr[1] - pr[0]) +
          1 + // every agent holds a different tool: Jaccard distance 1
          (x[4] === y[4] ? 0 : 1); // fire resistance or not
        sum += d / 5;
      }
    }
    const m = difficulty(spec);
    expect(m.H).toBeCloseTo(sum / 6, 10);
    expect(m.H).toBeGreaterThan(0.4);
    expect(m.H).toBeLessThan(1);
  });

  it('τ is the crisis arrival at the far end (t0 + L / v), D the slices advanced per step', async () => {
    const m = difficulty(await listing2());
    // start 30, 71 slices from x=-30 to 40 at 1 slice per second.
    expect(m.tau).toBe(30 + 71);
    // Steps 30..99 of the 100 advance one slice each.
    expect(m.details.stateChanges).toBe(70);
    expect(m.D).toBeCloseTo(0.7);
  });

  it("N: every survival block in the map (C.1's N_required) mined and placed by the best agent, over T_max", async () => {
    const m = difficulty(await listing2());
    // Lava burns the log and plank piles; the stone-like ones are the workload, per block type:
    // cobblestone 20+12+20, stone 9+12, stone bricks 12+9, bricks 9 — 103 blocks. The diamond
    // pickaxe digs hardness 1.5 (stone, stone bricks) in ceil(1.5*30/8)=6 ticks = 0.3 s and
    // hardness 2 (cobblestone, bricks) in 8 ticks = 0.4 s; placing takes 0.5 s.
    expect(m.details.workload).toEqual([
      { kind: 'mine', amount: 52 },
      { kind: 'mine', amount: 21 },
      { kind: 'mine', amount: 21 },
      { kind: 'mine', amount: 9 },
    ]);
    const solo = 52 * (0.4 + 0.5) + 21 * (0.3 + 0.5) + 21 * (0.3 + 0.5) + 9 * (0.4 + 0.5);
    expect(m.details.soloSeconds).toBeCloseTo(solo);
    expect(m.N).toBeCloseTo(solo / 100);
    // Counting only the shelter, (H+1)·agents = 8 blocks, the paper's own example would have N = 0.064,
    // a seventeenth of Table 2's mean 1.11 (docs/task-generator.md).
    expect(m.N).toBeGreaterThan(0.8);
  });
});

describe('raid a boss and mine vanishing blocks', () => {
  const raid = taskYaml({
    type: 'raid_boss',
    agents: `
- {name: A, position: [0, 64, 0], inventory: [{name: iron_sword}], capabilities: {max_health: 30}}
- {name: B, position: [2, 64, 0], inventory: [{name: wooden_sword}]}
`,
    environment: 'max_steps: 120',
    events: `
- id: boss
  trigger: {start: 0, interval: 12}
  actions:
    - {type: spawn_boss, mob: zombie, name: Ogre, position: [20, 64, 20], health: 240, damage: 6, minions: [{mob: zombie, count: 2, health: 35, damage: 3}]}
`,
  });

  it('N is total enemy HP over the best agent DPS, τ the agents HP over each spawn event DPS, averaged', () => {
    const spec = specOf(raid);
    const m = difficulty(spec);
    // Firings at 0, 12, …, 108: the boss, then 9 waves of 2 minions.
    const hp = 240 + 9 * 2 * 35;
    expect(agentDps(agentProfile(spec.agents.spawn[0]!))).toBeCloseTo(6 * 1.6);
    expect(m.N).toBeCloseTo(hp / 9.6 / 120);
    // The boss alone (6 per second), then 9 waves of two minions (2 * 3 per second) each.
    expect(m.tau).toBeCloseTo(((30 + 20) / 6 + 9 * ((30 + 20) / 6)) / 10);
    expect(m.details.stateChanges).toBe(1 + 9 * 2);
  });

  it('mine vanishing blocks: τ is the shortest lifetime; spawns and vanishings are the changes', () => {
    const spec = specOf(
      taskYaml({
        type: 'mine_vanishing_blocks',
        success: 'type: chest_contains\nitems: [{name: raw_gold, count: 6}, {name: oak_log, count: 4}]',
        agents: '- {name: A, position: [0, 64, 0], inventory: [{name: iron_pickaxe}]}\n- {name: B, position: [2, 64, 0], inventory: [{name: stone_axe}]}',
        environment: 'max_steps: 100\nchest: {position: [0, 64, -2]}',
        events: `
- id: gold
  trigger: {start: 0, end: 60, interval: 20}
  actions: [{type: spawn_blocks, block: gold_ore, count: 9, area: {center: [10, 64, 10], radius: 6}, lifetime: 33}]
- id: logs
  trigger: {start: 5, end: 90, interval: 30}
  actions: [{type: spawn_blocks, block: oak_log, count: 8, area: {center: [-10, 64, 10], radius: 6}, lifetime: 25}]
`,
      }),
    );
    const m = difficulty(spec);
    expect(m.tau).toBe(25);
    // gold waves at 0, 20, 40, 60: the last vanishes at 93 (< 100) -> 4 * 9 * 2; logs at 5, 35, 65: 3 * 8 * 2.
    expect(m.details.stateChanges).toBe(72 + 48);
    // A alone can do it all (gold ore with the iron pickaxe, logs by hand), so N is finite.
    expect(Number.isFinite(m.N)).toBe(true);
    expect(m.N).toBeGreaterThan(0);
    // Without the iron pickaxe nobody can harvest gold ore: collaboration is impossible, not just needed.
    const noIron = specOf(JSON.stringify({ ...spec, id: undefined, agents: { spawn: spec.agents.spawn.map((a) => ({ ...a, inventory: [{ name: 'stone_axe', count: 1 }] })) } }));
    expect(difficulty(noIron).N).toBe(Infinity);
  });

  it('H is over the attributes some agent sets (§2.2\'s K), not the ones all leave at the default', () => {
    // Two agents: speeds at the two ends of the bounds, the same tool, nothing else set: K = {speed, items}.
    const spec = specOf(
      taskYaml({
        agents: [
          '- {name: a, position: [0, 64, 0], inventory: {iron_pickaxe: 1}, capabilities: {speed_bps: 3}}',
          '- {name: b, position: [2, 64, 0], inventory: {iron_pickaxe: 1}, capabilities: {speed_bps: 6}}',
        ].join('\n'),
      }),
    );
    const bounds = { ...DEFAULT_BOUNDS, speed_bps: [3, 6] as [number, number] };
    expect(heterogeneity(spec.agents.spawn.map(agentProfile), bounds)).toBeCloseTo((1 + 0) / 2, 12);
  });

  it('a lone agent or identical agents have H = 0', () => {
    const spec = specOf(taskYaml({ agents: '- {name: A, position: [0, 64, 0]}\n- {name: B, position: [1, 64, 0]}' }));
    expect(heterogeneity(spec.agents.spawn.map(agentProfile))).toBe(0);
    expect(difficulty(specOf(taskYaml({}))).H).toBe(0);
  });
});
