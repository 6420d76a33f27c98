import { describe, expect, it } from 'vitest';
import { parseTask } from '../../src/tasks/load.js';

/** A flatgrass task whose agent holds `tool`, with a pile of `block` in the world and a chest quota of `goal`. */
const task = (opts: { tool: string; block: string; goal: string; worldType?: string }) => `
task:
  type: mine_vanishing_blocks
  goal: fill the chest
  success: {type: chest_contains, position: [0, 64, 0], items: [{name: ${opts.goal}, count: 5}]}
agents:
  spawn:
    - {name: Alice, position: [2, 64, 2], inventory: {${opts.tool}: 1}}
environment:
  max_steps: 100
  world: {world_type: ${opts.worldType ?? 'flatgrass'}}
  chest: {position: [0, 64, 0]}
  materials:
    grid: [{block: ${opts.block}, position: [6, 64, 6], width: 3, depth: 3}]
`;

const errorsOf = (text: string) => {
  const r = parseTask(text, { file: 'suites/x/quota-v1.yaml', checkObtainability: true });
  return r.ok ? [] : r.issues.filter((i) => i.severity === 'error');
};

describe('validate: every goal item can be obtained from the task world and tools', () => {
  it('rejects gold_ore in a chest when mining gold ore drops raw_gold, naming the file, the goal and why', () => {
    const errors = errorsOf(task({ tool: 'iron_pickaxe', block: 'gold_ore', goal: 'gold_ore' }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.file).toBe('suites/x/quota-v1.yaml');
    expect(errors[0]!.path).toMatch(/^task\.success/);
    expect(errors[0]!.reason).toMatch(/gold_ore/);
    expect(errors[0]!.reason).toMatch(/raw_gold/);
  });

  it('accepts what the world does give: raw_gold by mining, gold_ingot by smelting it, a gold block by crafting', () => {
    for (const goal of ['raw_gold', 'gold_ingot', 'gold_block']) expect(errorsOf(task({ tool: 'iron_pickaxe', block: 'gold_ore', goal })), goal).toEqual([]);
  });

  it('rejects an ore nobody can harvest, saying which tool is missing', () => {
    const errors = errorsOf(task({ tool: 'stone_pickaxe', block: 'diamond_ore', goal: 'diamond' }));
    expect(errors).toHaveLength(1);
    expect(errors[0]!.reason).toMatch(/diamond_ore/);
    expect(errors[0]!.reason).toMatch(/harvest/);
  });

  it('leaves natural worlds alone (their terrain may hold anything)', () => {
    expect(errorsOf(task({ tool: 'stone_pickaxe', block: 'diamond_ore', goal: 'diamond', worldType: 'natural' }))).toEqual([]);
  });
});

describe('guildcraft validate reports an unobtainable quota', () => {
  it('exits with an error for the file', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { validatePaths, formatReport } = await import('../../src/cli/commands/validate.js');
    const dir = mkdtempSync(join(tmpdir(), 'gc-quota-'));
    const file = join(dir, 'quota-v1.yaml');
    writeFileSync(file, `id: x/quota-v1\n${task({ tool: 'iron_pickaxe', block: 'gold_ore', goal: 'gold_ore' })}`);
    const report = await validatePaths([file]);
    expect(report.errors).toBe(1);
    expect(formatReport(report)).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: task\\.success\\.items\\[0\\]: .*raw_gold`));
  });
});
