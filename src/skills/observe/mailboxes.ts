/**
 * Per-agent mailboxes fed from the world's event stream. Between two observations an agent may
 * be hurt, hear chat and sounds, die and respawn; the world reports these as events the moment
 * they happen, so they are filed here, per agent, and drained by the next observation. Chat and
 * sounds go through the senses' ChatRouter, so chat range, radio channels and distance falloff
 * decide who hears what — never the prompt.
 */
import type { HeardMessage, HeardSound, ObservedEvent, ObservedTouch } from '../../core/observation.js';
import type { Entity, Player, World, WorldEvent } from '../../world/index.js';
import { ChatRouter, type RadioChannel } from '../senses/hearing.js';
import { attackerName, hitSide } from '../senses/touch.js';
import { addEvent, fileHeardLine } from './heard-line.js';
import { EVENT_PRIORITY } from './priorities.js';

export interface MailboxOptions {
  /** Chat is heard within this many blocks; null = everywhere. */
  chatRange: number | null;
  /** Radio channels every agent may talk on, heard at any distance. */
  radioChannels?: readonly string[];
  /** Most entries kept per list per agent before the oldest (least urgent, for events) are dropped. */
  maxPerAgent?: number;
}

export interface Inbox {
  messages: HeardMessage[];
  sounds: HeardSound[];
  events: ObservedEvent[];
  /** Blows with a known source, felt through touch: the side they came from, who if the agent could know. */
  hits: ObservedTouch['hits'];
}

const DEFAULT_MAX = 200;

export class WorldMailboxes {
  private readonly boxes = new Map<string, Inbox>();
  /** Shared with the router's channels: every registered agent is a member of every radio channel. */
  private readonly members: string[] = [];
  /** Agents whose senses see everything (the oracle): they may name any attacker. */
  private readonly omniscient = new Set<string>();
  private readonly router: ChatRouter;
  private readonly max: number;
  private readonly off: () => void;

  constructor(private readonly world: World, options: MailboxOptions) {
    this.max = options.maxPerAgent ?? DEFAULT_MAX;
    const channels: RadioChannel[] = (options.radioChannels ?? []).map((channel) => ({ channel, members: this.members }));
    this.router = new ChatRouter(world, { chatRange: options.chatRange ?? Infinity, channels });
    this.off = world.onAny((e) => this.file(e));
  }

  /** Starts collecting for `name` (an agent joining). */
  register(name: string, senses: { omniscient?: boolean } = {}): void {
    if (senses.omniscient) this.omniscient.add(name);
    if (this.boxes.has(name)) return;
    this.boxes.set(name, { messages: [], sounds: [], events: [], hits: [] });
    this.members.push(name);
  }

  unregister(name: string): void {
    this.boxes.delete(name);
    this.omniscient.delete(name);
    const i = this.members.indexOf(name);
    if (i >= 0) this.members.splice(i, 1);
  }

  /** Adds an event from outside the world (a rejected action, a finished skill). */
  push(name: string, event: ObservedEvent): void {
    const box = this.boxes.get(name);
    if (box) this.addEvent(box, event);
  }

  /** Drains what `name` collected since the last call. */
  take(name: string): Inbox {
    const box = this.boxes.get(name);
    if (!box) return { messages: [], sounds: [], events: [], hits: [] };
    this.boxes.set(name, { messages: [], sounds: [], events: [], hits: [] });
    return box;
  }

  /** Stops listening to the world. */
  detach(): void {
    this.off();
  }

