/**
 * The standard organisations for N agents, in spawn order: solo, centralized and distributed (no
 * command edges between members), chain a1 → … → an, fully
 * connected graph, and a tree whose root is the first agent with every other agent its direct
 * leaf (S-Agents' ToA(n-1)). Custom trees (several levels) are written as edges and validated.
 */
import { InputError } from '../core/errors.js';
import { ORG_KINDS, isOrgKind, validateTopology, type OrgKind, type Topology } from './topology.js';

export function buildTopology(kind: OrgKind | string, agents: readonly string[]): Topology {
  if (!isOrgKind(kind)) throw new InputError(`unknown organisation '${kind}'`, `use one of: ${ORG_KINDS.join(', ')}`);
  const edges: [string, string][] = [];
  switch (kind) {
    case 'solo':
    case 'centralized':
    case 'distributed':
      break;
    case 'chain':
      for (let i = 0; i + 1 < agents.length; i++) edges.push([agents[i]!, agents[i + 1]!]);
      break;
    case 'graph':
      for (const a of agents) for (const b of agents) if (a !== b) edges.push([a, b]);
      break;
    case 'tree':
      for (const leaf of agents.slice(1)) edges.push([agents[0]!, leaf]);
      break;
  }
  return validateTopology({ kind, agents: [...agents], edges });
}
