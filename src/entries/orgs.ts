/** `guildcraft/orgs`: organisations — topologies, collaboration modes, the message bus, seats (docs/organisations.md). */
export { buildTopology, validateTopology, subordinatesOf, commandersOf, ORG_KINDS, type Topology, type OrgKind } from '../orgs/index.js';
export { MessageBus, createTurnGate, encodeOrgMessage, decodeOrgMessage } from '../orgs/index.js';
export { seatOf, type Seat } from '../orgs/index.js';
export { composeTeam, composition } from '../runner/compose-team.js';
