export { SightThreads, sightQueryOf, type SightQuery } from './sight-threads.js';
