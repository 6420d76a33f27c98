/** `guildcraft/cuisine`: the CuisineWorld kitchen (MindAgent), its dispatchers, episodes and CoS (docs/cuisineworld.md). */
export { CuisineEnv, CuisineGame, LEVEL_NAMES, getLevel, stateText, type CuisineAction, type CuisineObservation, type Level } from '../env/cuisine/index.js';
export { HeuristicDispatcher, RandomDispatcher, LlmDispatcher, DispatcherTeam, type Dispatcher, type LlmDispatcherOptions } from '../agents/cuisine-dispatcher/index.js';
export { runCuisineEpisode, cuisineTask, measureCuisineCos, sweepCuisineCos, type CuisineEpisodeOptions, type CuisineCosResult } from '../runner/index.js';
