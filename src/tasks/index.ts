/** The tasks layer: spec, loader, compiler, dynamic events, goal evaluators, runtime, difficulty metrics. */
export * from './spec.js';
export * from './issues.js';
export { loadTaskFile, parseTask, idFromFile, type LoadResult, type LoadOptions } from './load.js';
export { compileTask, FLATGRASS_LAYERS, FLATGRASS_GROUND_Y, TICKS_PER_SECOND, type CompiledTask } from './compile.js';
export { checkNames, nameRefs, effectCommandName, effectDataName, type NameRef, type NameProblem } from './names.js';
export { checkSemantics, goalsOf, DEFAULT_GOALS } from './semantics.js';
export { EventManager, createAction, type EventManagerOptions } from './events/event-manager.js';
export type { EventAction, EventStepContext, TaskNotice } from './events/event-action.js';
export { fires, isActive, firingSteps } from './events/trigger.js';
export { createEvaluator, AllGoalsEvaluator } from './goals/create-evaluator.js';
export type { GoalEvaluator, GoalContext, GoalResult, AgentScore } from './goals/goal-evaluator.js';
export { EpisodeLog, type Behaviour, type Kill, type WorldEventJson } from './goals/episode-log.js';
export { stageScores } from './goals/stage-performance.js';
export type { JudgeVerdict } from './goals/creative.js';
export { llmJudge, parseVerdict, type CreativeJudge, type EpisodeSummary } from './judge.js';
export { TaskRuntime, type TaskOutcome, type DoneReason } from './runtime.js';
export { difficulty, heterogeneity, DEFAULT_BOUNDS, type DifficultyMetrics, type AttributeBounds } from './difficulty.js';
