/**
 * Organisations: topologies (solo, chain, graph, tree) as validated data, collaboration modes
 * (relay, round, async) as turn gates, and the message bus over the world's chat. The primitives
 * live beside the hourglass agent in the agents layer (the architecture registry builds
 * organisations by name and cannot import upward); this module is their public face, plus the
 * S-Agents collection task and the organisation comparison.
 */
export {
  ORG_KINDS,
  isOrgKind,
  subordinatesOf,
  commandersOf,
  mayCommand,
  goalHolders,
  downstreamOf,
  validateTopology,
  type OrgKind,
  type Topology,
} from '../agents/s-agents/organisation/topology.js';
export { buildTopology } from '../agents/s-agents/organisation/build-topology.js';
export {
  COLLABORATION_MODES,
  createTurnGate,
  defaultModeFor,
  parseCollaborationMode,
  type CollaborationMode,
  type TurnGate,
} from '../agents/s-agents/organisation/collaboration.js';
export { MessageBus, decodeOrgMessage, encodeOrgMessage, type BusStats, type OrgMessage } from '../agents/s-agents/organisation/message-bus.js';
export * from './collection-task.js';
export * from './org-comparison.js';
