import { describe, expect, it } from 'vitest';
import { OracleTeam } from '../../../src/agents/oracle/oracle-team.js';
import { teamOfAgents } from '../../../src/agents/team.js';
import { taskFile } from '../../../src/tasks/task-files.js';
import { fixture, runTaskFile } from './episode-helpers.js';

const skillCalls = (records: readonly Record<string, unknown>[], agent?: string): string[] =>
  records.filter((r) => r.type === 'action' && (agent === undefined || r.agent === agent)).map((r) => String((r.action as { name?: string }).name));

describe('oracle team, end to end on SimEnv', () => {
  it('prepare for a crisis: the exposed agent mines stone and climbs a staircase, the fire-resistant one waits; all survive', { timeout: 180_000 }, async () => {
    const { result, log } = await runTaskFile(fixture('oracle', 'small-lava-crisis-v1.yaml'), new OracleTeam());
    expect(result.ended).toBe('success');
    const plans = log.records.filter((r) => r.type === 'oracle_plan');
    expect(plans.find((p) => p.agent === 'Salamander')?.plan).toBe('safe');
    expect(plans.find((p) => p.agent === 'Mason')?.plan).toBe('staircase');
    const mason = skillCalls(log.records, 'Mason');
    expect(mason).toContain('mineBlocks');
    expect(mason).toContain('buildBlueprint');
    // Against lava it builds with stone, not the planks lying closer.
    const build = log.records.find((r) => r.type === 'action' && r.agent === 'Mason' && (r.action as { name: string }).name === 'buildBlueprint');
    const blocks = ((build!.action as { params: { blocks: { block: string }[] } }).params.blocks).map((b) => b.block);
    expect(new Set(blocks)).toEqual(new Set(['cobblestone']));
    expect(['episode_start', 'action', 'skill_result', 'episode_end'].every((t) => log.records.some((r) => r.type === t))).toBe(true);
  });

  it('the same crisis kills an idle team (the task is not passed by doing nothing)', async () => {
    const idle = teamOfAgents('idle', (name) => ({ name, decide: async () => ({ type: 'skill', name: 'wait', params: { ticks: 100 } }) }));
    const { result } = await runTaskFile(fixture('oracle', 'small-lava-crisis-v1.yaml'), idle);
    expect(result.success).toBe(false);
    expect(result.details).toContain('Mason');
  });

  it('mine vanishing blocks: assigns spawned blocks by tool tier and fills the chest', { timeout: 180_000 }, async () => {
    const { result, log } = await runTaskFile(taskFile('tickingcollab/mine-vanishing-blocks-v1'), new OracleTeam());
    expect(result.ended).toBe('success');
    // Delta holds only a wooden axe: it is never sent to iron ore or stone.
    const deltaTargets = log.records.filter((r) => r.type === 'action' && r.agent === 'Delta' && (r.action as { name: string }).name === 'mineBlocks');
    expect(deltaTargets.length).toBeGreaterThan(0);
    for (const r of deltaTargets) {
      for (const p of (r.action as { params: { positions: { z: number }[] } }).params.positions) expect(p.z).toBeLessThan(0); // the log area is at z -26..-14
    }
    expect(skillCalls(log.records)).toContain('depositToChest');
  });

  it('raid a boss: every agent fights and the boss dies', { timeout: 180_000 }, async () => {
    const { result, log } = await runTaskFile(taskFile('tickingcollab/raid-boss-v1'), new OracleTeam());
    expect(result.ended).toBe('success');
    const attackers = new Set(log.records.filter((r) => r.type === 'action' && (r.action as { name: string }).name === 'attack').map((r) => r.agent));
    expect(attackers.size).toBe(4);
  });

  it('refuses to start without the oracle knowledge the runner provides', async () => {
    const team = new OracleTeam();
    await expect(team.start({ task: { id: 'x/y-v1', type: 'raid_boss', goal: 'g', maxTicks: 10 }, agents: ['a'], seed: '1', skills: '', log: () => {} })).rejects.toThrow(/compiled task/);
  });
});
