/**
 * Organisations, a layer below the architectures: topologies (who may command whom) as validated
 * data, collaboration modes (relay, round, async) as turn gates, the message bus over the world's
 * chat, the seat an architecture is given in an organisation, the S-Agents collection task and the
 * organisation comparison. Architectures (`agents/`) import this; it imports nothing above `tasks`.
 */
export * from './topology.js';
export * from './build-topology.js';
export * from './collaboration.js';
export * from './message-bus.js';
export * from './collection-task.js';
export * from './org-comparison.js';
export * from './seat.js';
