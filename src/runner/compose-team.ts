/**
 * The composition root: an architecture (`agents/registry.ts`) in an organisation (`orgs/`). An
 * architecture in one of its own organisations builds itself (S-Agents in a tree, the centralized
 * planner centralized, …); in an organisation it lists as `seated` it runs as one team per member
 * in an `OrganisedTeam`, with the leading architecture its entry names at seats with subordinates.
 * Any other pairing is refused with the organisations the architecture does support.
 */
import { InputError } from '../core/errors.js';
import { OrganisedTeam } from '../agents/organised-team.js';
import { architecture, orgsOf, type ArchitectureEntry, type TeamOptions } from '../agents/registry.js';
import type { Team } from '../agents/team.js';
import { isOrgKind, type OrgKind } from '../orgs/topology.js';

export interface Composition {
  entry: ArchitectureEntry;
  org: OrgKind;
  /** The organisation is one the architecture builds itself (no per-member seating). */
  own: boolean;
  /** The leading architecture at seats with subordinates, when another one leads. */
  leader: ArchitectureEntry | null;
}

/** Checks that `agents` can sit in `org` (default: its first own organisation) and says how. */
export function composition(agents: string, org?: string): Composition {
  const entry = architecture(agents);
  const supported = orgsOf(entry);
  const chosen = org ?? supported[0]!;
  if (!isOrgKind(chosen) || !supported.includes(chosen)) {
    const known = isOrgKind(chosen) ? '' : ` ('${chosen}' is not an organisation)`;
    throw new InputError(`the '${entry.name}' agents cannot be organised as '${chosen}'${known}; '${entry.name}' runs in: ${supported.join(', ')}`, `use --org ${supported.join(' | ')} (see \`guildcraft agents\`)`);
  }
  const own = entry.orgs.includes(chosen);
  const leader = !own && entry.leader && chosen !== 'solo' ? architecture(entry.leader) : null;
  return { entry, org: chosen, own, leader };
}

/** Whether the composed team calls a model (its own architecture, or its leading one). */
export function compositionUsesModel(c: Composition): boolean {
  return c.entry.usesModel || (c.leader?.usesModel ?? false);
}

/** Builds the team for `agents` in `org` with the options every architecture may use. */
export function composeTeam(agents: string, options: TeamOptions): Team {
  const c = composition(agents, options.org);
  if (c.own) return c.entry.create({ ...options, org: c.org });
  const ownOrg = c.entry.orgs[0]!;
  const leader = c.leader;
  const llm = options.llm;
  return new OrganisedTeam({
    architecture: c.entry.name,
    org: c.org,
    // Each member draws its simulated thinking time (and any randomness) from its own stream.
    member: (name) => c.entry.create({ ...options, org: ownOrg, seed: `${options.seed}/${name}` }),
    ...(llm ? { runCostUsd: () => llm.accountant.totals().costUsd } : {}),
    ...(leader ? { leader: { architecture: leader.name, create: (topology) => leader.create({ ...options, org: topology.kind, topology }) } } : {}),
  });
}
