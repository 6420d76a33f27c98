/**
 * guildcraft's public API. Each layer is a namespace (`world`, `skills`, `env`, `tasks`, `llm`,
 * `runner`, `cuisine`, `cuisineDispatchers`); the names most programs start from are also exported at the top level.
 */
export * from './core/index.js';
export * as world from './world/index.js';
export * as env from './env/sim/index.js';
export * as cuisine from './env/cuisine/index.js';
export * as cuisineDispatchers from './agents/cuisine-dispatcher/index.js';
export * as tasks from './tasks/index.js';
export * as llm from './llm/index.js';
export * as runner from './runner/index.js';
export { SKILL_CATALOG, SKILL_NAMES, describeSkills, type SkillName, type SkillParams } from './skills/catalog.js';
export type { Scenario, AgentSpawn } from './env/scenario.js';
export type { WorldAdmin } from './env/world-admin.js';
export type { WorldBackend } from './env/backend.js';
export type { Env, StepResult, ResetOptions } from './env/env.js';
export { SimEnv, runAsync } from './env/sim/index.js';
export { teamOfAgents, type Team, type Agent, type TeamSetup } from './agents/team.js';
export type { TaskBrief } from './tasks/task-brief.js';
export type { EpisodeTask, EpisodeOutcome } from './tasks/episode-task.js';
export { ARCHITECTURES, architecture } from './agents/registry.js';
export { runEpisode, runEpisodeJob, episodeTaskFromSpec, loadSpec } from './runner/index.js';
export { World } from './world/index.js';
export { TaskEnv, type TaskEnvOptions, type TaskEnvReset, type TaskEnvStep } from './tasks/task-env.js';
export { observationSchema } from './core/observation-schema.js';
