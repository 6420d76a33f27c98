import { describe, expect, it } from 'vitest';
import { compileTask, FLATGRASS_GROUND_Y } from '../../src/tasks/compile.js';
import { loadTaskFile, parseTask, idFromFile, type LoadResult } from '../../src/tasks/load.js';
import type { TaskIssue } from '../../src/tasks/issues.js';

const LISTING_2 = new URL('./fixtures/tickingcollab-listing2.yaml', import.meta.url).pathname;

/** A small valid task; tests break one thing at a time. */
const BASE = `
id: test/base-v1
task:
  type: mine_vanishing_blocks
  goal: "Mine the target blocks and put them in the chest"
  success:
    type: chest_contains
    items:
      - {name: gold_ore, count: 3}
events:
  - id: gold_wave
    trigger: {start: 2, end: 40, interval: 5}
    actions:
      - {type: spawn_blocks, block: gold_ore, count: 4, area: {center: [0, 64, 10], radius: 6}, lifetime: 30}
agents:
  count: 2
  spawn:
    - name: Alice
      position: [0, 64, 0]
      inventory:
        - {name: iron_pickaxe, count: 1}
      capabilities: {max_health: 20, speed_bps: 4.3, perception_range: 16}
    - name: Bob
      position: [2, 64, 0]
      inventory:
        - {name: stone_pickaxe, count: 1}
environment:
  max_steps: 60
  chest: {position: [0, 64, -3]}
`;

function issuesOf(r: LoadResult): TaskIssue[] {
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.issues;
}

function only(r: LoadResult): TaskIssue {
  const issues = issuesOf(r).filter((i) => i.severity === 'error');
  expect(issues, JSON.stringify(issues)).toHaveLength(1);
  return issues[0]!;
}

const lineOfText = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('TickingCollab Listing 2 as written in the paper', () => {
  it('loads without a single problem', async () => {
    const r = await loadTaskFile(LISTING_2);
    expect(r.ok ? r.warnings : r.issues).toEqual([]);
    if (!r.ok) return;
    const s = r.spec;
    expect(s.id).toBe('fixtures/tickingcollab-listing2-v1');
    expect(s.task.type).toBe('prepare_crisis');
    expect(s.agents.count).toBe(4);
    expect(s.agents.spawn.map((a) => a.name)).toEqual(['MineflayerBot0', 'MineflayerBot1', 'MineflayerBot2', 'MineflayerBot3']);
    expect(s.agents.spawn[0]!.inventory).toEqual({ diamond_pickaxe: { count: 1, unbreakable: true } });
    expect(s.environment.materials?.grid).toHaveLength(12);
    const fill = s.events[0]!.actions[0]!;
    expect(fill).toMatchObject({ type: 'progressive_fill', block: 'lava', direction: 'east', speed_bps: 1 });
    expect(fill.type === 'progressive_fill' && fill.area).toEqual({ min: { x: -30, y: 64, z: 0 }, max: { x: 40, y: 64, z: 40 } });
  });

  it('compiles to a Scenario the backends take', async () => {
    const r = await loadTaskFile(LISTING_2);
    if (!r.ok) throw new Error('listing 2 must load');
    const t = compileTask(r.spec, 7);
    expect(t.ticksPerStep).toBe(20);
    expect(t.scenario.maxTicks).toBe(100 * 20);
    expect(t.goals).toEqual([{ type: 'all_survive' }]);
    expect(t.scenario.world?.difficulty).toBe('hard');
    expect(t.scenario.world?.timeOfDay).toBe(1000);
    expect(t.scenario.world?.gamerules).toEqual({ doMobSpawning: false, doDaylightCycle: false });
    expect(t.unmodelledGamerules).toEqual({ doImmediateRespawn: false });
    const layers = t.scenario.world?.terrain?.type === 'flat' ? (t.scenario.world.terrain.layers ?? []) : [];
    expect(-64 + layers.reduce((n, l) => n + l.height, 0)).toBe(FLATGRASS_GROUND_Y);
    expect(t.scenario.agents[0]).toMatchObject({
      name: 'MineflayerBot0',
      position: { x: 8, y: 64, z: 18 },
      inventory: [{ name: 'diamond_pickaxe', count: 1 }],
      capabilities: { maxHealth: 40, speedBps: 4.3, perceptionRange: 24, effects: [{ name: 'fire_resistance', amplifier: 0 }] },
    });
    expect(t.scenario.agents[3]!.capabilities).toMatchObject({ speedBps: 8, perceptionRange: 10, effects: [] });
    expect(t.scenario.blocks?.[0]).toEqual({ pos: { x: 20, y: 64, z: 30 }, to: { x: 23, y: 64, z: 34 }, block: 'cobblestone' });
    expect(t.scenario.chests).toEqual([{ pos: { x: 0, y: 64, z: 0 }, items: [] }]);
  });
});

