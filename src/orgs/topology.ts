/**
 * Organisation topologies as data (S-Agents §3.1): who may command whom. A directed edge
 * `[from, to]` means `from` may give `to` tasks and `to` reports back to `from`. Talking is never
 * restricted by the topology (anyone may say anything to anyone within chat range); only
 * delegation is. The four standard shapes:
 *
 * - solo: no edges; every agent plans and acts for itself (the paper's solo agent with one agent).
 * - chain (CoA): a1 → a2 → … → an; work is relayed down the chain.
 * - graph (GoA): every agent may command every other; command cycles are possible by design.
 * - tree (ToA): one root, every other agent has exactly one commander (in-degree ≤ 1), no cycles;
 *   leaves talk but do not command.
 *
 * TickingCollab's two baselines are organisations too, both without command edges between members:
 * - centralized: one planner outside the world decides for every member (the planner is not a
 *   member, so nobody in the world commands anybody);
 * - distributed: every member plans for itself and coordinates with its peers by negotiation.
 */
import { InputError } from '../core/errors.js';

export const ORG_KINDS = ['solo', 'chain', 'graph', 'tree', 'centralized', 'distributed'] as const;
export type OrgKind = (typeof ORG_KINDS)[number];

export interface Topology {
  readonly kind: OrgKind;
  /** Every member, in spawn order. */
  readonly agents: readonly string[];
  /** Command edges `[commander, subordinate]`. */
  readonly edges: readonly (readonly [string, string])[];
}

export function isOrgKind(name: string): name is OrgKind {
  return (ORG_KINDS as readonly string[]).includes(name);
}

/** Whom `agent` may give tasks to, in member order. */
export function subordinatesOf(t: Topology, agent: string): string[] {
  const out = new Set(t.edges.filter(([from]) => from === agent).map(([, to]) => to));
  return t.agents.filter((a) => out.has(a));
}

/** Who may give `agent` tasks (and to whom it reports), in member order. */
export function commandersOf(t: Topology, agent: string): string[] {
  const from = new Set(t.edges.filter(([, to]) => to === agent).map(([f]) => f));
  return t.agents.filter((a) => from.has(a));
}

export function mayCommand(t: Topology, from: string, to: string): boolean {
  return t.edges.some(([f, s]) => f === from && s === to);
}

/**
 * The members the task's goal is announced to. In a tree or chain the goal goes to the top (the
 * root, the chain's head), in a graph to its first member (a contact person; the others learn of
 * it through delegation), and in a solo organisation everyone works on the goal alone.
 */
export function goalHolders(t: Topology): string[] {
  switch (t.kind) {
    case 'solo':
    case 'centralized':
    case 'distributed':
      return [...t.agents];
    case 'graph':
      return t.agents.slice(0, 1);
    case 'chain':
    case 'tree':
      return t.agents.filter((a) => commandersOf(t, a).length === 0);
  }
}

/** Agents after `agent` in a chain (its subordinates' subordinates, …), nearest first. */
export function downstreamOf(t: Topology, agent: string): string[] {
  const out: string[] = [];
  const seen = new Set([agent]);
  let frontier = subordinatesOf(t, agent);
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const a of frontier) {
      if (seen.has(a)) continue;
      seen.add(a);
      out.push(a);
      next.push(...subordinatesOf(t, a));
    }
    frontier = next;
  }
  return out;
}

/**
 * Checks a topology and throws an InputError naming the first problem: unknown or duplicate
 * members, self-commands, repeated edges, and the shape rules of its kind (a tree with a cycle,
 * two roots or a member with two commanders; a chain that is not one path; a solo organisation
 * with edges).
 */
export function validateTopology(t: Topology): Topology {
  const hint = 'build standard organisations with buildTopology(kind, agents), or fix the edge list';
  if (!isOrgKind(t.kind)) throw new InputError(`unknown organisation '${String(t.kind)}'`, `use one of: ${ORG_KINDS.join(', ')}`);
  if (t.agents.length === 0) throw new InputError(`a ${t.kind} organisation needs at least one agent`, 'give the team at least one agent');
  const members = new Set<string>();
  for (const a of t.agents) {
    if (members.has(a)) throw new InputError(`agent '${a}' appears twice in the ${t.kind} organisation`, 'give every agent a unique name');
    members.add(a);
  }
  const seenEdges = new Set<string>();
  for (const [from, to] of t.edges) {
    for (const end of [from, to]) if (!members.has(end)) throw new InputError(`the ${t.kind} organisation has an edge ${from} → ${to}, but '${end}' is not a member`, hint);
    if (from === to) throw new InputError(`agent '${from}' commands itself in the ${t.kind} organisation`, hint);
    const key = `${from}\u0000${to}`;
    if (seenEdges.has(key)) throw new InputError(`the edge ${from} → ${to} is listed twice in the ${t.kind} organisation`, hint);
    seenEdges.add(key);
  }
  switch (t.kind) {
    case 'solo':
    case 'centralized':
    case 'distributed':
      if (t.edges.length > 0) throw new InputError(`a ${t.kind} organisation has no command edges between its members, got ${t.edges.length}`, 'use chain, graph or tree for agents that command each other');
      break;
    case 'graph':
      break;
    case 'tree':
      validateTree(t, hint);
      break;
    case 'chain':
      validateChain(t, hint);
      break;
  }
  return t;
}

function validateTree(t: Topology, hint: string): void {
  for (const a of t.agents) {
    const c = commandersOf(t, a);
    if (c.length > 1) throw new InputError(`in a tree every agent has at most one commander, but '${a}' has ${c.length} (${c.join(', ')})`, hint);
  }
  const roots = t.agents.filter((a) => commandersOf(t, a).length === 0);
  if (roots.length === 0) throw new InputError(`the tree has a command cycle and no root (${cycleText(t)})`, hint);
  if (roots.length > 1) throw new InputError(`a tree has one root, but ${roots.join(', ')} have no commander`, hint);
  const reached = new Set([roots[0]!, ...downstreamOf(t, roots[0]!)]);
  const cut = t.agents.filter((a) => !reached.has(a));
  // In-degree ≤ 1 with one root: anything unreachable from the root sits on a cycle.
  if (cut.length > 0) throw new InputError(`the tree has a command cycle: ${cut.join(', ')} cannot be reached from the root ${roots[0]} (${cycleText(t)})`, hint);
}

function validateChain(t: Topology, hint: string): void {
  validateTree({ ...t, kind: 'tree' }, hint);
  for (const a of t.agents) {
    const s = subordinatesOf(t, a);
    if (s.length > 1) throw new InputError(`in a chain every agent commands at most one other, but '${a}' commands ${s.join(', ')}`, `use a tree for one commander with several subordinates; ${hint}`);
  }
}

function cycleText(t: Topology): string {
  return t.edges.map(([a, b]) => `${a} → ${b}`).join(', ');
}
