export * from './errors.js';
export * from './vec3.js';
export * from './actions.js';
export type * from './observation.js';
export * from './body.js';