describe('bad task files report file, path, line and reason', () => {
  it('accepts the base file', () => {
    const r = parseTask(BASE, { file: 'base.yaml' });
    expect(r.ok ? r.warnings : r.issues).toEqual([]);
  });

  it('an unknown item in a list inventory, with a suggestion', () => {
    const text = BASE.replace('{name: stone_pickaxe, count: 1}', '{name: gold_pickaxe, count: 1}');
    const i = only(parseTask(text, { file: 'bad.yaml' }));
    expect(i.file).toBe('bad.yaml');
    expect(i.path).toBe('agents.spawn[1].inventory[0].name');
    expect(i.line).toBe(lineOfText(text, 'gold_pickaxe'));
    expect(i.reason).toMatch(/unknown item 'gold_pickaxe'.*did you mean 'golden_pickaxe'/);
  });

  it('an unknown block in an event and in the materials', () => {
    const text = BASE.replace('block: gold_ore,', 'block: gold_oar,') + `  materials:\n    grid:\n      - {block: cobblestne, position: [5, 64, 5], width: 2}\n`;
    const issues = issuesOf(parseTask(text, { file: 'b.yaml' }));
    expect(issues.map((i) => i.path)).toEqual(['environment.materials.grid[0].block', 'events[0].actions[0].block']);
    expect(issues[0]!.reason).toMatch(/unknown block 'cobblestne'.*'cobblestone'/);
    expect(issues[1]!.reason).toMatch(/'gold_ore'/);
  });

  it('a misspelt key is an error, not silently ignored', () => {
    const text = BASE.replace('max_health: 20', 'max_heath: 20');
    const i = only(parseTask(text));
    expect(i.path).toBe('agents.spawn[0].capabilities.max_heath');
    expect(i.reason).toMatch(/unknown key 'max_heath'; did you mean 'max_health'/);
    const issues = issuesOf(parseTask(BASE.replace('lifetime: 30', 'lifetim: 30')));
    expect(issues.map((x) => x.path)).toEqual(['events[0].actions[0].lifetime', 'events[0].actions[0].lifetim']);
    expect(issues[0]!.reason).toBe('missing: this key is required (number)');
    // Suggestions come from the spawn_blocks action's own keys, not every action's.
    expect(issues[1]!.reason).toMatch(/did you mean 'lifetime', 'area', 'count'\?/);
    expect(i.line).toBe(lineOfText(text, 'max_heath'));
  });

  it('wrong shapes and types say what was expected', () => {
    const i = only(parseTask(BASE.replace('position: [2, 64, 0]', 'position: [2, 64]')));
    expect(i.path).toBe('agents.spawn[1].position');
    expect(i.reason).toMatch(/expected a position \[x, y, z\]/);
    const j = only(parseTask(BASE.replace('max_steps: 60', 'max_steps: soon')));
    expect(j.path).toBe('environment.max_steps');
    expect(j.reason).toMatch(/expected number/);
  });

  it('an unknown action or goal type names the known ones', () => {
    const i = only(parseTask(BASE.replace('type: spawn_blocks', 'type: spawn_blokcs')));
    expect(i.path).toBe('events[0].actions[0].type');
    expect(i.reason).toMatch(/progressive_fill/);
    const j = only(parseTask(BASE.replace('type: chest_contains', 'type: chest_has')));
    expect(j.path).toBe('task.success.type');
  });

  it('unknown effects get a did-you-mean in command form', () => {
    const text = BASE.replace('perception_range: 16}', 'perception_range: 16, effects: [fire_resistence]}');
    const i = only(parseTask(text));
    expect(i.path).toBe('agents.spawn[0].capabilities.effects[0]');
    expect(i.reason).toMatch(/did you mean 'fire_resistance'/);
  });

  it('a gamerule the simulator ignores is a warning only when it changes something', () => {
    const r = parseTask(BASE.replace('  max_steps: 60', '  max_steps: 60\n  world: {gamerules: {doImmediateRespawn: false, doWeatherCycle: false}}'));
    expect(r.ok && r.warnings.map((w) => [w.severity, w.path])).toEqual([['warning', 'environment.world.gamerules.doWeatherCycle']]);
  });

  it('cross-field problems: counts, triggers, missing goals, unknown agents', () => {
    expect(only(parseTask(BASE.replace('count: 2\n', 'count: 3\n'))).path).toBe('agents.count');
    expect(only(parseTask(BASE.replace('end: 40', 'end: 1'))).path).toBe('events[0].trigger.end');
    const noGoal = BASE.replace('  success:\n    type: chest_contains\n    items:\n      - {name: gold_ore, count: 3}\n', '');
    const g = only(parseTask(noGoal));
    expect(g.path).toBe('task.success');
    expect(g.reason).toMatch(/mine_vanishing_blocks task needs task.success/);
    expect(only(parseTask(BASE.replace('name: Bob', 'name: Alice'))).reason).toMatch(/used twice/);
  });

  it('sizes that would exhaust a run are rejected (task files are untrusted)', () => {
    const big = BASE.replace('count: 4, area', 'count: 5000, area') + '  materials:\n    grid:\n      - {block: stone, position: [0, 0, 0], width: 1000, height: 10, depth: 1000}\n';
    const issues = issuesOf(parseTask(big));
    expect(issues.map((i) => i.path)).toEqual(['environment.materials.grid[0]', 'events[0].actions[0].count']);
    expect(issues[0]!.reason).toMatch(/10000000 blocks is more than 1000000/);
  });

  it('reports every problem of a file at once', () => {
    const text = BASE.replace('gold_pickaxe', 'x').replace('stone_pickaxe', 'stone_pikaxe').replace('iron_pickaxe', 'iron_pikaxe').replace('end: 40', 'end: 1');
    const issues = issuesOf(parseTask(text));
    expect(issues.map((i) => i.path).sort()).toEqual(['agents.spawn[0].inventory[0].name', 'agents.spawn[1].inventory[0].name', 'events[0].trigger.end']);
  });

  it('YAML syntax errors give the line', () => {
    const text = 'task:\n  type: harvest\n  goal: [unclosed\nagents: {}\n';
    const i = issuesOf(parseTask(text, { file: 's.yaml' }))[0]!;
    expect(i.reason).toMatch(/^YAML syntax/);
    expect(i.line).toBeGreaterThanOrEqual(3);
  });

  it('a missing file or a non-mapping is an issue, never a throw', async () => {
    expect(issuesOf(await loadTaskFile('/nonexistent/x.yaml'))[0]!.reason).toBe('file not found');
    expect(issuesOf(parseTask('- just\n- a list\n'))[0]!.reason).toMatch(/YAML mapping/);
    expect(issuesOf(parseTask(''))).toHaveLength(1);
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`)].join('\n');
    expect(issuesOf(parseTask(bomb))[0]!.reason).toMatch(/^YAML: .*alias/i);
  });

  it('ids come from the file when absent and must look like suite/name-vN', () => {
    expect(idFromFile('suites/sagents/mine-50-logs.yaml')).toBe('sagents/mine-50-logs-v1');
    expect(idFromFile('suites/tickingcollab/raid-boss-v3.yml')).toBe('tickingcollab/raid-boss-v3');
    expect(only(parseTask(BASE.replace('id: test/base-v1', 'id: Base')).valueOf() as LoadResult).path).toBe('id');
  });
});
