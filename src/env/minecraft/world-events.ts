/**
 * The embedded world's event stream (src/world/events.ts, the contract EpisodeLog and every goal
 * evaluator read) rebuilt from what mineflayer bots see on a real server. Every connected bot (each
 * agent's and the orchestrator's) reports the same hurt, death or pickup, so each is kept once:
 * a death or a pickup once per entity id, a hurt once per short echo window. A server does not say
 * who hurt or killed a mob, so that comes from the attacks the agents' bots sent (AttackLog).
 *
 * Ids are the ids WorldAdmin reports: an agent is its bot's server entity id, a summoned mob its
 * admin handle, anything else its server entity id. Positions are server coordinates; the backend
 * shifts them into the scenario frame on the way out.
 */
import type { Bot } from 'mineflayer';
import type { Entity } from 'prismarine-entity';
import type { Vec3 } from '../../core/vec3.js';
import type { WorldEvent, WorldEventInput } from '../../core/world-event.js';
import { tapAgentActions } from './agent-action-taps.js';
import { AttackLog, HURT_ATTRIBUTION_TICKS, KILL_ATTRIBUTION_TICKS } from './attack-log.js';
import type { BackendEvent } from './body-events.js';
import { plain, round1 } from './bot-geometry.js';
import { healthMetadataIndex, livingHealth } from './entity-health.js';
import { droppedItem, entityTypeName } from './entities.js';
import type { SkillEventSink, SkillWorldEvent } from './skills/context.js';

/**
 * Copies of one hurt reach every bot within a few ticks; real hurts of one entity are at least
 * 10 ticks apart on vanilla (the invulnerability window after a hit).
 */
export const HURT_ECHO_TICKS = 4;
/** A mob's new health arrives as metadata just after its hurt animation; wait this long for it. */
export const HEALTH_SETTLE_MS = 150;

export interface WorldEventDeps {
  /** The backend's tick (server time since reset). */
  now(): number;
  emit(event: WorldEvent): void;
  /** The WorldAdmin id of a server entity (a summon handle, or the server id itself). */
  idOf(serverId: number): number;
  /** The agent whose bot has this server entity id. */
  agentWithId(serverId: number): string | null;
  /** The server entity id of an agent's bot. */
  idOfAgent(name: string): number | null;
  healthSettleMs?: number;
}

interface PendingHurt {
  timer: ReturnType<typeof setTimeout> | null;
  flush(healthNow: number | null): void;
}

interface HeldPickups {
  players: Set<number>;
  item: string;
}

export class WorldEventTracker {
  readonly attacks = new AttackLog();
  private readonly died = new Set<number>();
  private readonly collected = new Set<number>();
  private readonly lastHurt = new Map<number, number>();
  private readonly health = new Map<number, number>();
  private readonly pending = new Map<number, PendingHurt>();
  private readonly held = new Set<HeldPickups>();
  private readonly detach: (() => void)[] = [];
  private closed = false;

  constructor(private readonly deps: WorldEventDeps) {}

  /** Listens to a bot's view of hurts, deaths and pickups (agents' bots and the orchestrator's). */
  watch(bot: Bot): () => void {
    const index = healthMetadataIndex(bot);
    // From 1.20 the server names the entity responsible (an arrow's shooter too): mineflayer passes it on.
    const onHurt = (e: Entity | undefined, source?: Entity): void => {
      if (e) this.mobHurt(e, index, source?.id ?? null);
    };
    const onDead = (e: Entity | undefined): void => {
      if (e) this.mobDied(e);
    };
    const onCollect = (collector: Entity | undefined, collected: Entity | undefined): void => {
      if (collector && collected) this.pickedUp(collector, collected);
    };
    bot.on('entityHurt', onHurt);
    bot.on('entityDead', onDead);
    bot.on('playerCollect', onCollect);
    return this.keep(() => {
      bot.off('entityHurt', onHurt);
      bot.off('entityDead', onDead);
      bot.off('playerCollect', onCollect);
    });
  }

