/** `guildcraft run --agents X --org Y` and `guildcraft agents` through the commands themselves. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { registerAgents } from '../../src/cli/commands/agents.js';
import { registerRun } from '../../src/cli/commands/run.js';
import { InputError } from '../../src/core/errors.js';

const out = mkdtempSync(join(tmpdir(), 'gc-org-cli-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
afterEach(() => {
  process.exitCode = 0;
});

async function cli(args: string[]): Promise<string> {
  const program = new Command('guildcraft');
  registerRun(program);
  registerAgents(program);
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((s: unknown) => void lines.push(String(s)));
  try {
    await program.parseAsync(['node', 'guildcraft', ...args]);
  } finally {
    spy.mockRestore();
  }
  return lines.join('\n');
}

describe('architectures in organisations from the CLI', () => {
  it('runs heuristic workers under an s-agents leader: guildcraft run <task> --agents heuristic --org tree', async () => {
    const text = await cli(['run', 'sagents/mine-50-logs-1-leaf-v1', '--agents', 'heuristic', '--org', 'tree', '--model', 'scripted:sagents', '--ticks-per-step', '20', '--json', '--out', out]);
    const r = JSON.parse(text) as { success: boolean; agents: string; log: string; metrics: { prompts: number } };
    expect(r).toMatchObject({ success: true, agents: 'heuristic' });
    expect(r.metrics.prompts).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a pairing that makes no sense with a user error naming the organisations it supports (exit 2)', async () => {
    const run = cli(['run', 'sagents/mine-50-logs-1-leaf-v1', '--agents', 'heuristic', '--org', 'chain', '--out', out]);
    await expect(run).rejects.toThrow(InputError);
    await expect(cli(['run', 'sagents/mine-50-logs-1-leaf-v1', '--agents', 'alex', '--org', 'graph', '--out', out])).rejects.toThrow("the 'alex' agents cannot be organised as 'graph'; 'alex' runs in: solo, tree, chain");
  });

  it('guildcraft agents lists each architecture with every organisation it runs in', async () => {
    const rows = JSON.parse(await cli(['agents', '--json'])) as { name: string; orgs: string[]; ownOrgs: string[] }[];
    const orgsOf = (n: string) => rows.find((r) => r.name === n)!.orgs;
    expect(orgsOf('s-agents')).toEqual(['tree', 'chain', 'graph', 'solo']);
    expect(orgsOf('heuristic')).toEqual(['centralized', 'solo', 'tree']);
    expect(orgsOf('tickingcollab-centralized')).toEqual(['centralized', 'solo', 'tree']);
    expect(orgsOf('tickingcollab-distributed')).toEqual(['distributed', 'tree', 'chain']);
    expect(orgsOf('alex')).toEqual(['solo', 'tree', 'chain']);
    expect(orgsOf('code-as-action')).toEqual(['solo', 'chain', 'tree']);
    for (const n of ['s-agents', 'heuristic', 'tickingcollab-centralized', 'tickingcollab-distributed', 'alex', 'code-as-action']) expect(orgsOf(n).length, n).toBeGreaterThanOrEqual(2);
    const text = await cli(['agents']);
    expect(text).toMatch(/^alex\s+LLM\s+orgs: solo, tree, chain/m);
  });
});