  private file(e: WorldEvent): void {
    switch (e.type) {
      case 'chat':
        for (const { to, heard } of this.router.routeChat(e)) {
          const box = this.boxes.get(to.name);
          if (!box) continue;
          fileHeardLine(box, to.name, { tick: e.tick, from: e.name, message: e.message, channel: e.channel, volume: heard.volume, speaker: e.from }, this.max);
        }
        return;
      case 'sound':
        for (const { to, heard } of this.router.routeSound(e)) {
          const box = this.boxes.get(to.name);
          if (box) bounded(box.sounds, { tick: e.tick, sound: e.sound, pos: roundPos(e.pos), volume: round2(heard.volume) }, this.max);
        }
        return;
      case 'entity_hurt': {
        const box = this.boxOfId(e.entity);
        if (box) {
          // The attacker is named only if the victim could know it (senses, issue 21); the side a
          // blow came from is felt whatever hit (touch, issue 14).
          const victim = this.world.entity(e.entity) as Player;
          const source = e.by !== null ? this.world.entity(e.by) : undefined;
          const who = attackerName(this.world, victim, source, this.omniscient.has(victim.name));
          const from = e.by !== null ? ` from ${who}` : '';
          this.addEvent(box, { tick: e.tick, type: 'hurt', text: `you took ${round1(e.amount)} damage (${e.cause}${from}); health ${round1(e.health)}`, priority: EVENT_PRIORITY.hurt });
          if (source) bounded(box.hits, { tick: e.tick, from: hitSide(victim, source.pos), by: who, amount: round1(e.amount) }, this.max);
        }
        return;
      }
      case 'shield_blocked':
      case 'shield_disabled': {
        const box = this.boxOfId(e.entity);
        if (!box) return;
        const victim = this.world.entity(e.entity) as Player;
        const source = e.by !== null ? this.world.entity(e.by) : undefined;
        const who = attackerName(this.world, victim, source, this.omniscient.has(victim.name));
        const text = e.type === 'shield_blocked' ? `your shield blocked ${round1(e.amount)} damage (${e.cause} from ${who})` : `an axe blow from ${who} knocked your shield aside for ${e.ticks} ticks`;
        this.addEvent(box, { tick: e.tick, type: e.type, text, priority: EVENT_PRIORITY.other });
        return;
      }
      case 'player_died': {
        const box = this.boxes.get(e.name);
        if (box) this.addEvent(box, { tick: e.tick, type: 'death', text: `you died (${e.cause}) and dropped your inventory`, priority: EVENT_PRIORITY.death });
        return;
      }
      case 'player_respawned': {
        const box = this.boxes.get(e.name);
        if (box) this.addEvent(box, { tick: e.tick, type: 'respawn', text: `you respawned at ${fmt(e.pos)}`, priority: EVENT_PRIORITY.other });
        return;
      }
      case 'item_given': {
        const box = this.boxOfId(e.to);
        if (box) this.addEvent(box, { tick: e.tick, type: 'item_received', text: `${this.describe(this.world.entity(e.by))} gave you ${e.count} ${e.item}`, priority: EVENT_PRIORITY.other });
        return;
      }
      case 'entity_died': {
        if (e.by === null || e.entityType === 'player') return;
        const box = this.boxOfId(e.by);
        if (box) this.addEvent(box, { tick: e.tick, type: 'kill', text: `you killed a ${e.entityType}`, priority: EVENT_PRIORITY.other });
        return;
      }
      case 'effect_added': {
        const box = this.boxOfId(e.entity);
        if (box) this.addEvent(box, { tick: e.tick, type: 'effect_added', text: `effect ${e.effect} ${e.amplifier + 1} started`, priority: EVENT_PRIORITY.other });
        return;
      }
      case 'effect_removed': {
        const box = this.boxOfId(e.entity);
        if (box) this.addEvent(box, { tick: e.tick, type: 'effect_removed', text: `effect ${e.effect} ended`, priority: EVENT_PRIORITY.other });
        return;
      }
      case 'tool_broken': {
        const box = this.boxOfId(e.by);
        if (box) this.addEvent(box, { tick: e.tick, type: 'tool_broken', text: `your ${e.item} broke`, priority: EVENT_PRIORITY.other });
        return;
      }
      case 'player_joined':
      case 'player_left':
        for (const [name, box] of this.boxes) {
          if (name === e.name) continue;
          this.addEvent(box, { tick: e.tick, type: e.type, text: `${e.name} ${e.type === 'player_joined' ? 'joined' : 'left'}`, priority: EVENT_PRIORITY.other });
        }
        return;
      default:
        return;
    }
  }

  private boxOfId(id: number): Inbox | undefined {
    const e = this.world.entity(id);
    return e && e.kind === 'player' ? this.boxes.get(e.name) : undefined;
  }

  private describe(e: Entity | undefined): string {
    if (!e) return 'something';
    return e.kind === 'player' ? (e as Player).name : `${e.type} #${e.id}`;
  }

  /** Keeps at most `max` events; an overflow drops the oldest of the least urgent. */
  private addEvent(box: Inbox, event: ObservedEvent): void {
    addEvent(box.events, event, this.max);
  }
}

function bounded<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length > max) list.splice(0, list.length - max);
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
const round2 = (n: number): number => Math.round(n * 100) / 100;
const roundPos = (p: { x: number; y: number; z: number }) => ({ x: round1(p.x), y: round1(p.y), z: round1(p.z) });
const fmt = (p: { x: number; y: number; z: number }): string => `${round1(p.x)},${round1(p.y)},${round1(p.z)}`;
