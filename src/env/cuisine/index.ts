/** CuisineWorld (MindAgent): the game engine, its Env, its data and order pacing. The dispatchers are agents (agents/cuisine-dispatcher). */
export * from './command.js';
export * from './cuisine-env.js';
export * from './game.js';
export * from './level.js';
export * from './oracle.js';
export * from './state-text.js';
export { TOOLS, TOOL_TYPES, type ToolType, type ToolDef } from './data/tools.js';
export { RECIPES, type RecipeDef } from './data/recipes.js';
export { BASE_INGREDIENTS } from './data/ingredients.js';
export { LEVELS, DEMO_LEVELS, type LevelDef } from './data/levels.js';
