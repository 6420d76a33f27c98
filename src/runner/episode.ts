/**
 * One episode: reset the backend with the task's scenario, let the team decide, step the world,
 * run the task's events, stop when the task says so or at its tick limit, and report.
 *
 * Sync mode asks the team only for agents that need a decision (at the start, when a skill ended,
 * on an urgent event or a message) and steps the world between decisions; the world waits while
 * the team thinks. Async mode (sim only) runs the world against the clock and asks each agent
 * concurrently, so thinking latency costs world time.
 *
 * Whatever goes wrong inside an episode becomes data in its result (`ended: 'error'`, the fault),
 * so a bench never dies with one episode. An LLM team's run (`team.llm`) is the episode's only count
 * of model calls, tokens and cost; when its circuit breaker opens (a model that cannot be reached or
 * keeps failing, see llm/circuit-breaker.ts) the episode ends with the breaker's reason
 * (`model_unreachable`, `model_faults`, `model_call_limit`).
 */
import type { AgentAction } from '../core/actions.js';
import { GuildcraftError } from '../core/errors.js';
import type { Observation } from '../core/observation.js';
import { sumRecords, type LlmCallRecord } from '../llm/index.js';
import type { WorldBackend } from '../env/backend.js';
import type { ActionOf, AnyEpisodeBackend, EpisodeObservation, ObservationOf } from '../env/episode-backend.js';
import { SimEnv, runAsync } from '../env/sim/index.js';
import { describeSkills } from '../skills/catalog.js';
import type { Team, TeamStats } from '../agents/team.js';
import { TeamWithConfederates } from '../agents/confederates/with-confederates.js';
import type { WorldAdmin } from '../env/world-admin.js';
import { emptyMetrics, type EpisodeResult } from './episode-result.js';
import type { EpisodeOutcome, EpisodeTask } from '../tasks/episode-task.js';
import { RUN_LOG_SCHEMA_VERSION } from '../core/run-records.js';
import { agentRecord, nullRunLog, type RunLogSink } from './run-log.js';
import { PositionSampler } from './position-sampler.js';
import { CHEST_POLL_TICKS, recordChests } from './chest-recorder.js';
import { TimelineTracker } from './timeline-tracker.js';

/** Any backend the runner knows (world backends by default; CuisineWorld's kitchen too), with its task and team. */
export interface EpisodeOptions<B extends AnyEpisodeBackend = WorldBackend> {
  backend: B;
  task: EpisodeTask<B>;
  team: Team<ObservationOf<B>, ActionOf<B>>;
  seed: string;
  mode?: 'sync' | 'async';
  /** Async mode: world speed relative to vanilla (1 = 20 ticks per wall-clock second). */
  timeScale?: number;
  log: RunLogSink;
  org?: string | null;
  signal?: AbortSignal;
  /** Longest skill span list kept per agent in the result's timeline. */
  maxTimelineSpans?: number;
  /**
   * Wall-clock bound of the whole episode (default none): past it the episode ends with
   * `ended: internal_timeout` at the next step or tick boundary (episode-job.ts sets one for `run` and `bench`).
   */
  wallClockLimitMs?: number;
  /**
   * Sync mode: awaited after every step. A watched run (`run --watch`) paces the world to the wall clock here and a
   * person seated in the episode from the viewer takes their step here; nothing else runs in it.
   */
  afterStep?: () => Promise<void>;
  /** Hears the episode's state after every step (`guildcraft run`'s live progress line). */
  onProgress?: (p: EpisodeProgress) => void;
}

/** Where a running episode stands: simulated time, the task's verdict so far, model calls and faults. */
export interface EpisodeProgress {
  tick: number;
  maxTicks: number;
  score: number;
  success: boolean;
  llmCalls: number;
  modelFaults: number;
}

/** Observation events at or above this priority (low food, hurt, death) wake an agent up. */
const URGENT = 60;

