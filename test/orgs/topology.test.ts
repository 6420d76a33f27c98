import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import {
  buildTopology,
  commandersOf,
  createTurnGate,
  defaultModeFor,
  downstreamOf,
  goalHolders,
  mayCommand,
  parseCollaborationMode,
  subordinatesOf,
  validateTopology,
  type Topology,
} from '../../src/orgs/index.js';

const five = ['a', 'b', 'c', 'd', 'e'];

describe('standard topologies for N agents', () => {
  it('tree: one root commanding every leaf; leaves command nobody', () => {
    const t = buildTopology('tree', five);
    expect(subordinatesOf(t, 'a')).toEqual(['b', 'c', 'd', 'e']);
    for (const leaf of ['b', 'c', 'd', 'e']) {
      expect(commandersOf(t, leaf)).toEqual(['a']);
      expect(subordinatesOf(t, leaf)).toEqual([]);
    }
    expect(mayCommand(t, 'b', 'c')).toBe(false);
    expect(goalHolders(t)).toEqual(['a']);
  });

  it('chain: a relay a → b → … with the goal at the head', () => {
    const t = buildTopology('chain', five);
    expect(t.edges).toEqual([['a', 'b'], ['b', 'c'], ['c', 'd'], ['d', 'e']]);
    expect(downstreamOf(t, 'b')).toEqual(['c', 'd', 'e']);
    expect(commandersOf(t, 'a')).toEqual([]);
    expect(goalHolders(t)).toEqual(['a']);
  });

  it('graph: everyone may command everyone (cycles included)', () => {
    const t = buildTopology('graph', five);
    expect(t.edges).toHaveLength(20);
    expect(mayCommand(t, 'b', 'c') && mayCommand(t, 'c', 'b')).toBe(true);
    expect(goalHolders(t)).toEqual(['a']);
  });

  it('solo: no command edges, everyone holds the goal', () => {
    const t = buildTopology('solo', ['a']);
    expect(t.edges).toEqual([]);
    expect(goalHolders(buildTopology('solo', ['a', 'b']))).toEqual(['a', 'b']);
  });

  it('rejects an unknown organisation name with the list of known ones', () => {
    expect(() => buildTopology('mesh', five)).toThrow(/unknown organisation 'mesh'.*solo, chain, graph, tree/);
  });
});

describe('validateTopology', () => {
  const tree = (edges: [string, string][], agents = ['a', 'b', 'c']): Topology => ({ kind: 'tree', agents, edges });

  it('accepts a two-level tree', () => {
    const t = validateTopology(tree([['a', 'b'], ['b', 'c'], ['a', 'd']], ['a', 'b', 'c', 'd']));
    expect(downstreamOf(t, 'a')).toEqual(['b', 'd', 'c']);
  });

  it('rejects a tree with a command cycle', () => {
    expect(() => validateTopology(tree([['a', 'b'], ['b', 'c'], ['c', 'a']]))).toThrow(/cycle/);
    // A root plus a detached cycle: in-degree is fine everywhere, yet b and c are unreachable.
    expect(() => validateTopology(tree([['b', 'c'], ['c', 'b']]))).toThrow(/cycle/);
    expect(() => validateTopology(tree([['a', 'b'], ['b', 'c'], ['c', 'a']]))).toThrow(InputError);
  });

  it('rejects a tree member with two commanders (in-degree > 1) and a tree with two roots', () => {
    expect(() => validateTopology(tree([['a', 'c'], ['b', 'c']]))).toThrow(/at most one commander, but 'c' has 2/);
    expect(() => validateTopology(tree([['a', 'b']]))).toThrow(/one root, but a, c have no commander/);
  });

  it('rejects a chain that branches, a solo organisation with edges, self-commands, unknown members and duplicates', () => {
    expect(() => validateTopology({ kind: 'chain', agents: ['a', 'b', 'c'], edges: [['a', 'b'], ['a', 'c']] })).toThrow(/in a chain every agent commands at most one other/);
    expect(() => validateTopology({ kind: 'solo', agents: ['a', 'b'], edges: [['a', 'b']] })).toThrow(/solo organisation has no command edges/);
    expect(() => validateTopology({ kind: 'graph', agents: ['a', 'b'], edges: [['a', 'a']] })).toThrow(/commands itself/);
    expect(() => validateTopology({ kind: 'graph', agents: ['a', 'b'], edges: [['a', 'z']] })).toThrow(/'z' is not a member/);
    expect(() => validateTopology({ kind: 'graph', agents: ['a', 'a'], edges: [] })).toThrow(/appears twice/);
    expect(() => validateTopology({ kind: 'graph', agents: ['a', 'b'], edges: [['a', 'b'], ['a', 'b']] })).toThrow(/listed twice/);
    expect(() => validateTopology({ kind: 'tree', agents: [], edges: [] })).toThrow(/at least one agent/);
  });
});

describe('collaboration modes', () => {
  it('pairs each organisation with the paper\'s mode and parses mode names', () => {
    expect([defaultModeFor('chain'), defaultModeFor('graph'), defaultModeFor('tree'), defaultModeFor('solo')]).toEqual(['relay', 'round', 'async', 'async']);
    expect(() => parseCollaborationMode('parallel')).toThrow(/relay, round, async/);
  });

  it('relay: one agent works at a time, the next in the order it asked', () => {
    const g = createTurnGate('relay');
    expect(g.tryStart('a')).toBe(true);
    expect(g.tryStart('b')).toBe(false);
    expect(g.tryStart('c')).toBe(false);
    expect(g.tryStart('a')).toBe(true);
    g.finish('a');
    expect(g.tryStart('c')).toBe(false); // b asked first
    expect(g.tryStart('b')).toBe(true);
    g.finish('b');
    expect(g.tryStart('c')).toBe(true);
    expect(g.stats().waits).toBe(3);
  });

  it('round: an agent that finished waits for the slowest of its round', () => {
    const g = createTurnGate('round');
    expect(g.tryStart('a') && g.tryStart('b')).toBe(true);
    g.finish('a');
    expect(g.tryStart('a')).toBe(false);
    g.finish('b');
    expect(g.stats().rounds).toBe(1);
    expect(g.tryStart('a')).toBe(true);
  });

  it('async: nobody waits', () => {
    const g = createTurnGate('async');
    expect(g.tryStart('a') && g.tryStart('b') && g.tryStart('c')).toBe(true);
    expect(g.stats()).toEqual({ waits: 0, rounds: 0 });
  });
});
