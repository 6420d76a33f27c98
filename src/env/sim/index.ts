/** The sim backend: the Env over the embedded world, its admin and the async (real-time) driver. */
export { SimEnv, type SimEnvOptions } from './sim-env.js';
export { SimWorldAdmin } from './sim-admin.js';
export { buildWorld, spawnAgent } from './build-world.js';
export { runAsync, type AsyncAgent, type AsyncRunOptions, type AsyncRunSummary, type AsyncAgentStats } from './async-driver.js';
export { ManualClock, realClock, type Clock } from '../../core/clock.js';