  /** Attributes what an agent's bot digs, places and attacks to that agent. */
  tapAgent(agent: string, bot: Bot): () => void {
    const untap = tapAgentActions(bot, {
      blockBroken: (pos, block, drops) => this.emitAs(agent, (by) => ({ type: 'block_broken', by, pos, block, drops })),
      blockPlaced: (pos, block) => this.emitAs(agent, (by) => ({ type: 'block_placed', by, pos, block })),
      attacked: (target) => this.attacks.note(agent, target, this.deps.now()),
    });
    return this.keep(untap);
  }

  /** The sink an agent's skills report crafting, smelting, windows, giving and eating to. */
  skillSink(agent: string): SkillEventSink {
    return {
      report: (e) => this.skillEvent(agent, e),
      holdPickups: (players, item) => {
        const h: HeldPickups = { players: new Set(players), item };
        this.held.add(h);
        return () => this.held.delete(h);
      },
    };
  }

  /**
   * An agent's own body (BodyEvents: exact amounts from its health updates): its hurts, deaths and
   * effects in the world's shape, hurts and deaths credited to the agent that hit it last, if any.
   */
  bodyEvent(agent: string, position: Vec3, e: BackendEvent): void {
    const id = this.deps.idOfAgent(agent);
    if (id === null) return;
    const t = this.deps.now();
    if (e.type === 'hurt') {
      const by = this.agentId(this.attacks.attackerOf(id, t, HURT_ATTRIBUTION_TICKS));
      const amount = typeof e.amount === 'number' ? e.amount : null;
      const health = typeof e.health === 'number' ? e.health : null;
      this.emit({ type: 'entity_hurt', entity: id, entityType: 'player', amount, cause: by === null ? 'generic' : 'player', by, health });
    } else if (e.type === 'death') {
      const by = this.agentId(this.attacks.attackerOf(id, t, KILL_ATTRIBUTION_TICKS));
      const cause = by === null ? 'generic' : 'player';
      this.emit({ type: 'entity_died', entity: id, entityType: 'player', cause, by, pos: { ...position } });
      this.emit({ type: 'player_died', player: id, name: agent, cause, pos: { ...position } });
    } else if (e.type === 'respawn') {
      this.emit({ type: 'player_respawned', player: id, name: agent, pos: { ...position } });
    } else if (e.type === 'effect_added' && typeof e.effect === 'string' && typeof e.amplifier === 'number' && typeof e.durationTicks === 'number') {
      // A server that does not say how long an effect lasts gives no event rather than a made-up length.
      this.emit({ type: 'effect_added', entity: id, effect: e.effect, amplifier: e.amplifier, durationTicks: e.durationTicks });
    } else if (e.type === 'effect_removed' && typeof e.effect === 'string') {
      this.emit({ type: 'effect_removed', entity: id, effect: e.effect });
    }
  }

  /** The admin is removing this entity (server id): `/kill` looks like a death to clients, but it is no kill. */
  removing(serverId: number): void {
    this.died.add(serverId);
    this.pending.get(serverId)?.flush(null);
  }

  close(): void {
    // A late block update (a placement confirmed after its timeout) must not reach the next episode.
    this.closed = true;
    for (const d of this.detach.splice(0)) d();
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    this.pending.clear();
  }

