export * from './errors.js';
export * from './vec3.js';
