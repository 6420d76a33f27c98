// docs/add-an-agent.md quotes the region below: one entry of the architecture registry, typed as the registry's entries are.
import { CentralizedTeam } from 'guildcraft';
import type { ArchitectureEntry } from '../../src/agents/registry.js';
import { teamModelOptionsFrom } from '../../src/agents/tickingcollab/team-model.js';

export const entries: ArchitectureEntry[] = [
  // #region doc
  {
    name: 'tickingcollab-centralized',
    description: 'TickingCollab centralized planner: … ; needs --model',
    usesModel: true,
    orgs: ['centralized'], // organisations it builds itself; the first is the default --org
    seated: ['solo', 'tree'], // organisations it can also sit in, one team of it per member
    create: (o) => new CentralizedTeam(teamModelOptionsFrom(o)),
  },
  // #endregion doc
];