export async function runEpisode<B extends AnyEpisodeBackend = WorldBackend>(o: EpisodeOptions<B>): Promise<EpisodeResult> {
  const wall0 = performance.now();
  // A task's confederates (spawns with a script) are played beside the team, which drives only the other spawns.
  const team = withConfederates(o.team, o.task.confederates);
  const mode = o.mode ?? 'sync';
  const tracker = new TimelineTracker(o.maxTimelineSpans ?? 200);
  let planningMs = 0;
  let outcome: EpisodeOutcome = { done: false, success: false, score: 0, details: 'not started' };
  let ended: string;
  let error: EpisodeResult['error'];
  let names: string[] = [];
  const events = worldEventsToLog(o);
  let chests: ReturnType<typeof recordChests> | null = null;
  // Positions are the world backends' (a kitchen has no places to sample).
  const positions = isWorldBackend(o.backend) ? new PositionSampler(o.backend, o.log) : null;
  // The episode's share of the team's ledger (a team may be reused across episodes), its breaker closed anew.
  const llm = team.llm;
  // The episode's calls are exactly the ones it logs: a call still in flight when the episode ends
  // (async mode) lands after the listener is gone and counts in neither the log nor the result.
  const episodeCalls: LlmCallRecord[] = [];
  llm?.breaker.reset();
  llm?.setTickSource(() => o.backend.tick);
  const offCalls = llm?.accountant.onCall((call) => {
    episodeCalls.push(call);
    o.log.write({ type: 'llm_call', ...call });
  });
  /** The breaker's verdict, logged once, when it has opened (its words also lead the result's details). */
  let stopReason: string | null = null;
  const progress = (maxTicks: number): void =>
    o.onProgress?.({ tick: o.backend.tick, maxTicks, score: outcome.score, success: outcome.success, llmCalls: episodeCalls.length, modelFaults: llm?.breaker.stats().faults ?? 0 });
  const modelStop = (): string | null => {
    const open = llm?.breaker.open;
    if (!open) return null;
    stopReason = open.message;
    o.log.write({ type: 'episode_stopped', tick: o.backend.tick, reason: open.message });
    return open.reason;
  };
  /** Past the wall-clock bound: logs why and returns the `ended` value, else null. */
  const overTime = (): string | null => {
    if (o.wallClockLimitMs === undefined || performance.now() - wall0 <= o.wallClockLimitMs) return null;
    stopReason = `the episode ran ${Math.round((performance.now() - wall0) / 1000)} s of wall-clock time, over its bound of ${Math.round(o.wallClockLimitMs / 1000)} s, and was stopped (internal: the world or the team stopped making progress); report it with the task file and seed`;
    o.log.write({ type: 'episode_stopped', tick: o.backend.tick, reason: stopReason });
    return 'internal_timeout';
  };
  let timedOut: string | null = null;
  try {
    // An omniscient team (the oracle) gets its senses bypassed: the backend does that for agents the
    // scenario marks omniscient.
    const scenario = team.omniscient ? omniscientScenario(o.task.scenario) : o.task.scenario;
    let obs = await o.backend.reset({ seed: o.seed, scenario });
    names = Object.keys(obs);
    await o.task.setup(o.backend);
    o.log.write({ type: 'episode_start', schemaVersion: RUN_LOG_SCHEMA_VERSION, tick: o.backend.tick, task: o.task.id, taskType: o.task.type, seed: o.seed, agents: team.architecture, mode, backend: o.backend.kind, names });
    events.started();
    positions?.sample('start', obs as WorldObservations);
    if (isWorldBackend(o.backend) && o.log !== nullRunLog) chests = recordChests(o.backend, o.log, o.task.scenario);
    await team.start({
      task: o.task.brief,
      agents: names,
      seed: o.seed,
      skills: describeSkills(),
      oracle: team.omniscient && o.task.oracleKnowledge ? { admin: worldAdmin(o.backend), task: o.task.oracleKnowledge } : undefined,
      log: (r) => o.log.write(agentRecord(r, o.backend.tick)),
    });
    const maxTicks = o.task.brief.maxTicks;
    if (mode === 'async') {
      if (!(o.backend instanceof SimEnv)) throw new GuildcraftError('user', `async mode runs on the sim backend, not '${o.backend.kind}'`, 'use --mode sync with this backend');
      const env = o.backend;
      const simTeam = team as unknown as Team; // a sim backend's team decides on world observations
      const agents = Object.fromEntries(
        names.map((name) => [
          name,
          {
            decide: async (ob: Observation): Promise<AgentAction> => {
              tracker.observe(name, ob);
              positions?.tick({ [name]: ob as Observation });
              const t0 = performance.now();
              const acts = await simTeam.decide({ [name]: ob }, o.signal);
              planningMs += performance.now() - t0;
              tracker.decided(name, ob.tick, env.tick); // applied at this tick: the world ran meanwhile
              const a = acts[name] ?? { type: 'noop' as const };
              o.log.write({ type: 'action', tick: env.tick, agent: name, action: a });
              return a;
            },
          },
        ]),
      );
      await runAsync(env, {
        agents,
        timeScale: o.timeScale ?? 1,
        ticks: maxTicks,
        signal: o.signal,
        onTick: async () => {
          await o.task.afterStep(env);
          chests?.poll(CHEST_POLL_TICKS);
          outcome = o.task.outcome(env);
          progress(maxTicks);
          if (outcome.done || llm?.breaker.open || (timedOut = overTime())) throw new EpisodeOver();
        },
      }).catch((err: unknown) => {
        if (!(err instanceof EpisodeOver)) throw err;
      });
      ended = outcome.done ? (outcome.success ? 'success' : 'failure') : (modelStop() ?? timedOut ?? 'max_ticks');
    } else {
      const toDecide = new Set(names);
      // Records nobody keeps are not built: a fast kitchen sweep runs tens of thousands of steps into the null log.
      const logging = o.log !== nullRunLog;
      for (;;) {
        if (o.signal?.aborted) {
          ended = 'aborted';
          break;
        }
        const asked: Record<string, ObservationOf<B>> = {};
        let askedCount = 0;
        for (const n of toDecide) {
          if (obs[n]) {
            asked[n] = obs[n]!;
            askedCount++;
          }
        }
        let actions: Partial<Record<string, ActionOf<B>>> = {};
        if (askedCount > 0) {
          const t0 = performance.now();
          actions = await team.decide(asked, o.signal);
          planningMs += performance.now() - t0;
          if (logging) for (const [agent, action] of Object.entries(actions)) o.log.write({ type: 'action', tick: o.backend.tick, agent, action });
          if (positions && Object.values(actions).some((a) => a?.type === 'skill' || a?.type === 'code')) positions.sample('skill_start', obs as WorldObservations);
          const stop = modelStop();
          if (stop) {
            ended = stop;
            break;
          }
        }
        const res = await o.backend.step(actions);
        if (o.afterStep) await o.afterStep();
        obs = res.observations;
        const after = o.task.afterStep(o.backend);
        if (after) await after; // most tasks' after-step work is synchronous: no await, no microtask turn
        chests?.poll();
        outcome = o.task.outcome(o.backend);
        progress(maxTicks);
        toDecide.clear();
        if (positions) {
          if (Object.values(obs).some((ob) => ob && ob.finishedSkills.length > 0)) positions.sample('skill_end', obs as WorldObservations);
          else positions.tick(obs as WorldObservations);
        }
        for (const n in obs) {
          const ob = obs[n]!;
          tracker.observe(n, ob);
          if (logging) for (const f of ob.finishedSkills) o.log.write({ type: 'skill_result', tick: f.finishedAt, agent: n, skill: f.name, params: f.params, result: f.result, ticks: f.ticks });
          if (needsDecision(ob)) toDecide.add(n);
        }
        if (outcome.done) {
          ended = outcome.success ? 'success' : 'failure';
          break;
        }
        if (o.backend.tick >= maxTicks || anyTrue(res.truncated)) {
          ended = 'max_ticks';
          break;
        }
        const late = overTime();
        if (late) {
          ended = late;
          break;
        }
      }
    }
    if (!outcome.done) outcome = o.task.outcome(o.backend);
  } catch (err) {
    ended = 'error';
    const e = err as Partial<GuildcraftError> & Error;
    error = { fault: e.fault ?? 'internal', message: e.message };
    o.log.write({ type: 'episode_error', tick: o.backend.tick, fault: error.fault, message: error.message });
  } finally {
    chests?.stop();
    events.stop();
    offCalls?.();
    await team.stop?.().catch(() => undefined);
  }
  const ticks = o.backend.tick;
  const stats: Partial<TeamStats> = team.stats?.() ?? {};
  const metrics = emptyMetrics();
  for (const [k, v] of Object.entries(stats)) if (typeof v === 'number') metrics[k] = v;
  if (llm) {
    const t = sumRecords(episodeCalls);
    Object.assign(metrics, { llmCalls: t.calls, promptTokens: t.promptTokens, completionTokens: t.completionTokens, costUsd: t.costUsd, llmLatencyMs: t.latencyMs, simulatedLatencyMs: t.simulatedLatencyMs, modelFaults: llm.breaker.stats().faults });
  }
  metrics.planningMs = Math.round(planningMs);
  metrics.timeCost = outcome.success ? ticks / 20 : null;
  // The team's size and prompts per agent count the agents it drove, not the task's confederates.
  const driven = o.task.confederates ? names.filter((n) => !Object.hasOwn(o.task.confederates!.scripts, n)) : names;
  metrics.meanPromptTimes = driven.length ? (metrics.prompts ?? 0) / driven.length : 0;
  const result: EpisodeResult = {
    task: o.task.id,
    taskType: o.task.type,
    seed: o.seed,
    agents: team.architecture,
    org: o.org ?? null,
    mode,
    backend: o.backend.kind,
    teamSize: driven.length,
    success: error ? false : outcome.success,
    score: error ? 0 : outcome.score,
    ticks,
    seconds: ticks / 20,
    wallSeconds: Math.round(performance.now() - wall0) / 1000,
    ended,
    details: error ? error.message : stopReason ? `${stopReason} (task: ${outcome.details})` : outcome.details,
    metrics,
    perAgent: outcome.perAgent,
    difficulty: o.task.difficulty,
    timeline: tracker.timelines(names, ticks),
    error,
  };
  if (positions && names.length > 0) positions.sample('end', lastObservations(o.backend as unknown as WorldBackend, names));
  o.log.write({ type: 'episode_end', tick: ticks, result });
  o.log.close();
  return result;
}

