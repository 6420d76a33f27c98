/**
 * The sim backend: the Env over the embedded world. `reset` builds the world a Scenario describes;
 * `step` applies one action per agent (a bad action becomes a failure in that agent's next
 * observation, never a throw), advances `ticksPerStep` ticks while every agent's skill, code or
 * low-level keys run, and returns what each agent perceived. In this sync mode the world waits
 * while agents decide; `async-driver.ts` runs it against the clock instead.
 *
 * Determinism: the world is seeded, agents act and tick in join order, code actions resume at
 * tick boundaries only, so the same seed, scenario and actions give the same observations and
 * event log.
 */
import type { AgentAction } from '../../core/actions.js';
import { InputError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import type { Player, World, WorldEvent } from '../../world/index.js';
import type { WorldEvent as BackendWorldEvent } from '../../core/world-event.js';
import type { CodeProgramOptions } from '../../skills/code/index.js';
import { settleJobs } from '../../skills/code/index.js';
import { ObservationViews, WorldMailboxes, type ObserveOptions, type RenderedViews, type ViewsOptions } from '../../skills/observe/index.js';
import { loadSandboxEngine } from '../../skills/sandbox/index.js';
import type { SkillLookup } from '../../skills/skill-executor.js';
import { setChatSettings } from './skills/chat-settings.js';
import { simSkill } from './skills/registry.js';
import type { WorldBackend } from '../backend.js';
import type { AgentId, ResetOptions, StepResult } from '../env.js';
import { parseAgentSpawn, parseScenario, type AgentSpawn, type ParsedScenario, type Scenario } from '../scenario.js';
import { assembleStepResult, type ActiveAgentStep } from '../step-result.js';
import type { WorldAdmin } from '../world-admin.js';
import { buildWorld, spawnAgent } from './build-world.js';
import { SimAgent } from './sim-agent.js';
import { SimWorldAdmin } from './sim-admin.js';

export interface SimEnvOptions {
  /** Ticks one `step` advances (default 20: one simulated second). */
  ticksPerStep?: number;
  /** Skill implementations (default: the sim skills of src/env/sim/skills). */
  skills?: SkillLookup;
  observe?: ObserveOptions;
  /** Rendered views per agent, returned in `infos[agent].views` (PNG). Off by default. */
  views?: ViewsOptions;
  /** Sandbox limits and clock for code actions. */
  code?: Omit<CodeProgramOptions, 'seed'>;
}

type EventListener = (event: BackendWorldEvent) => void;

interface Episode {
  world: World;
  scenario: ParsedScenario;
  admin: SimWorldAdmin;
  mailboxes: WorldMailboxes;
  views: ObservationViews | null;
  agents: Map<string, SimAgent>;
  /** Agents that left since the last step: reported once more, terminated. */
  left: Map<string, Observation>;
  /** Every agent name the episode has had, so an action for one that left is told from a typo. */
  everJoined: Set<string>;
  seed: string;
  offEvents: () => void;
}

export class SimEnv implements WorldBackend {
  readonly kind = 'sim';
  readonly ticksPerStep: number;
  private episode: Episode | null = null;
  private readonly listeners = new Set<EventListener>();
  private readonly options: SimEnvOptions;

  constructor(options: SimEnvOptions = {}) {
    this.options = options;
    this.ticksPerStep = options.ticksPerStep ?? 20;
    if (!Number.isInteger(this.ticksPerStep) || this.ticksPerStep < 1) {
      throw new InputError(`ticksPerStep must be a whole number >= 1, got ${options.ticksPerStep}`, 'use e.g. 20 (one simulated second per step) or 1 for per-tick control');
    }
  }

  get agents(): readonly AgentId[] {
    return this.episode ? [...this.episode.agents.keys()] : [];
  }

  get tick(): number {
    return this.episode?.world.tick ?? 0;
  }

  /** The episode's tick limit (scenario.maxTicks): observations are `truncated` from there on. */
  get maxTicks(): number {
    return this.current().scenario.maxTicks;
  }

  get admin(): WorldAdmin {
    return this.current().admin;
  }

  /** The embedded world of the running episode (sim only: for tests, renderers and tools). */
  get world(): World {
    return this.current().world;
  }

  async reset(options: ResetOptions<Scenario>): Promise<Record<AgentId, Observation>> {
    const scenario = parseScenario(options.scenario);
    this.teardown();
    const world = buildWorld(options.seed, scenario);
    setChatSettings(world, { range: scenario.chatRange, radioChannels: scenario.radioChannels });
    const mailboxes = new WorldMailboxes(world, { chatRange: scenario.chatRange, radioChannels: scenario.radioChannels });
    const offEvents = world.onAny((e) => this.emitEvent(e));
    const episode: Episode = {
      world,
      scenario,
      admin: new SimWorldAdmin(world),
      mailboxes,
      views: this.options.views ? new ObservationViews(this.options.views, world) : null,
      agents: new Map(),
      left: new Map(),
      everJoined: new Set(),
      seed: String(options.seed),
      offEvents,
    };
    this.episode = episode;
    for (const spawn of scenario.agents) this.join(episode, spawn);
    // What set-up emitted (agents joining one another, scenario effects) is the starting state, not news.
    for (const name of episode.agents.keys()) mailboxes.take(name);
    const out: Record<AgentId, Observation> = {};
    for (const [name, a] of episode.agents) out[name] = this.withView(episode, a, a.observe());
    return out;
  }

  async step(actions: Partial<Record<AgentId, AgentAction>>): Promise<StepResult<Observation>> {
    await this.applyActions(actions);
    for (let i = 0; i < this.ticksPerStep; i++) await this.advanceTick();
    return this.results();
  }

  /**
   * Applies actions without advancing the world (the async driver applies each decision at the
   * tick it arrives). Actions for agents that left are ignored (they may still be in flight); a
   * name that was never in the episode is the caller's mistake.
   */
  async applyActions(actions: Partial<Record<AgentId, AgentAction>>): Promise<void> {
    const episode = this.current();
    for (const name of Object.keys(actions)) {
      if (!episode.everJoined.has(name)) {
        throw new InputError(`an action was sent for '${name}', who is not in the episode`, `send actions only for env.agents: ${[...episode.agents.keys()].join(', ')}`);
      }
    }
    const entries = Object.entries(actions).filter(([name]) => episode.agents.has(name));
    // One ready sandbox engine per program started now, so each starts synchronously (deterministically).
    const programs = entries.filter(([, a]) => SimAgent.isCode(a)).length;
    if (programs > 0) await loadSandboxEngine(this.options.code?.limits?.memoryBytes, programs);
    let code = false;
    for (const [name, action] of entries) {
      const agent = episode.agents.get(name)!;
      episode.views?.acted(agent.player); // before act: a code action's own look() frames are for its next turn
      agent.act(action);
      code ||= SimAgent.isCode(action);
    }
    // A code action may have been cancelled or started: let the sandbox reach its first await.
    if (code) await settleJobs();
  }

  /** Advances the world by one tick with every agent's program (the async driver's unit of time). */
  async advanceTick(): Promise<void> {
    const episode = this.current();
    let resume = false;
    for (const a of episode.agents.values()) resume = a.tick() || resume;
    // Scripts that got a skill result issue their next call now, so it starts on the next tick.
    if (resume) await settleJobs();
    episode.world.step();
  }

  /** Observations, rewards and flags for every agent now (and once more for agents that left). */
  results(): StepResult<Observation> {
    const episode = this.current();
    const truncated = episode.world.tick >= episode.scenario.maxTicks;
    const active = [...episode.agents].map(([name, a]): [AgentId, ActiveAgentStep] => {
      const info: Record<string, unknown> = { ticks: this.ticksPerStep };
      if (Object.keys(a.lastLowLevel).length) info.lowLevel = a.lastLowLevel;
      a.lastLowLevel = {};
      if (episode.views) info.views = episode.views.render(episode.world, a.player) satisfies RenderedViews;
      return [name, { observation: this.withView(episode, a, a.observe()), info }];
    });
    return assembleStepResult(active, episode.left, truncated);
  }

  async addAgent(spawn: AgentSpawn): Promise<void> {
    const ep = this.current();
    this.join(ep, parseAgentSpawn(spawn, ep.agents));
  }

  async removeAgent(name: AgentId): Promise<void> {
    const ep = this.current();
    const a = ep.agents.get(name);
    if (!a) throw new InputError(`there is no agent named '${name}' in the episode`, `agents: ${[...ep.agents.keys()].join(', ') || 'none'}`);
    const last = a.observe();
    a.dispose();
    ep.agents.delete(name);
    ep.views?.forget(a.player);
    ep.world.removeEntity(a.player, 'left');
    ep.world.emit({ type: 'player_left', player: a.player.id, name });
    ep.left.set(name, { ...last, alive: false });
  }

  observe(name: AgentId): Observation {
    const ep = this.current();
    const a = ep.agents.get(name);
    if (!a) throw new InputError(`there is no agent named '${name}' in the episode`, 'observe an agent listed in env.agents');
    return this.withView(ep, a, a.observe());
  }

  /** The observation with the agent's rendered views on it when `views.onObservations` asks (re-rendered only when due). */
  private withView(ep: Episode, a: { player: Player }, obs: Observation): Observation {
    if (ep.views && this.options.views?.onObservations) obs.view = ep.views.render(ep.world, a.player);
    return obs;
  }

  /** The rendered views of one agent now (needs the `views` option). */
  views(name: AgentId): RenderedViews {
    const ep = this.current();
    const a = ep.agents.get(name);
    if (!a) throw new InputError(`there is no agent named '${name}' in the episode`, 'pick an agent listed in env.agents');
    if (!ep.views) throw new InputError('this SimEnv renders no views', 'construct it with { views: { firstPerson: {width, height}, topDown: {radius} } }');
    return ep.views.render(ep.world, a.player);
  }

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.teardown();
  }

  private join(ep: Episode, spawn: AgentSpawn): void {
    const player = spawnAgent(ep.world, spawn);
    const agent = new SimAgent(ep.world, player, {
      lookup: this.options.skills ?? simSkill,
      mailboxes: ep.mailboxes,
      omniscient: spawn.omniscient,
      ...(this.options.observe ? { observe: this.options.observe } : {}),
      code: { ...this.options.code, seed: seedOf(`${ep.seed}/${spawn.name}`) },
    });
    ep.agents.set(spawn.name, agent);
    ep.everJoined.add(spawn.name);
  }

  private emitEvent(e: WorldEvent): void {
    if (this.listeners.size === 0) return;
    // The world's events are backend events (the compiler checks this assignment); listeners get a copy.
    const event: BackendWorldEvent = e;
    const json = JSON.parse(JSON.stringify(event)) as BackendWorldEvent;
    for (const l of this.listeners) l(json);
  }

  private current(): Episode {
    if (!this.episode) throw new InputError('the sim env has no episode', 'call reset({ seed, scenario }) first');
    return this.episode;
  }

  private teardown(): void {
    const ep = this.episode;
    if (!ep) return;
    for (const a of ep.agents.values()) a.dispose();
    ep.offEvents();
    ep.mailboxes.detach();
    ep.admin.detach();
    this.episode = null;
  }
}

/** A 32-bit seed from a string (FNV-1a), for the sandbox's Math.random per agent. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
