import { describe, expect, it } from 'vitest';
import { EnvSession } from './env-session.js';

type Reply = { ok: boolean; result?: Record<string, unknown>; error?: { fault: string; message: string } };

async function call(session: EnvSession, body: Record<string, unknown>): Promise<Reply> {
  return (await session.handle(JSON.stringify({ id: 1, ...body }))) as Reply;
}

describe('a built-in team driving some agents of a remote environment', () => {
  it('makes the heuristic teammates act while the client acts for its own agent', async () => {
    const session = new EnvSession({ maxEnvs: 4 });
    const teammates = ['Leaf1', 'Leaf2', 'Leaf3'];
    const made = await call(session, { op: 'make', task: 'sagents/mine-50-logs-3-leaves-v1', team: { architecture: 'heuristic', agents: teammates } });
    expect(made.ok).toBe(true);
    expect(made.result!.team).toEqual({ architecture: 'heuristic', agents: teammates });
    const reset = await call(session, { op: 'reset', env: 'env-1', seed: 0 });
    const start = reset.result!.observations as Record<string, { pos: { x: number; z: number } }>;
    let last: Record<string, { pos: { x: number; z: number }; runningSkill: unknown; finishedSkills: unknown[] }> = {};
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const step = await call(session, { op: 'step', env: 'env-1', actions: { Root: { type: 'noop' } } });
      expect(step.ok).toBe(true);
      last = step.result!.observations as typeof last;
      for (const a of teammates) if (last[a]!.runningSkill !== null || last[a]!.finishedSkills.length > 0) seen.add(a);
    }
    // Every teammate ran skills it was given and they went for the trees; Root, left idle, did not.
    expect([...seen].sort()).toEqual([...teammates].sort());
    expect(last.Root!.runningSkill).toBeNull();
    expect(teammates.some((a) => last[a]!.pos.x !== start[a]!.pos.x || last[a]!.pos.z !== start[a]!.pos.z)).toBe(true);
    await session.closeAll();
  });

  it('refuses actions for a driven agent, teams that need a model or omniscience, and unknown agents', async () => {
    const session = new EnvSession({ maxEnvs: 4 });
    await call(session, { op: 'make', task: 'tickingcollab/raid-boss-v1', team: { architecture: 'heuristic', agents: ['Rogue'] } });
    await call(session, { op: 'reset', env: 'env-1' });
    const driven = await call(session, { op: 'step', env: 'env-1', actions: { Rogue: { type: 'noop' } } });
    expect(driven.error).toMatchObject({ fault: 'user' });
    expect(driven.error!.message).toContain('driven by the heuristic team');
    for (const team of [{ architecture: 'oracle', agents: ['Rogue'] }, { architecture: 's-agents', agents: ['Rogue'] }, { architecture: 'heuristic', agents: ['Nobody'] }, { architecture: 'no-such', agents: ['Rogue'] }]) {
      const refused = await call(session, { op: 'make', task: 'tickingcollab/raid-boss-v1', team });
      expect(refused.ok, team.architecture).toBe(false);
      expect(refused.error!.fault).toBe('user');
    }
    // The refused makes left nothing open: the session still holds only its first environment.
    expect(session.size).toBe(1);
    await session.closeAll();
  });
});
