export { DEFAULT_WORKER_YOUNG_MB, SightThreads, sightQueryOf, type SightQuery, type Sighted, type SightThreadsOptions } from './sight-threads.js';