class EpisodeOver extends Error {}

/** The team, with the task's confederates played beside it when it has some (agents/confederates/). */
function withConfederates<O, A>(team: Team<O, A>, confederates: EpisodeTask['confederates']): Team<O, A> {
  return confederates ? (new TeamWithConfederates(team as unknown as Team, confederates) as unknown as Team<O, A>) : team;
}

/** An omniscient team's scenario: every agent marked omniscient (the world backends' scenarios list their agents). */
function omniscientScenario<S>(scenario: S): S {
  const agents = (scenario as { agents?: unknown }).agents;
  return Array.isArray(agents) ? { ...scenario, agents: agents.map((a: object) => ({ ...a, omniscient: true })) } : scenario;
}

/** The oracle reads the world through a world backend's admin; a backend without one cannot host it. */
function worldAdmin(backend: AnyEpisodeBackend): WorldAdmin {
  if (!('admin' in backend)) throw new GuildcraftError('user', `the oracle needs a world backend's admin view, which '${backend.kind}' has not`, 'run the oracle on the sim or minecraft backend');
  return (backend as WorldBackend).admin;
}

/**
 * Writes the backend's world events as `world` records. Events of the reset and the task's set-up
 * wait until `started()` (after episode_start), so the log's first record states its schema version.
 */
