export * from './errors.js';
export * from './vec3.js';
export * from './actions.js';
export type * from './observation.js';
export * from './clock.js';
export * from './world-event.js';
export * from './run-records.js';
export * from './body.js';
