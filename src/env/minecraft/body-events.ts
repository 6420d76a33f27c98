/**
 * What happens to an agent's own body between observations, from its bot's events: damage, death,
 * respawn, effects starting and ending. Each becomes a prioritised `ObservedEvent` (the numbers of
 * core/observation.ts) and, as plain JSON, a backend event for run logs.
 */
import type { Bot } from 'mineflayer';
import type { ObservedEvent } from '../../core/observation.js';
import { EVENT_PRIORITY } from '../../skills/observe/priorities.js';
import { round1 } from './bot-geometry.js';

export type BackendEvent = { type: string; tick: number } & Record<string, unknown>;

export class BodyEvents {
  private events: ObservedEvent[] = [];
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
    const effectName = (id: number): string => effectNameOf(bot, id);
    // `entity` (the bot's server id) and the effect's level and length give the embedded world's shape too.
    this.listen('entityEffect', (entity: { id: number }, effect: { id: number; amplifier: number; duration?: number }) => {
      if (entity.id === bot.entity?.id) this.push('effect_added', `effect ${effectName(effect.id)} ${effect.amplifier + 1} started`, EVENT_PRIORITY.other, { entity: entity.id, effect: effectName(effect.id), amplifier: effect.amplifier, durationTicks: effect.duration ?? null });
    });
    this.listen('entityEffectEnd', (entity: { id: number }, effect: { id: number }) => {
      if (entity.id === bot.entity?.id) this.push('effect_removed', `effect ${effectName(effect.id)} ended`, EVENT_PRIORITY.other, { entity: entity.id, effect: effectName(effect.id) });
    });
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
