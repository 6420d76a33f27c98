/**
 * The Minecraft backend: the same Env, actions and observations as the sim, on a real Java server.
 * One mineflayer bot per agent (pathfinder, collectblock with its tool selector, pvp), joined one
 * at a time; a separate operator connection (the orchestrator) applies the Scenario and every
 * WorldAdmin call with vanilla commands, so agents never issue commands. A step maps ticks to
 * real server time (20 per second): skills keep running on the server while agents think.
 *
 * Not available here, by the nature of a real server: determinism (a server has its own clock and
 * randomness), and terrain from the scenario (the server's world is used as it is; scenario blocks
 * are placed on it).
 */
import type { Bot } from 'mineflayer';
import { agentActionSchema, type AgentAction, type LowLevelAction } from '../../core/actions.js';
import { GuildcraftError, InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { WorldEvent } from '../../core/world-event.js';
import type { ObservedEvent, Observation } from '../../core/observation.js';
import { loadSandboxEngine } from '../../skills/sandbox/index.js';
import { fail } from '../../skills/skill-result.js';
import { EVENT_PRIORITY } from '../../skills/observe/priorities.js';
import type { WorldBackend } from '../backend.js';
import type { AgentId, ResetOptions, StepResult } from '../env.js';
import { parseAgentSpawn, parseScenario, type AgentSpawn, type ParsedScenario, type Scenario } from '../scenario.js';
import { assembleStepResult, type ActiveAgentStep } from '../step-result.js';
import type { WorldAdmin } from '../world-admin.js';
import { BodyEvents } from './body-events.js';
import { plain } from './bot-geometry.js';
import * as cmd from './commands.js';
import { MinecraftConnectionPool } from './connection-pool.js';
import { Frame } from './frame.js';
import { applyLowLevel, releaseKeys, type LowLevelReport } from './low-level.js';
import { MessageHub } from './messaging.js';
import type { NeedsMemory } from '../../skills/observe/assemble.js';
import { DEFAULT_OBSERVER_LIMITS, observeBot, type ObserverLimits } from './observation.js';
import { resolveMinecraftOptions, type MinecraftBackendOptions, type ResolvedMinecraftOptions } from './options.js';
import type { Senses } from './body-port.js';
import { waitForChunkAt, waitForInventory, waitForPosition, waitUntil } from './readiness.js';
import { haltBodyAndWait, MinecraftSkillRunner } from './skill-runner.js';
import type { ChestMemory } from './skills/context.js';
import { defaultSlot } from './skills/items.js';
import { MinecraftWorldAdmin } from './world-admin.js';
import { WorldEventTracker } from './world-events.js';

/** Vanilla walking speed in blocks per second (movement_speed attribute 0.1). */
const VANILLA_WALK_BPS = 4.317;
const DEFAULT_PERCEPTION_RANGE = 32;
/** Blocks above the first agent where the orchestrator waits: well beyond any item pickup radius. */
const ORCHESTRATOR_HEIGHT = 12;

export interface MinecraftBackendExtras {
  /** Keep connections across backends (many short episodes); the caller closes it. */
  pool?: MinecraftConnectionPool;
  /** Server position of the scenario's (0,0,0); see frame.ts. Default (0,0,0). */
  origin?: { x: number; y: number; z: number };
  observe?: Partial<ObserverLimits>;
}

interface McAgent {
  name: string;
  spawn: AgentSpawn;
  bot: Bot;
  runner: MinecraftSkillRunner;
  body: BodyEvents;
  senses: Senses;
  state: NeedsMemory;
  maxHealth: number;
  extraEvents: ObservedEvent[];
  lowLevel: LowLevelAction | null;
  lastLowLevel: LowLevelReport;
  /** Stops reporting this agent's world events (its taps and listeners). */
  stopEvents: () => void;
}

interface Episode {
  scenario: ParsedScenario;
  admin: MinecraftWorldAdmin;
  hub: MessageHub;
  agents: Map<string, McAgent>;
  left: Map<string, Observation>;
  chests: ChestMemory;
  startedAt: number;
  /** The world-event stream in the embedded world's shapes (kills, pickups, blocks …). */
  events: WorldEventTracker;
}

type EventListener = (event: WorldEvent) => void;

export class MinecraftBackend implements WorldBackend {
  readonly kind = 'minecraft';
  readonly ticksPerStep: number;
  readonly options: ResolvedMinecraftOptions;
  private readonly pool: MinecraftConnectionPool;
  private readonly ownsPool: boolean;
  private readonly frame: Frame;
  private readonly limits: ObserverLimits;
  private episode: Episode | null = null;
  private readonly listeners = new Set<EventListener>();

  constructor(options: MinecraftBackendOptions = {}, extras: MinecraftBackendExtras = {}) {
    this.options = resolveMinecraftOptions(options);
    this.ticksPerStep = this.options.ticksPerStep;
    this.ownsPool = !extras.pool;
    this.pool = extras.pool ?? new MinecraftConnectionPool(this.options);
    this.frame = new Frame(extras.origin);
    this.limits = { ...DEFAULT_OBSERVER_LIMITS, ...extras.observe };
  }

  get agents(): readonly AgentId[] {
    return this.episode ? [...this.episode.agents.keys()] : [];
  }

  /** Ticks of real server time since reset (20 per second). */
  get tick(): number {
    return this.episode ? Math.floor((performance.now() - this.episode.startedAt) / 50) : 0;
  }

  get admin(): WorldAdmin {
    return new FramedAdmin(this.current().admin, this.frame);
  }

  async reset(options: ResetOptions<Scenario>): Promise<Record<AgentId, Observation>> {
    const scenario = parseScenario(options.scenario);
    this.teardown();

    const orchestrator = await this.pool.orchestrator();
    const chests: ChestMemory = new Map();
    const startedAt = performance.now();
    const tick = (): number => Math.floor((performance.now() - startedAt) / 50);
    let hub: MessageHub | null = null;
    const agents = new Map<string, McAgent>();
    const admin = new MinecraftWorldAdmin({
      orchestrator,
      orchestratorName: this.options.orchestrator,
      tick,
      agents: () => new Map([...agents].map(([n, a]) => [n, { bot: a.bot, deaths: a.body.deaths, maxHealth: a.maxHealth }])),
      hub: () => hub,
      chests,
      emit: (e) => this.emit(e),
      removing: (id) => events.removing(id),
      commandTimeoutMs: this.options.commandTimeoutMs,
    });
    hub = new MessageHub({ mode: this.options.messaging, chatRange: scenario.chatRange, radioChannels: scenario.radioChannels }, tick, (from, message, channel, hearers) => {
      const speaker = agents.get(from)?.bot.entity;
      this.emit({ type: 'chat', tick: this.tick, from: speaker?.id ?? null, name: from, message, pos: speaker ? plain(speaker.position) : null, channel, heardBy: hearers });
    });
    // Deaths of the previous episode's mobs cleared by set-up are not news of this one.
    let live = false;
    const events = new WorldEventTracker({
      now: () => this.tick,
      emit: (e) => {
        if (live) this.emit(e);
      },
      idOf: (id) => admin.idOf(id),
      agentWithId: (id) => {
        for (const [name, a] of agents) if (a.bot.entity?.id === id) return name;
        return null;
      },
      idOfAgent: (name) => agents.get(name)?.bot.entity?.id ?? null,
    });
    // The orchestrator sees every mob of the episode area: deaths and hurts far from any agent too.
    events.watch(orchestrator);
    const episode: Episode = { scenario, admin, hub, agents, left: new Map(), chests, startedAt, events };
    this.episode = episode;

    try {
      await this.prepareWorld(episode, orchestrator);
      await this.pool.releaseAllBut(new Set(scenario.agents.map((a) => a.name)));
      for (const spawn of scenario.agents) await this.join(episode, spawn);
      for (const e of scenario.entities) {
        admin.summon(e.type, this.frame.toServer(e.pos), { count: e.count, persistent: e.persistent });
      }
      await admin.barrier();
      await this.settlePositions(episode);
    } catch (err) {
      this.teardown();
      throw err;
    }
    // The episode's clock starts once the world is ready.
    episode.startedAt = performance.now();
    live = true;
    const out: Record<AgentId, Observation> = {};
    for (const [name, a] of agents) out[name] = this.observeAgent(episode, a);
    return out;
  }

  async step(actions: Partial<Record<AgentId, AgentAction>>): Promise<StepResult<Observation>> {
    const ep = this.current();
    // Admin calls made since the last step (set-up, dynamic events) take effect before agents act.
    await ep.admin.sync();
    const from = this.tick;
    for (const [name, action] of Object.entries(actions)) {
      const a = ep.agents.get(name);
      if (a && action !== undefined) await this.act(a, action);
    }
    // A full step of server time after the actions took effect (low-level keys are held meanwhile),
    // so a skill of N ticks started in a step is over after ceil(N / ticksPerStep) steps.
    await sleep(this.ticksPerStep * 50);
    const ticks = this.tick - from;
    const truncated = this.tick >= ep.scenario.maxTicks;
    const active = [...ep.agents].map(([name, a]): [AgentId, ActiveAgentStep] => {
      const info: Record<string, unknown> = { ticks };
      if (Object.keys(a.lastLowLevel).length) info.lowLevel = a.lastLowLevel;
      a.lastLowLevel = {};
      return [name, { observation: this.observeAgent(ep, a), info }];
    });
    return assembleStepResult(active, ep.left, truncated);
  }

  async addAgent(spawn: AgentSpawn): Promise<void> {
    const ep = this.current();
    const parsed = parseAgentSpawn(spawn, ep.agents);
    await this.join(ep, parsed);
    await this.settlePositions(ep, [parsed.name]);
  }

  async removeAgent(name: AgentId): Promise<void> {
    const ep = this.current();
    const a = ep.agents.get(name);
    if (!a) throw new InputError(`there is no agent named '${name}' in the episode`, `agents: ${[...ep.agents.keys()].join(', ') || 'none'}`);
    const last = this.observeAgent(ep, a);
    const id = a.bot.entity?.id ?? null;
    this.disposeAgent(ep, a);
    ep.agents.delete(name);
    ep.left.set(name, { ...last, alive: false });
    // Leaving the server is what makes the others stop seeing it.
    await this.pool.release(name);
    this.emit({ type: 'player_left', tick: this.tick, player: id, name });
  }

  observe(name: AgentId): Observation {
    const ep = this.current();
    const a = ep.agents.get(name);
    if (!a) throw new InputError(`there is no agent named '${name}' in the episode`, 'observe an agent listed in env.agents');
    return this.observeAgent(ep, a);
  }

  onEvent(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.teardown();
    if (this.ownsPool) await this.pool.close();
  }

  /**
   * The orchestrator hovers above where the episode happens (so its chunks are loaded and it sees
   * the mobs), as a spectator with its physics off: out of every agent's way, never picking up an
   * item, and never seen (agents' senses also skip it by name).
   */
  private async prepareWorld(ep: Episode, orchestrator: Bot): Promise<void> {
    const { admin, scenario } = ep;
    const first = this.frame.toServer(scenario.agents[0]!.position);
    const perch = { x: first.x, y: first.y + ORCHESTRATOR_HEIGHT, z: first.z };
    const me = this.options.orchestrator;
    orchestrator.physicsEnabled = false;
    admin.command(`gamemode spectator ${me}`);
    admin.command(cmd.teleportCommand(me, perch));
    await admin.barrier();
    await waitForPosition(orchestrator, perch, this.options.commandTimeoutMs);
    await waitForChunkAt(orchestrator, first, this.options.commandTimeoutMs);
    await this.restoreBlocks(admin);
    admin.command(cmd.timeCommand(scenario.world.timeOfDay));
    admin.command(cmd.difficultyCommand(scenario.world.difficulty));
    for (const [rule, value] of Object.entries(scenario.world.gamerules)) admin.command(cmd.gameruleCommand(rule, value));
    if (this.options.clearEntitiesOnReset) admin.command(cmd.killAllNonPlayersCommand());
    for (const b of scenario.blocks) {
      const pos = this.frame.toServer(b.pos);
      if (b.to) admin.fill(pos, this.frame.toServer(b.to), b.block);
      else admin.setBlock(pos, b.block);
    }
    for (const c of scenario.chests) admin.setChestContents(this.frame.toServer(c.pos), c.items);
    await admin.barrier();
  }

  /** Puts back every block the previous episodes changed (scenario blocks, digging, building). */
  private async restoreBlocks(admin: MinecraftWorldAdmin): Promise<void> {
    const changed = this.pool.changedBlocks;
    if (changed.size === 0) return;
    for (const [key, block] of changed) {
      const [x, y, z] = key.split(',').map(Number) as [number, number, number];
      if (admin.blockAt({ x, y, z }) !== block) admin.setBlock({ x, y, z }, block);
    }
    await admin.barrier();
    changed.clear();
  }

  /** Connects (or reuses) the agent's bot and gives it the scenario's position, inventory, equipment and effects. */
  private async join(ep: Episode, spawn: AgentSpawn): Promise<void> {
    if (spawn.onGround) throw new InputError(`agent ${spawn.name} is to stand on the ground of its column (on_ground), which only the sim backend places`, 'give the agent an exact position, or run the task on the sim backend');
    const bot = await this.pool.agent(spawn.name);
    await haltBodyAndWait(bot);
    const { admin } = ep;
    const pos = this.frame.toServer(spawn.position);
    const caps = spawn.capabilities;
    admin.command(`gamemode survival ${spawn.name}`);
    admin.command(cmd.clearCommand(spawn.name));
    admin.command(`effect clear ${spawn.name}`);
    admin.command(cmd.teleportCommand(spawn.name, pos));
    if (bot.health < 20) admin.command(cmd.effectCommand(spawn.name, 'instant_health', 20, 4));
    if (caps.maxHealth !== undefined) admin.command(cmd.attributeCommand(spawn.name, 'generic.max_health', caps.maxHealth));
    if (caps.speedBps !== undefined) admin.command(cmd.attributeCommand(spawn.name, 'generic.movement_speed', (0.1 * caps.speedBps) / VANILLA_WALK_BPS));
    const expected = new Map<string, number>();
    const give = (name: string, count: number, extras?: cmd.ItemExtras): void => {
      admin.command(cmd.giveCommand(spawn.name, name, count, extras));
      expected.set(name, (expected.get(name) ?? 0) + count);
    };
    for (const it of spawn.inventory) give(it.name, it.count, it);
    for (const item of Object.values(spawn.equipment)) if (item && !expected.has(item)) give(item, 1);
    await admin.barrier();
    await waitForPosition(bot, pos, this.options.commandTimeoutMs);
    await waitForInventory(bot, expected, this.options.commandTimeoutMs);
    await waitForChunkAt(bot, pos, this.options.commandTimeoutMs);
    for (const [slot, item] of Object.entries(spawn.equipment)) {
      const stack = bot.inventory.items().find((i) => i.name === item);
      if (!stack) continue;
      const dest = slot === 'chest' ? 'torso' : (slot as 'hand' | 'off-hand' | 'head' | 'legs' | 'feet');
      await bot.equip(stack, slot === 'hand' && defaultSlot(item) !== 'hand' ? 'hand' : dest);
    }
    // Effects last: an effect event before the agent exists would be lost.
    for (const e of caps.effects) admin.effect(spawn.name, e.name, e.durationTicks ?? null, e.amplifier);

    const senses: Senses = {
      perceptionRange: caps.perceptionRange ?? DEFAULT_PERCEPTION_RANGE,
      omniscient: spawn.omniscient,
      hiddenPlayers: new Set([this.options.orchestrator]),
      ...(caps.fovDegrees !== undefined ? { fovDegrees: caps.fovDegrees } : {}),
    };
    const tick = (): number => this.tick;
    const runner = new MinecraftSkillRunner({
      bot,
      agent: spawn.name,
      senses,
      hub: ep.hub,
      chests: ep.chests,
      events: ep.events.skillSink(spawn.name),
      frame: this.frame,
      tick,
    });
    // The body's own events reach listeners in the world's shape, through the tracker.
    const body = new BodyEvents(spawn.name, bot, tick, (e) => ep.events.bodyEvent(spawn.name, plain(bot.entity.position), e));
    ep.hub.attach(spawn.name, bot);
    ep.agents.set(spawn.name, {
      name: spawn.name,
      spawn,
      bot,
      runner,
      body,
      senses,
      state: { lowFood: false, lowOxygen: false },
      maxHealth: caps.maxHealth ?? 20,
      extraEvents: [],
      lowLevel: null,
      lastLowLevel: {},
      stopEvents: () => undefined,
    });
    // Only once the agent is in the episode: its events carry its id.
    const untap = ep.events.tapAgent(spawn.name, bot);
    const unwatch = ep.events.watch(bot);
    ep.agents.get(spawn.name)!.stopEvents = () => {
      untap();
      unwatch();
    };
    this.emit({ type: 'player_joined', tick: this.tick, player: bot.entity.id, name: spawn.name, pos: pos });
  }

  /**
   * Some servers move a player once more after its login completes (flying-squid re-sends the
   * login position), which can undo our teleport: check each of `names` and teleport again if
   * needed. Then make sure every agent near one of them has been told where it stands: each bot has
   * its own connection, and a move back to the login position can reach the others after our
   * teleport did, leaving a newcomer seen where it no longer is (and out of sight) until it moves.
   */
  private async settlePositions(ep: Episode, names: readonly string[] = [...ep.agents.keys()]): Promise<void> {
    const moved = names.flatMap((n) => ep.agents.get(n) ?? []);
    const home = (a: McAgent): Vec3 => this.frame.toServer(a.spawn.position);
    const teleportBack = async (agents: McAgent[]): Promise<void> => {
      for (const a of agents) ep.admin.command(cmd.teleportCommand(a.name, home(a)));
      await ep.admin.barrier();
      for (const a of agents) await waitForPosition(a.bot, home(a), this.options.commandTimeoutMs).catch(() => undefined);
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const stray = moved.filter((a) => distanceTo(a.bot, home(a)) > 1.5);
      if (stray.length === 0) break;
      await teleportBack(stray);
    }
    // A teleported bot lands on its next physics tick; agents start standing, as in the sim.
    for (const a of moved) await waitUntil(a.bot, ['physicsTick'], () => a.bot.entity.onGround, 1000, 'land').catch(() => undefined);
    const still = moved.filter((a) => distanceTo(a.bot, home(a)) > 1.5).map((a) => a.name);
    if (still.length > 0) throw new GuildcraftError('environment', `the server did not keep ${still.join(', ')} at the spawn position`, 'check that the orchestrator is an operator and nothing else teleports players');
    for (let attempt = 0; ; attempt++) {
      const unseen: McAgent[] = [];
      for (const a of moved) if (!(await this.seenWhereItStands(ep, a, attempt === 0 ? this.options.commandTimeoutMs / 4 : this.options.commandTimeoutMs / 2))) unseen.push(a);
      if (unseen.length === 0) return;
      if (attempt === 2) {
        throw new GuildcraftError('environment', `the other agents were not told where ${unseen.map((a) => a.name).join(', ')} stands`, 'check that the server is not overloaded and sends player movement to players in range');
      }
      await teleportBack(unseen); // the server tells every player in range of a teleport
    }
  }

  /** Waits until every agent within 48 blocks of `a` sees it within a block and a half of where it stands; false after `timeoutMs`. */
  private async seenWhereItStands(ep: Episode, a: McAgent, timeoutMs: number): Promise<boolean> {
    const at = a.bot.entity.position;
    for (const other of ep.agents.values()) {
      if (other === a || distanceTo(other.bot, at) > 48) continue;
      const told = await waitUntil(other.bot, ['entitySpawn', 'entityMoved'], () => {
        const e = other.bot.players[a.name]?.entity;
        return !!e && Math.hypot(e.position.x - at.x, e.position.y - at.y, e.position.z - at.z) < 1.5;
      }, timeoutMs, `show ${a.name} to ${other.name}`).then(() => true, () => false);
      if (!told) return false;
    }
    return true;
  }

  /** Applies one action (untrusted input): a bad one becomes a failure in the agent's next observation. */
  private async act(a: McAgent, raw: AgentAction): Promise<void> {
    const parsed = agentActionSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(action)'}: ${i.message}`).join('; ');
      a.runner.reject(actionLabel(raw), fail('invalid_action', `the action does not match the schema: ${issues}`));
      return;
    }
    const action = parsed.data;
    switch (action.type) {
      case 'noop':
        return;
      case 'cancel':
        this.stopLowLevel(a);
        a.runner.cancel();
        return;
      case 'code':
        this.stopLowLevel(a);
        // Compiling the sandbox must not count against the code's CPU time.
        await loadSandboxEngine();
        a.runner.startCode(action.source);
        return;
      case 'skill': {
        const r = a.runner.start(action.name, action.params, { queue: action.queue ?? false });
        if (r.ok && !action.queue) this.stopLowLevel(a);
        return;
      }
      case 'low_level':
        a.runner.cancel('replaced by a low-level action');
        a.lowLevel = action;
        try {
          a.lastLowLevel = await applyLowLevel(a.bot, action);
        } catch (err) {
          a.extraEvents.push({ tick: this.tick, type: 'action_rejected', text: `low-level action failed: ${(err as Error).message}`, priority: EVENT_PRIORITY.actionRejected });
        }
        return;
    }
  }

  private stopLowLevel(a: McAgent): void {
    if (!a.lowLevel) return;
    a.lowLevel = null;
    releaseKeys(a.bot);
  }

  private observeAgent(ep: Episode, a: McAgent): Observation {
    const obs = observeBot({
      agent: a.name,
      bot: a.bot,
      senses: a.senses,
      runner: a.runner,
      hub: ep.hub,
      body: a.body,
      state: a.state,
      tick: this.tick,
      maxHealth: a.maxHealth,
      limits: this.limits,
      extraEvents: a.extraEvents.splice(0),
    });
    obs.pos = this.frame.toScenario(obs.pos);
    obs.nearbyBlocks = obs.nearbyBlocks.map((b) => ({ ...b, nearest: this.frame.toScenario(b.nearest) }));
    obs.entities = obs.entities.map((e) => ({ ...e, pos: this.frame.toScenario(e.pos) }));
    return obs;
  }

  private emit(e: WorldEvent): void {
    if (this.listeners.size === 0) return;
    const json = this.frame.mapPositions(JSON.parse(JSON.stringify(e)) as WorldEvent, 'toScenario');
    for (const l of this.listeners) l(json);
  }

  private disposeAgent(ep: Episode, a: McAgent): void {
    a.runner.dispose();
    a.body.close();
    a.stopEvents();
    ep.hub.remove(a.name);
    releaseKeys(a.bot);
  }

  private current(): Episode {
    if (!this.episode) throw new InputError('the Minecraft backend has no episode', 'call reset({ seed, scenario }) first');
    return this.episode;
  }

  private teardown(): void {
    const ep = this.episode;
    if (!ep) return;
    for (const a of ep.agents.values()) this.disposeAgent(ep, a);
    ep.events.close();
    ep.hub.close();
    ep.admin.close();
    this.episode = null;
  }
}

