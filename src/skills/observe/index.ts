/** Observations: what an agent knows after a step, built from its senses, and their renderings. */
export * from './observe.js';
export * from './mailboxes.js';
export * from './priorities.js';
export * from './render-text.js';
export * from './render-views.js';
export { isAddressedTo } from './addressing.js';
export * from './assemble.js';
export { fileHeardLine, type HeardLine } from './heard-line.js';
