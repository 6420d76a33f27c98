/** CuisineWorld (MindAgent): the game engine, dispatchers, the LLM dispatcher's pieces and the collaboration score. */
export * from './command.js';
export * from './cos.js';
export * from './dispatcher.js';
export * from './game.js';
export * from './heuristic-dispatcher.js';
export * from './level.js';
export * from './oracle.js';
export * from './random-dispatcher.js';
export * from './state-text.js';
export { TOOLS, TOOL_TYPES, type ToolType, type ToolDef } from './data/tools.js';
export { RECIPES, type RecipeDef } from './data/recipes.js';
export { BASE_INGREDIENTS } from './data/ingredients.js';
export { LEVELS, type LevelDef } from './data/levels.js';
export { LlmDispatcher, NO_ACTION_FEEDBACK, type LlmDispatcherOptions } from './llm/llm-dispatcher.js';
export { ScriptedModel, type ChatMessage, type ChatModel } from './llm/model.js';
export { extractActions } from './llm/extract.js';
export { rulesPrompt, infoPrompt, promptRecipes } from './llm/prompt.js';
export { demoMessages, FULL_DEMO_TURNS, FEW_STEP_DEMO_TURNS } from './llm/demo.js';