/**
 * The WorldAdmin the tasks layer sees: scenario coordinates in and out, everything else passed to
 * the command-issuing admin unchanged.
 */
class FramedAdmin implements WorldAdmin {
  constructor(
    private readonly inner: MinecraftWorldAdmin,
    private readonly frame: Frame,
  ) {}

  get tick(): number {
    return this.inner.tick;
  }
  blockAt = (pos: Parameters<WorldAdmin['blockAt']>[0]): string => this.inner.blockAt(this.frame.toServer(pos));
  setBlock: WorldAdmin['setBlock'] = (pos, block) => this.inner.setBlock(this.frame.toServer(pos), block);
  fill: WorldAdmin['fill'] = (from, to, block, options) => this.inner.fill(this.frame.toServer(from), this.frame.toServer(to), block, options);
  summon: WorldAdmin['summon'] = (type, pos, options) => this.inner.summon(type, this.frame.toServer(pos), options);
  spawnBoss: WorldAdmin['spawnBoss'] = (o) => this.inner.spawnBoss({ ...o, pos: this.frame.toServer(o.pos) });
  remove: WorldAdmin['remove'] = (id) => this.inner.remove(id);
  entities: WorldAdmin['entities'] = (filter) => this.inner.entities(filter).map((e) => ({ ...e, pos: this.frame.toScenario(e.pos) }));
  players: WorldAdmin['players'] = () => this.inner.players().map((p) => ({ ...p, pos: this.frame.toScenario(p.pos) }));
  give: WorldAdmin['give'] = (player, item, count) => this.inner.give(player, item, count);
  clearInventory: WorldAdmin['clearInventory'] = (player) => this.inner.clearInventory(player);
  effect: WorldAdmin['effect'] = (player, effect, durationTicks, amplifier) => this.inner.effect(player, effect, durationTicks, amplifier);
  teleport: WorldAdmin['teleport'] = (player, pos) => this.inner.teleport(player, this.frame.toServer(pos));
  setTime: WorldAdmin['setTime'] = (t) => this.inner.setTime(t);
  setGamerule: WorldAdmin['setGamerule'] = (rule, value) => this.inner.setGamerule(rule, value);
  broadcast: WorldAdmin['broadcast'] = (message) => this.inner.broadcast(message);
  chestContents: WorldAdmin['chestContents'] = (pos) => this.inner.chestContents(this.frame.toServer(pos));
  setChestContents: WorldAdmin['setChestContents'] = (pos, items) => this.inner.setChestContents(this.frame.toServer(pos), items);
  /** Waits until the server has processed every command sent so far. */
  barrier = (timeoutMs?: number): Promise<boolean> => this.inner.barrier(timeoutMs);
}

function actionLabel(raw: unknown): string {
  if (typeof raw === 'object' && raw !== null) {
    const r = raw as { type?: unknown; name?: unknown };
    if (r.type === 'skill' && typeof r.name === 'string') return r.name;
    if (typeof r.type === 'string') return r.type;
  }
  return 'action';
}

const distanceTo = (bot: Bot, p: Vec3): number => {
  const q = bot.entity.position;
  return Math.hypot(q.x - p.x, q.y - p.y, q.z - p.z);
};

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates a backend for a real server; see docs/minecraft-backend.md for server set-up. */
export function createMinecraftBackend(options: MinecraftBackendOptions = {}, extras: MinecraftBackendExtras = {}): MinecraftBackend {
  return new MinecraftBackend(options, extras);
}
