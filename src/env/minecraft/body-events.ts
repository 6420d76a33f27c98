/**
 * What happens to an agent's own body between observations, from its bot's events: damage, death,
 * respawn, effects starting and ending. Each becomes a prioritised `ObservedEvent` (the numbers of
 * core/observation.ts) and, as plain JSON, a backend event for run logs.
 *
 * Blows (touch's `hits`) come from the server's damage_event on 1.19.4 and later; older servers send
 * none, and there the hurt, the knockback velocity and the attacker's swing tell the side and, when
 * they can, who (knockback-blows.ts).
 */
import type { Bot } from 'mineflayer';
import type { HitSide, ObservedEvent } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import { EVENT_PRIORITY } from '../../skills/observe/priorities.js';
import { hitSide } from '../../skills/senses/touch.js';
import { round1, yawDegrees } from './bot-geometry.js';
import { BLOW_PAIRING_TICKS, KnockbackBlows } from './knockback-blows.js';

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

/** Entity statuses a 1.16.5 server sends for a hurt (2 hurt, 33 thorns, 36 drowning, 37 burning, 44 sweet berry bush). */
const HURT_STATUSES: ReadonlySet<number> = new Set([2, 33, 36, 37, 44]);

type PacketSource = { on(e: string, f: (p: never) => void): void; off?(e: string, f: (p: never) => void): void };

/** Whether the bot's server version sends damage_event (added in 1.19.4). */
function sendsDamageEvent(bot: Bot): boolean {
  const version = (bot.registry as unknown as { version?: { '>='?: (v: string) => boolean } }).version;
  return version?.['>=']?.('1.19.4') ?? true;
}

export class BodyEvents {
  private events: ObservedEvent[] = [];
  private hits: FeltHit[] = [];
  /** The latest blow, until the health update that follows it says how much it took. */
  private unpaid: FeltHit | null = null;
  /** The latest health drop, for a blow whose knockback arrives after it (flying-squid's order). */
  private lastDrop: { tick: number; amount: number } | null = null;
  /** Reads blows from hurts, knockback and swings, on servers with no damage_event. */
  private readonly knockback: KnockbackBlows | null;
  /** The latest blow read from a knockback, which a late swing may still name. */
  private lastKnockHit: FeltHit | null = null;
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
        else this.lastDrop = { tick: this.now(), amount };
        this.unpaid = null;
        this.push('hurt', `you took ${amount} damage; health ${round1(health)}`, EVENT_PRIORITY.hurt, { amount, health: round1(health) });
        this.feelKnockback(this.knockback?.hurt(this.now()));
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
    const client = (bot as unknown as { _client?: PacketSource })._client;
    this.knockback = client && !sendsDamageEvent(bot)
      ? new KnockbackBlows({ selfPosition: () => bot.entity?.position, entityPosition: (id) => bot.entities[id]?.position })
      : null;
    if (client) {
      const on = <P>(name: string, f: (p: P) => void): void => {
        client.on(name, f as (p: never) => void);
        this.detach.push(() => client.off?.(name, f as (p: never) => void));
      };
      on<DamageEventPacket>('damage_event', (p) => this.onDamage(p));
      const legacy = this.knockback;
      if (legacy) {
        const self = (id: number): boolean => bot.entity !== undefined && bot.entity !== null && id === bot.entity.id;
        on<{ entityId: number; entityStatus: number }>('entity_status', (p) => {
          if (self(p.entityId) && HURT_STATUSES.has(p.entityStatus)) this.feelKnockback(legacy.hurt(this.now()));
        });
        on<{ entityId: number; velocity: Vec3 }>('entity_velocity', (p) => {
          if (self(p.entityId) && p.velocity) this.feelKnockback(legacy.velocity(this.now(), p.velocity));
        });
        on<{ entityId: number; animation: number }>('animation', (p) => {
          if (p.animation !== 0 || self(p.entityId)) return;
          const named = legacy.swing(this.now(), p.entityId);
          if (named && this.lastKnockHit) this.lastKnockHit.sourceId = named.sourceId;
        });
      }
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
    this.lastDrop = null; // the server sends this event before its own health update
    this.feel(source, causeId);
  }

  /** A blow read from the knockback (servers before 1.19.4), if the last signal completed one. */
  private feelKnockback(blow: { source: Vec3; sourceId: number | null } | null | undefined): void {
    if (blow) this.lastKnockHit = this.feel(blow.source, blow.sourceId);
  }

  /** Records a blow from `source`; its amount is the health drop just before it, or the next one. */
  private feel(source: Vec3, sourceId: number | null): FeltHit | null {
    const self = this.bot.entity;
    if (!self) return null;
    const tick = this.now();
    const hit: FeltHit = { tick, from: hitSide({ pos: self.position, yaw: yawDegrees(self.yaw) }, source), sourceId, amount: 0 };
    this.hits.push(hit);
    if (this.hits.length > 100) this.hits.shift();
    const drop = this.lastDrop;
    this.lastDrop = null;
    if (drop && tick - drop.tick <= BLOW_PAIRING_TICKS) hit.amount = drop.amount;
    else this.unpaid = hit;
    return hit;
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
