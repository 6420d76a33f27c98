/**
 * The heuristic team says aloud what its members report to each other: on the S-Agents logs task (the viewer's
 * Done-when command) each agent announces its share, the lines go through the world's chat (so the run log has
 * them as chat events, which the viewer's Chat panel lists), a handful per agent, and the team still succeeds.
 */
import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../../src/core/actions.js';
import { HeuristicTeam } from '../../../src/agents/heuristic/heuristic-team.js';
import { MAX_LINES } from '../../../src/agents/heuristic/team-talk.js';
import { timelineOf } from '../../../src/server/viewer/timeline.js';
import { taskFile } from '../../../src/tasks/task-files.js';
import { obs } from '../alex/helpers.js';
import { runTaskFile } from '../oracle/episode-helpers.js';

const paramsOf = (a: AgentAction | null | undefined): Record<string, unknown> => (a?.type === 'skill' ? { name: a.name, ...(a.params ?? {}) } : {});

describe('heuristic team chat', () => {
  it('announces each agent\'s share of the 50 logs in the world chat, sparsely, and still gets them', { timeout: 180_000 }, async () => {
    const { result, log } = await runTaskFile(taskFile('sagents/mine-50-logs-2-leaves-v1'), new HeuristicTeam());
    expect(result.ended).toBe('success');
    const chat = log.records.filter((r) => r.type === 'world' && r.event === 'chat');
    const speakers = new Set(chat.map((r) => r.name));
    expect(speakers).toEqual(new Set(['Root', 'Leaf1', 'Leaf2']));
    for (const who of speakers) {
      const lines = chat.filter((r) => r.name === who).map((r) => String(r.message));
      expect(lines[0]).toMatch(/^I'll get \d+ \w+_log, my share of the \d+ we still need$/);
      expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
    }
    // Progress comes while the work goes on, not only at the start.
    expect(chat.some((r) => r.tick! > 0 && /^\d+ of my \d+ \w+_log so far; the team has \d+ of 50$/.test(String(r.message)))).toBe(true);
    // The viewer's timeline (what its Chat panel lists) carries every line.
    const items = timelineOf(log.records).filter((i) => i.kind === 'chat');
    expect(items.map((i) => (i.kind === 'chat' ? i.message : ''))).toEqual(chat.map((r) => r.message));
  });

  // A team of one keeps quiet too: test/runner/compose-team.test.ts (heuristic x solo) counts no messages.
  it('keeps quiet when told to (the society households and the oracle fallback are)', { timeout: 120_000 }, async () => {
    const quiet = await runTaskFile(taskFile('sagents/mine-50-logs-2-leaves-v1'), new HeuristicTeam({ talk: false }));
    expect(quiet.result.ended).toBe('success');
    expect(quiet.log.records.some((r) => r.type === 'world' && r.event === 'chat')).toBe(false);
  });

  it('says a line in place of the next skill, which follows at the next decision; never puts off an attack', async () => {
    const team = new HeuristicTeam({ goals: [{ type: 'collection', items: [{ name: 'oak_log', count: 10 }] }] });
    await team.start({ task: { id: 't', type: 'collection', goal: 'collect logs', maxTicks: 10_000 }, agents: ['A', 'B'], seed: '1', skills: '', log: () => {} } as never);
    const trees = { nearbyBlocks: [{ name: 'oak_log', count: 5, nearest: { x: 4, y: 64, z: 4 }, distance: 5 }] };
    const first = await team.decide({ A: obs({ tick: 0, agent: 'A', pos: { x: 0.5, y: 64, z: 0.5 }, ...trees }) });
    expect(paramsOf(first.A)).toEqual({ name: 'say', message: "I'll get 10 oak_log, my share of the 10 we still need" });
    const said = { name: 'say', params: { message: 'x' }, result: { ok: true, heardBy: 0 }, ok: true, ticks: 1, finishedAt: 1 };
    const next = await team.decide({ A: obs({ tick: 5, agent: 'A', pos: { x: 0.5, y: 64, z: 0.5 }, finishedSkills: [said], ...trees } as never) });
    expect(paramsOf(next.A)).toMatchObject({ name: 'collect', block: 'oak_log' });

    const fighter = new HeuristicTeam({ goals: [{ type: 'combat', mob: 'zombie', count: 2 }] });
    await fighter.start({ task: { id: 't', type: 'combat', goal: 'kill zombies', maxTicks: 10_000 }, agents: ['A', 'B'], seed: '1', skills: '', log: () => {} } as never);
    const zombie = { id: 7, type: 'zombie', kind: 'mob', pos: { x: 3, y: 64, z: 0 }, distance: 3, hostile: true, health: 20 };
    const killed = { name: 'attack', params: { id: 6 }, result: { ok: true, killed: true, target: { id: 6, type: 'zombie' } }, ok: true, ticks: 40, finishedAt: 40 };
    const blow = await fighter.decide({ A: obs({ tick: 40, agent: 'A', pos: { x: 0.5, y: 64, z: 0.5 }, entities: [zombie], finishedSkills: [killed] } as never) });
    expect(paramsOf(blow.A)).toMatchObject({ name: 'attack', id: 7 });
  });
});