  private mobHurt(e: Entity, index: number, sourceId: number | null): void {
    // Players' hurts come from their own bodies (bodyEvent), with exact amounts.
    if (e.type === 'player' || this.died.has(e.id)) return;
    const t = this.deps.now();
    const source = sourceId === null ? null : this.deps.agentWithId(sourceId);
    // A hit the server credits to an agent counts like a melee attack it sent (for the kill, too).
    if (source !== null) this.attacks.note(source, e.id, t);
    const last = this.lastHurt.get(e.id);
    if (last !== undefined && t - last <= HURT_ECHO_TICKS) return;
    this.lastHurt.set(e.id, t);
    this.pending.get(e.id)?.flush(null);
    const before = this.health.get(e.id) ?? livingHealth(e, index);
    const by = this.agentId(this.attacks.attackerOf(e.id, t, HURT_ATTRIBUTION_TICKS));
    const entityType = entityTypeName(e);
    const pending: PendingHurt = {
      timer: null,
      flush: (healthNow) => {
        if (this.pending.get(e.id) !== pending) return;
        this.pending.delete(e.id);
        if (pending.timer) clearTimeout(pending.timer);
        const after = healthNow ?? livingHealth(e, index);
        if (after !== null) this.health.set(e.id, after);
        // Servers that never send a mob's health (flying-squid) leave the amount unknown: null, not a guess.
        const amount = before !== null && after !== null && before > after ? round1(before - after) : null;
        this.emit({ type: 'entity_hurt', entity: this.deps.idOf(e.id), entityType, amount, cause: by === null ? 'generic' : 'player', by, health: after === null ? null : round1(after) }, t);
      },
    };
    this.pending.set(e.id, pending);
    const settle = this.deps.healthSettleMs ?? HEALTH_SETTLE_MS;
    if (settle <= 0) pending.flush(null);
    else pending.timer = setTimeout(() => pending.flush(null), settle);
  }

  private mobDied(e: Entity): void {
    if (e.type === 'player' || this.died.has(e.id)) return;
    this.died.add(e.id);
    // The killing blow's hurt (vanilla sends it just before the death) ends at zero health.
    this.pending.get(e.id)?.flush(0);
    const t = this.deps.now();
    const by = this.agentId(this.attacks.attackerOf(e.id, t, KILL_ATTRIBUTION_TICKS));
    this.emit({ type: 'entity_died', entity: this.deps.idOf(e.id), entityType: entityTypeName(e), cause: by === null ? 'generic' : 'player', by, pos: plain(e.position) });
    this.attacks.forget(e.id);
    this.health.delete(e.id);
    this.lastHurt.delete(e.id);
  }

  private pickedUp(collector: Entity, collected: Entity): void {
    if (this.deps.agentWithId(collector.id) === null || this.collected.has(collected.id)) return;
    const stack = droppedItem(collected);
    // Without the item's metadata there is nothing to report; another bot's copy may have it.
    if (!stack) return;
    this.collected.add(collected.id);
    for (const h of this.held) if (h.item === stack.name && h.players.has(collector.id)) return;
    this.emit({ type: 'item_picked_up', by: collector.id, item: stack.name, count: stack.count, itemEntity: this.deps.idOf(collected.id) });
  }

  private skillEvent(agent: string, e: SkillWorldEvent): void {
    const id = this.deps.idOfAgent(agent);
    if (id === null) return;
    switch (e.type) {
      case 'item_crafted':
        this.emit({ type: 'item_crafted', by: id, item: e.item, count: e.count });
        return;
      case 'item_smelted':
        this.emit({ type: 'item_smelted', pos: e.pos, item: e.item, count: e.count });
        return;
      case 'item_taken':
      case 'item_deposited':
        this.emit({ type: e.type, by: id, pos: e.pos, item: e.item, count: e.count });
        return;
      case 'item_given':
        this.emit({ type: 'item_given', by: id, to: e.to, item: e.item, count: e.count });
        return;
      case 'player_ate':
        this.emit({ type: 'player_ate', player: id, item: e.item, food: e.food, saturation: e.saturation });
        return;
    }
  }

  private emitAs(agent: string, make: (by: number) => WorldEventInput): void {
    const id = this.deps.idOfAgent(agent);
    if (id !== null) this.emit(make(id));
  }

  private agentId(agent: string | null): number | null {
    return agent === null ? null : this.deps.idOfAgent(agent);
  }

  /** Emits one event in the union's shape, stamped with `tick` (default: now). */
  private emit(e: WorldEventInput, tick: number = this.deps.now()): void {
    if (this.closed) return;
    this.deps.emit({ ...e, tick });
  }

  private keep(undo: () => void): () => void {
    let done = false;
    const once = (): void => {
      if (done) return;
      done = true;
      undo();
    };
    this.detach.push(once);
    return once;
  }
}
