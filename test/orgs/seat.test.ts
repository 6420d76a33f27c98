import { describe, expect, it } from 'vitest';
import type { HeardMessage } from '../../src/core/observation.js';
import { InputError } from '../../src/core/errors.js';
import { buildTopology, latestAssignment, memberBrief, reaches, seatOf, teamContextText, validateTopology } from '../../src/orgs/index.js';
import type { TaskBrief } from '../../src/tasks/task-brief.js';

const heard = (from: string, message: string, tick = 10): HeardMessage => ({ tick, from, message, channel: null, volume: 1 });
const task: TaskBrief = { id: 't/logs-v1', type: 'collection', goal: 'collect 6 oak_log', guidance: 'trees stand east', maxTicks: 1000, goals: [{ type: 'collection', items: [{ name: 'oak_log', count: 6 }] }] };

describe('seats: what an architecture gets from its organisation', () => {
  it('names the leader, commanders and subordinates per topology', () => {
    const tree = buildTopology('tree', ['leader', 'alice', 'bob']);
    expect(seatOf(tree, 'alice')).toMatchObject({ org: 'tree', leader: 'leader', commanders: ['leader'], subordinates: [], holdsGoal: false });
    expect(seatOf(tree, 'leader')).toMatchObject({ leader: 'leader', subordinates: ['alice', 'bob'], holdsGoal: true });
    expect(seatOf(buildTopology('chain', ['a', 'b', 'c']), 'a')).toMatchObject({ leader: 'a', subordinates: ['b'], downstream: ['b', 'c'] });
    for (const kind of ['solo', 'distributed', 'centralized']) {
      expect(seatOf(buildTopology(kind, ['a', 'b']), 'b'), kind).toMatchObject({ leader: null, commanders: [], subordinates: [], holdsGoal: true });
    }
  });

  it('lets a task reach a member only from its commander and a report only from its subordinate', () => {
    const tree = buildTopology('tree', ['leader', 'alice', 'bob']);
    const alice = seatOf(tree, 'alice');
    expect(reaches(alice, 'alice', heard('leader', '@alice [task] collect 2 oak_log'))).toBe(true);
    expect(reaches(alice, 'alice', heard('bob', '@alice [task] collect 2 oak_log'))).toBe(false);
    expect(reaches(alice, 'alice', heard('leader', '@bob [task] collect 2 oak_log'))).toBe(false);
    expect(reaches(alice, 'alice', heard('bob', 'anyone seen a tree?'))).toBe(true);
    const leader = seatOf(tree, 'leader');
    expect(reaches(leader, 'leader', heard('alice', '@leader [report:success] collect 2 oak_log'))).toBe(true);
    expect(reaches(leader, 'leader', heard('alice', '@leader [task] collect 2 oak_log'))).toBe(false);
    const lines = [heard('leader', '@alice [task] collect 2 oak_log', 10), heard('bob', '@alice [task] do my share', 20), heard('leader', '@alice [task] collect 3 oak_log', 30)];
    expect(latestAssignment(lines, 'alice', alice)).toEqual({ from: 'leader', text: 'collect 3 oak_log', tick: 30 });
    expect(latestAssignment(lines.slice(1, 2), 'alice', alice)).toBeNull();
  });

  it("gives a goal holder the task's brief and others their assignment, both with the team context", () => {
    const tree = buildTopology('tree', ['leader', 'alice', 'bob']);
    const lead = memberBrief(task, seatOf(tree, 'leader'), 'leader', null);
    expect(lead).toMatchObject({ goal: 'collect 6 oak_log', goals: task.goals });
    expect(lead.guidance).toContain('trees stand east');
    expect(lead.guidance).toContain('You may command: alice, bob.');
    const waiting = memberBrief(task, seatOf(tree, 'alice'), 'alice', null);
    expect(waiting.goal).toBe('wait for a task from leader');
    const assigned = memberBrief(task, seatOf(tree, 'alice'), 'alice', { from: 'leader', text: 'collect 2 oak_log' });
    expect(assigned).toMatchObject({ id: task.id, goal: 'collect 2 oak_log', maxTicks: 1000 });
    expect(assigned.goals).toBeUndefined(); // the team's goals are not the member's share
    expect(teamContextText(seatOf(tree, 'alice'), 'alice')).toContain('You report to: leader.');
  });

  it('refuses command edges in the organisations without a chain of command', () => {
    expect(() => validateTopology({ kind: 'distributed', agents: ['a', 'b'], edges: [['a', 'b']] })).toThrow(InputError);
    expect(() => validateTopology({ kind: 'centralized', agents: ['a', 'b'], edges: [['a', 'b']] })).toThrow(/a centralized organisation has no command edges/);
  });
});
