export { SightThreads, sightQueryOf, type SightQuery, type Sighted, type SightThreadsOptions } from './sight-threads.js';
