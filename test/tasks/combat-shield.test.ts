import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { HeuristicTeam } from '../../src/agents/heuristic/heuristic-team.js';
import { combatTasks } from '../../src/tasks/generate/mineland/combat.js';
import type { MemoryRunLog } from '../../src/runner/run-log.js';
import { runTaskFile } from '../agents/oracle/episode-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'gc-shield-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The generated MineLand task "kill 4 zombies with an iron sword and a shield", as generated or with the shield taken out. */
function combatFile(shield: boolean): string {
  const task = structuredClone(combatTasks({ agents: 1, mode: 'cooperative' }).find((t) => t.id === 'mineland/combat-zombie-4-iron_sword_shield-a1-coop-v1'));
  if (!task) throw new Error('the MineLand combat family no longer generates combat-zombie-4-iron_sword_shield');
  const spawn = (task.agents as { spawn: { equipment: Record<string, string> }[] }).spawn[0]!;
  expect(spawn.equipment['off-hand']).toBe('shield');
  if (!shield) delete spawn.equipment['off-hand'];
  task.id = shield ? task.id : 'mineland/combat-zombie-4-iron_sword-a1-coop-v1';
  const file = join(dir, `${shield ? 'with' : 'without'}-shield.yaml`);
  writeFileSync(file, stringify(task));
  return file;
}

/** Health the agents lost and blows their shields stopped, from the episode's world records. */
function wounds(log: MemoryRunLog): { lost: number; blocked: number } {
  const world = log.records.filter((r) => r.type === 'world') as unknown as { event: string; entityType?: string; amount?: number }[];
  return {
    lost: world.filter((e) => e.event === 'entity_hurt' && e.entityType === 'player').reduce((sum, e) => sum + (e.amount ?? 0), 0),
    blocked: world.filter((e) => e.event === 'shield_blocked').length,
  };
}

describe('MineLand combat with a shield kit (seed 1, heuristic agent)', () => {
  it('the attack skill raises the off-hand shield between swings, and the agent loses less health than without it', { timeout: 120_000 }, async () => {
    const withShield = await runTaskFile(combatFile(true), new HeuristicTeam(), '1');
    const without = await runTaskFile(combatFile(false), new HeuristicTeam(), '1');
    expect(withShield.result.ended).toBe('success');
    expect(without.result.ended).toBe('success');
    const a = wounds(withShield.log), b = wounds(without.log);
    expect(a.blocked).toBeGreaterThan(0);
    expect(b.blocked).toBe(0);
    expect(a.lost).toBeLessThan(b.lost);
  });
});