type BackendEvent = Parameters<Parameters<AnyEpisodeBackend['onEvent']>[0]>[0];

function worldEventsToLog(o: { backend: AnyEpisodeBackend; log: RunLogSink }): { started(): void; stop(): void } {
  // Nobody keeps the records: do not listen (a kitchen sweep emits an event per step, tens of thousands per sweep).
  if (o.log === nullRunLog) return { started() {}, stop() {} };
  let early: BackendEvent[] | null = [];
  const write = (e: BackendEvent): void => o.log.write({ ...e, type: 'world', event: e.type });
  const off = o.backend.onEvent((e) => (early ? early.push(e) : write(e)));
  const flushEarly = (): void => {
    const waiting = early ?? [];
    early = null;
    for (const e of waiting) write(e);
  };
  return {
    started: flushEarly,
    stop: () => {
      off();
      flushEarly();
    },
  };
}

type WorldObservations = Partial<Record<string, Observation>>;

function isWorldBackend(b: AnyEpisodeBackend): b is WorldBackend {
  return 'admin' in b && typeof (b as Partial<WorldBackend>).observe === 'function';
}

/** Every agent's observation now, for the last positions sample (an agent that left has none). */
function lastObservations(backend: WorldBackend, names: readonly string[]): Partial<Record<string, Observation>> {
  const out: Partial<Record<string, Observation>> = {};
  for (const n of names) {
    try {
      out[n] = backend.observe(n);
    } catch {
      // Gone from the episode (left, or the backend closed on an error): nothing to place.
    }
  }
  return out;
}

/** True when some agent's flag is set (a loop, not Object.values: this runs every step). */
function anyTrue(flags: Readonly<Record<string, boolean>>): boolean {
  for (const k in flags) if (flags[k]) return true;
  return false;
}

/** Whether an agent should be asked for a new action: idle, a skill just ended, urgent news, or a message. */
export function needsDecision(ob: EpisodeObservation): boolean {
  if (!ob.alive) return false;
  return ob.runningSkill === null || ob.finishedSkills.length > 0 || ob.events.some((e) => e.priority >= URGENT) || ob.messages.length > 0;
}
