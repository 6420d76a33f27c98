/** Senses: what an agent can see and hear, enforced here rather than in prompts. */
export * from './eyes.js';
export * from './line-of-sight.js';
export * from './perception.js';
export * from './hearing.js';
export * from './nearby-blocks.js';
export { ExposedBlocks, type SectionSurface } from './exposed-blocks.js';
export { OpaqueHeightmap, NO_TOP, type LocalTops, type TopKind } from './opaque-heightmap.js';
export * from './knowable.js';
export * from './touch.js';
