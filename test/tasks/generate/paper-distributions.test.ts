/**
 * The committed TickingCollab suite against what the paper publishes about its own (Table 2 means,
 * Table 3 parameter distributions), and the samplers reaching the collaboration necessity Appendix B
 * asks for. Figures and gaps are in docs/task-generator.md; the paper's numbers are in paper-difficulty.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { difficulty } from '../../../src/tasks/difficulty.js';
import { generateTasks } from '../../../src/tasks/generate/generate.js';
import { GAP_TOLERANCE, relativeGap, type MetricComparison } from '../../../src/tasks/generate/paper-comparison.js';
import { PAPER_PARAMETERS } from '../../../src/tasks/generate/paper-difficulty.js';
import { loadUserSpec } from '../../../src/tasks/generate/user-spec.js';
import { loadTaskFile } from '../../../src/tasks/load.js';
import type { TaskSpec } from '../../../src/tasks/spec.js';

const root = new URL('../../../suites/tickingcollab/', import.meta.url).pathname;
const generated = join(root, 'generated');

async function suite(slug: string): Promise<TaskSpec[]> {
  const out: TaskSpec[] = [];
  for (const f of readdirSync(generated).filter((n) => n.startsWith(`${slug}-`) && n.endsWith('.yaml')).sort()) {
    const r = await loadTaskFile(join(generated, f));
    if (!r.ok) throw new Error(`${f} does not load`);
    out.push(r.spec);
  }
  return out;
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const expectNear = (ours: number, paper: number, what: string): void => {
  expect(relativeGap(ours, paper), `${what}: ours ${ours.toFixed(2)}, paper ${paper}`).toBeLessThanOrEqual(GAP_TOLERANCE);
};

describe('the samplers aim at collaboration necessity (Appendix B: "N must be greater than 1.0")', () => {
  // Before the samplers sized workloads, 0 of 400 crisis and vanishing drafts had N >= 1.
  it.each(['prepare-crisis', 'mine-vanishing-blocks'])('%s: some of 60 drafts need more than one agent (N >= 1)', async (name) => {
    const spec = loadUserSpec(join(root, 'specs', `${name}.yaml`));
    // Margins near zero keep every draft that loads, so the drafts themselves are measured.
    const loose = { ...spec, feasibility: { alpha: 0.1, beta1: 0.1, beta2: 0.1, gamma: 0.1 } };
    const r = await generateTasks({ spec: loose, count: 60, seed: 'necessity', maxDrafts: 120 });
    const ns = r.tasks.map((t) => difficulty(t.spec).N);
    expect(ns.length).toBeGreaterThan(30);
    expect(ns.filter((n) => n >= 1).length).toBeGreaterThan(0);
  });
});

describe('the committed suite beside the paper', () => {
  const comparison = (slug: string): MetricComparison[] =>
    (JSON.parse(readFileSync(join(generated, `${slug}.report.json`), 'utf8')) as { paper_comparison: MetricComparison[] }).paper_comparison;

  it.each([
    // N of the crisis and mining suites was 63% and 49% below the paper before the crisis workload
    // became C.1's N_required and the samplers sized to the feasibility margins (docs/task-generator.md).
    ['prepare-crisis', ['H', 'N', 'D', 'tau']],
    ['mine-vanishing-blocks', ['H', 'N', 'D', 'tau']],
    ['raid-boss', ['H', 'N', 'D', 'tau']],
  ] as const)('%s: the means of %j are within 15% of Table 2', (slug, metrics) => {
    const rows = comparison(slug);
    for (const m of metrics) {
      const row = rows.find((r) => r.metric === m)!;
      expect(row.within, `${slug} ${m}: gap ${row.gap.mean}`).toBe(true);
    }
  });

  it("prepare for a crisis: Table 3's team sizes, crisis speeds and agent speeds", async () => {
    const tasks = await suite('prepare-crisis');
    const p = PAPER_PARAMETERS.prepare_crisis;
    expectNear(mean(tasks.map((t) => t.agents.spawn.length)), p.agents.mean, 'agents');
    expectNear(mean(tasks.map((t) => (t.events[0]!.actions[0] as { speed: number }).speed)), p.crisis_speed.mean, 'crisis speed');
    expectNear(mean(tasks.flatMap((t) => t.agents.spawn.map((a) => a.capabilities!.speed_bps!))), p.agent_speed.mean, 'agent speed');
  });

  it("mine vanishing blocks: Table 3's team sizes, lifetimes, blocks per wave and tool tiers", async () => {
    const tasks = await suite('mine-vanishing-blocks');
    const p = PAPER_PARAMETERS.mine_vanishing_blocks;
    const spawns = tasks.flatMap((t) => t.events.flatMap((e) => e.actions.flatMap((a) => (a.type === 'spawn_blocks' ? [a] : []))));
    expectNear(mean(tasks.map((t) => t.agents.spawn.length)), p.agents.mean, 'agents');
    expectNear(mean(spawns.map((a) => a.lifetime)), p.block_lifetime.mean, 'block lifetime');
    expectNear(mean(spawns.map((a) => a.count)), p.blocks_per_wave.mean, 'blocks per wave');
    const tools = tasks.flatMap((t) => t.agents.spawn.flatMap((a) => Object.keys(a.inventory as Record<string, unknown>)));
    for (const [tier, percent] of Object.entries(p.tool_tier_percent)) {
      const share = (100 * tools.filter((t) => t.startsWith(`${tier}_`)).length) / tools.length;
      expect(Math.abs(share - percent), `${tier} tools: ${share.toFixed(0)}% of ${tools.length}`).toBeLessThanOrEqual(8);
    }
  });

  it("raid a boss: Table 3's team sizes, boss and minion life points, minions per wave and wave intervals", async () => {
    const tasks = await suite('raid-boss');
    const p = PAPER_PARAMETERS.raid_boss;
    const bosses = tasks.map((t) => t.events[0]!).map((e) => ({ e, a: e.actions[0]! as Extract<TaskSpec['events'][number]['actions'][number], { type: 'spawn_boss' }> }));
    expectNear(mean(tasks.map((t) => t.agents.spawn.length)), p.agents.mean, 'agents');
    expectNear(mean(bosses.map(({ a }) => a.health)), p.boss_hp.mean, 'boss HP');
    expectNear(mean(bosses.flatMap(({ a }) => a.minions.map((m) => m.health!))), p.minion_hp.mean, 'minion HP');
    expectNear(mean(bosses.flatMap(({ a }) => a.minions.map((m) => m.count))), p.minions_per_wave.mean, 'minions per wave');
    expectNear(mean(bosses.map(({ e }) => e.trigger.interval!)), p.wave_interval.mean, 'wave interval');
  });
});
