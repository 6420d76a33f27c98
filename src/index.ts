/**
 * guildcraft's public API: every name here is chosen, none comes in by `export *`, and
 * test/api/api-surface.test.ts fails when the surface changes by accident. The main entry holds
 * what most programs start from; more specialised parts have their own subpaths:
 * `guildcraft/minecraft` (the real-server backend), `guildcraft/cuisine` (the CuisineWorld kitchen),
 * `guildcraft/orgs` (organisations), `guildcraft/server` (the HTTP and remote environment servers) and
 * `guildcraft/testing` (scripted models, a manual clock, backend test helpers). The namespaces
 * `world`, `tasks` and `llm` reach the rest of those layers.
 */

// core: errors, actions, observations, records
export { GuildcraftError, InputError, InternalError, type Fault } from './core/errors.js';
export type { Vec3 } from './core/vec3.js';
export {
  agentActionSchema,
  skillActionSchema,
  codeActionSchema,
  lowLevelActionSchema,
  type AgentAction,
  type ParsedAgentAction,
  type SkillAction,
  type LowLevelAction,
} from './core/actions.js';
export type { Observation, ObservedEntity, ObservedItem, HeardMessage, FinishedSkillReport, SkillStatus } from './core/observation.js';
export { observationSchema } from './core/observation-schema.js';
export { RUN_LOG_SCHEMA_VERSION, type RunRecord } from './core/run-records.js';
export type { WorldEvent } from './core/world-event.js';
export type { Clock } from './core/clock.js';

// the world and the body
export { World } from './world/index.js';
export { SKILL_CATALOG, SKILL_NAMES, describeSkills, type SkillName, type SkillParams } from './skills/catalog.js';
export { renderObservationText, renderObservationJson, type TextRenderOptions } from './skills/observe/index.js';

// environments
export type { Env, StepResult, ResetOptions, AgentId } from './env/env.js';
export type { WorldBackend } from './env/backend.js';
export type { WorldAdmin } from './env/world-admin.js';
export type { Scenario, AgentSpawn } from './env/scenario.js';
export { SimEnv, runAsync, type SimEnvOptions } from './env/sim/index.js';

// tasks
export { TaskEnv, type TaskEnvOptions, type TaskEnvReset, type TaskEnvStep } from './tasks/task-env.js';
export { loadTaskFile, parseTask, compileTask, taskFile, suiteFiles, difficulty, type TaskSpec, type CompiledTask } from './tasks/index.js';
export type { TaskBrief } from './tasks/task-brief.js';
export type { EpisodeTask, EpisodeOutcome } from './tasks/episode-task.js';
// plugins: goal kinds, event kinds and agents from user modules (docs/add-a-task.md, docs/add-an-agent.md)
export { defineGoalKind, registerGoalKind, type GoalKind, type Workload } from './tasks/goals/goal-kinds.js';
export { defineEventKind, registerEventKind, type EventKind } from './tasks/events/event-kinds.js';
export type { GoalEvaluator, GoalContext, GoalResult, AgentScore } from './tasks/goals/goal-evaluator.js';
export type { EventAction, EventStepContext } from './tasks/events/event-action.js';
export type { NameRef } from './tasks/names.js';

// models
export { LlmRun, resolveModel, generateObject, type LanguageModel, type ChatRequest, type ChatResponse } from './llm/index.js';

// agents and organisations
export { teamOfAgents, type Team, type Agent, type TeamSetup } from './agents/team.js';
export { ARCHITECTURES, architecture, defineAgent, registerArchitecture, type AgentDefinition, type TeamOptions } from './agents/registry.js';
export { createSAgentsTeam } from './agents/s-agents/index.js';
export { createAlexTeam } from './agents/alex/alex-team.js';
export { createCodeAsActionTeam } from './agents/code-as-action/code-team.js';
export { SkillLibrary } from './agents/code-as-action/skill-library.js';
export { CentralizedTeam } from './agents/tickingcollab/centralized.js';
export { createDistributedTeam } from './agents/tickingcollab/distributed.js';

// running episodes
export { composeTeam, composition } from './runner/compose-team.js';
export {
  runEpisode,
  runEpisodeJob,
  episodeTaskFromSpec,
  loadSpec,
  JsonlRunLog,
  MemoryRunLog,
  readEpisodeLog,
  type EpisodeOptions,
  type EpisodeResult,
  type RunLogSink,
} from './runner/index.js';

// namespaces for the rest of three layers
export * as world from './world/index.js';
export * as tasks from './tasks/index.js';
export * as llm from './llm/index.js';
