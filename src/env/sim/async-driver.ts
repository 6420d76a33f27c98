/**
 * Async mode: the world runs against the clock (TickingCollab's asynchronous execution) while every
 * agent decides concurrently. Each agent always has one decision in flight: it gets an observation,
 * its `decide` runs for as long as it takes (an LLM call), and the action is applied at the first
 * tick after it arrives — the world did not wait, so thinking latency costs world time. Then the
 * agent is asked again with a fresh observation (what happened meanwhile comes as its events).
 *
 * `timeScale: 1` is vanilla speed (20 ticks per wall-clock second); 2 runs twice as fast. An
 * unbounded speed is not allowed here: with no clock to race, latency would cost nothing — that is
 * sync mode (`SimEnv.step`). The clock is injectable (`ManualClock`) so tests are fast and exact.
 */
import type { AgentAction } from '../../core/actions.js';
import { InputError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import type { AgentId } from '../env.js';
import { TICKS_PER_SECOND } from '../../world/index.js';
import { realClock, type Clock } from '../../core/clock.js';
import type { SimEnv } from './sim-env.js';

export interface AsyncAgent {
  decide(observation: Observation): Promise<AgentAction>;
}

export interface AsyncRunOptions {
  /** Agents by name; agents of the episode without an entry do nothing (noop). */
  agents: Record<AgentId, AsyncAgent>;
  /** World speed relative to vanilla (1 = 20 ticks per second). Finite and > 0. */
  timeScale: number;
  /** Stop after this many ticks (default: the scenario's maxTicks from the current tick). */
  ticks?: number;
  clock?: Clock;
  signal?: AbortSignal;
  /** Called after every tick (dynamic events, logging); may add or remove agents. */
  onTick?: (tick: number) => void | Promise<void>;
}

export interface AsyncAgentStats {
  decisions: number;
  /** Decisions whose `decide` threw or rejected (treated as noop). */
  errors: number;
  /** Mean world ticks between asking for a decision and applying it. */
  meanLatencyTicks: number;
  lastError?: string;
}

export interface AsyncRunSummary {
  ticks: number;
  /** Most ticks the world fell behind the clock (the host was too slow for the time scale). */
  maxLagTicks: number;
  agents: Record<AgentId, AsyncAgentStats>;
}

interface InFlight {
  askedAt: number;
  /** Set when `decide` settled; applied at the next tick boundary. */
  action: AgentAction | null;
  settled: boolean;
  error?: string;
}

export async function runAsync(env: SimEnv, options: AsyncRunOptions): Promise<AsyncRunSummary> {
  const scale = options.timeScale;
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new InputError(
      `async mode needs a finite timeScale > 0, got ${scale}`,
      'use 1 for vanilla speed (20 ticks/s) or e.g. 10 for ten times faster; for as-fast-as-possible runs use sync mode (env.step)',
    );
  }
  const clock = options.clock ?? realClock;
  const msPerTick = 1000 / (TICKS_PER_SECOND * scale);
  const startTick = env.tick;
  const total = options.ticks ?? Math.max(0, env.maxTicks - env.tick);
  const inFlight = new Map<AgentId, InFlight>();
  const stats = new Map<AgentId, { decisions: number; errors: number; latency: number; lastError?: string }>();
  const statsOf = (name: AgentId) => {
    let s = stats.get(name);
    if (!s) stats.set(name, (s = { decisions: 0, errors: 0, latency: 0 }));
    return s;
  };

  const ask = (name: AgentId): void => {
    const agent = options.agents[name];
    if (!agent) return;
    const entry: InFlight = { askedAt: env.tick, action: null, settled: false };
    inFlight.set(name, entry);
    let decision: Promise<AgentAction>;
    try {
      decision = agent.decide(env.observe(name));
    } catch (err) {
      decision = Promise.reject(err);
    }
    decision.then(
      (action) => {
        entry.action = action;
        entry.settled = true;
      },
      (err: unknown) => {
        entry.error = err instanceof Error ? err.message : String(err);
        entry.settled = true;
      },
    );
  };

  const start = clock.now();
  let maxLag = 0;
  let done = 0;
  for (; done < total; done++) {
    if (options.signal?.aborted) break;
    // Tick `done` is due at this clock time; agents with nothing in flight see the world as it is now.
    await clock.sleepUntil(start + done * msPerTick);
    for (const name of env.agents) if (!inFlight.has(name)) ask(name);
    await new Promise<void>((resolve) => setImmediate(resolve)); // decisions that settled by now, instant ones included
    maxLag = Math.max(maxLag, Math.floor((clock.now() - start) / msPerTick) - done);

    // Apply what arrived, in agent order (not arrival order) so equal timing replays identically.
    const ready: Partial<Record<AgentId, AgentAction>> = {};
    for (const name of env.agents) {
      const entry = inFlight.get(name);
      if (!entry?.settled) continue;
      inFlight.delete(name);
      const s = statsOf(name);
      s.decisions++;
      s.latency += env.tick - entry.askedAt;
      if (entry.error !== undefined) {
        s.errors++;
        s.lastError = entry.error;
      } else if (entry.action) {
        ready[name] = entry.action;
      }
    }
    await env.applyActions(ready);
    await env.advanceTick();
    // Agents that left drop their decision in flight.
    for (const name of inFlight.keys()) if (!env.agents.includes(name)) inFlight.delete(name);
    await options.onTick?.(env.tick);
  }

  const agents: Record<AgentId, AsyncAgentStats> = {};
  for (const [name, s] of stats) {
    agents[name] = { decisions: s.decisions, errors: s.errors, meanLatencyTicks: s.decisions ? s.latency / s.decisions : 0, ...(s.lastError ? { lastError: s.lastError } : {}) };
  }
  return { ticks: env.tick - startTick, maxLagTicks: maxLag, agents };
}
