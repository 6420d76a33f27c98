/**
 * What happens to an agent's own body between observations, from its bot's events: damage, death,
 * respawn, effects starting and ending. Each becomes a prioritised `ObservedEvent` (the numbers of
 * core/observation.ts) and, as plain JSON, a backend event for run logs.
 */
import type { Bot } from 'mineflayer';
import type { HitSide, ObservedEvent } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import { EVENT_PRIORITY } from '../../skills/observe/priorities.js';
import { hitSide } from '../../skills/senses/touch.js';
import { round1, yawDegrees } from './bot-geometry.js';

export type BackendEvent = { type: string; tick: number } & Record<string, unknown>;

/** A blow the body felt: the side it came from as the bot faced, the server id of whoever dealt it, how much. */
export interface FeltHit {
  tick: number;
  from: HitSide;
  sourceId: number | null;
  amount: number;
}

/** The server's damage_event (1.19.4+): entity ids are sent plus one, 0 for none. */
interface DamageEventPacket {
  entityId: number;
  sourceCauseId: number;
  sourceDirectId: number;
  sourcePosition?: Vec3 | null;
}

export class BodyEvents {
  private events: ObservedEvent[] = [];
  private hits: FeltHit[] = [];
  /** The latest blow, until the health update that follows it says how much it took. */
  private unpaid: FeltHit | null = null;
  private lastHealth: number;
  deaths = 0;
  private readonly detach: (() => void)[] = [];

  constructor(
    private readonly agent: string,
    private readonly bot: Bot,
    private readonly now: () => number,
    private readonly emit: (e: BackendEvent) => void,
  ) {
    this.lastHealth = bot.health;
    this.listen('health', () => {
      const health = bot.health;
      if (health < this.lastHealth && health > 0) {
        const amount = round1(this.lastHealth - health);
        if (this.unpaid) this.unpaid.amount = amount;
        this.unpaid = null;
        this.push('hurt', `you took ${amount} damage; health ${round1(health)}`, EVENT_PRIORITY.hurt, { amount, health: round1(health) });
      }
      this.lastHealth = health;
    });
    this.listen('death', () => {
      this.deaths++;
      this.push('death', 'you died and dropped your inventory', EVENT_PRIORITY.death, {});
    });
    this.listen('respawn', () => {
      this.lastHealth = bot.health;
      this.push('respawn', 'you respawned', EVENT_PRIORITY.other, {});
    });
    const client = (bot as unknown as { _client?: { on(e: string, f: (p: DamageEventPacket) => void): void; off?(e: string, f: (p: DamageEventPacket) => void): void } })._client;
    if (client) {
      const onDamage = (p: DamageEventPacket): void => this.onDamage(p);
      client.on('damage_event', onDamage);
      this.detach.push(() => client.off?.('damage_event', onDamage));
    }
    const effectName = (id: number): string => effectNameOf(bot, id);
    // `entity` (the bot's server id) and the effect's level and length give the embedded world's shape too.
    this.listen('entityEffect', (entity: { id: number }, effect: { id: number; amplifier: number; duration?: number }) => {
      if (entity.id === bot.entity?.id) this.push('effect_added', `effect ${effectName(effect.id)} ${effect.amplifier + 1} started`, EVENT_PRIORITY.other, { entity: entity.id, effect: effectName(effect.id), amplifier: effect.amplifier, durationTicks: effect.duration ?? null });
    });
    this.listen('entityEffectEnd', (entity: { id: number }, effect: { id: number }) => {
      if (entity.id === bot.entity?.id) this.push('effect_removed', `effect ${effectName(effect.id)} ended`, EVENT_PRIORITY.other, { entity: entity.id, effect: effectName(effect.id) });
    });
  }

  /** Blows since the last call, oldest first (touch's `hits`). */
  takeHits(): FeltHit[] {
    const out = this.hits;
    this.hits = [];
    return out;
  }

  /**
   * A blow with a source felt from a side (touch, issue 14). The server sends the damage event before
   * the health update, so the amount is filled in when that arrives. A blow with no source (a fall,
   * fire, drowning) comes from no side and is left to the hurt event.
   */
  private onDamage(p: DamageEventPacket): void {
    const self = this.bot.entity;
    if (!self || p.entityId !== self.id) return;
    const directId = p.sourceDirectId > 0 ? p.sourceDirectId - 1 : null;
    const causeId = p.sourceCauseId > 0 ? p.sourceCauseId - 1 : directId;
    const at = (id: number | null): Vec3 | undefined => (id === null ? undefined : this.bot.entities[id]?.position);
    const source = at(directId) ?? p.sourcePosition ?? at(causeId);
    if (!source) return;
    const hit: FeltHit = { tick: this.now(), from: hitSide({ pos: self.position, yaw: yawDegrees(self.yaw) }, source), sourceId: causeId, amount: 0 };
    this.hits.push(hit);
    if (this.hits.length > 100) this.hits.shift();
    this.unpaid = hit;
  }

  take(): ObservedEvent[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  close(): void {
    for (const d of this.detach.splice(0)) d();
  }

  private push(type: string, text: string, priority: number, data: Record<string, unknown>): void {
    const tick = this.now();
    this.events.push({ tick, type, text, priority });
    if (this.events.length > 100) this.events.shift();
    this.emit({ type, tick, agent: this.agent, ...data });
  }

  private listen(event: string, fn: (...args: never[]) => void): void {
    const emitter = this.bot as unknown as { on(e: string, f: (...a: never[]) => void): void; off(e: string, f: (...a: never[]) => void): void };
    emitter.on(event, fn);
    this.detach.push(() => emitter.off(event, fn));
  }
}

/** minecraft-data effect names are PascalCase (`FireResistance`); guildcraft uses snake_case. */
export function effectNameOf(bot: Bot, id: number): string {
  const raw = (bot.registry as unknown as { effects: Record<number, { name: string } | undefined> }).effects[id]?.name ?? `effect_${id}`;
  return raw.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
