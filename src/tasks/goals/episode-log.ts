/**
 * What evaluators need from the world's event stream, kept as it arrives from WorldBackend.onEvent:
 * which entity id is which agent, kills, deaths, damage dealt, the items each agent ever obtained,
 * and the behaviour sequence MineLand's stage performance compares against its script.
 * Events are plain JSON, so this works the same for every backend that reports them.
 */
import type { WorldAdmin } from '../../env/world-admin.js';

export interface WorldEventJson {
  type: string;
  tick: number;
  [key: string]: unknown;
}

export interface Kill {
  tick: number;
  victim: number;
  victimType: string;
  /** Agent name of the killer, or null when it was not an agent (lava, another mob). */
  by: string | null;
}

/** One observed behaviour: `Bob chat 'Hello'`, `Alice get shears`, `pig died`. */
export interface Behaviour {
  tick: number;
  actor: string;
  action: string;
  object?: string;
  text?: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

export class EpisodeLog {
  private readonly names = new Map<number, string>();
  readonly kills: Kill[] = [];
  readonly deaths: { tick: number; name: string; cause: string }[] = [];
  /** Entity id -> damage dealt to it by each agent. */
  readonly damage = new Map<number, Map<string, number>>();
  /**
   * Entity id -> hits landed on it by each agent. Some servers never say how much a hit took
   * (`entity_hurt` with `amount: null`), so shares of the hits are what is left to credit there.
   */
  readonly hits = new Map<number, Map<string, number>>();
  /** Agent -> item names it ever held (picked up, crafted, taken, given, or seen in its inventory). */
  readonly obtained = new Map<string, Set<string>>();
  /** Agent -> item -> count deposited into containers. */
  readonly deposited = new Map<string, Map<string, number>>();
  readonly behaviours: Behaviour[] = [];
  eventCount = 0;

  /** Learns the ids of the agents already in the world (they joined before we subscribed). */
  prime(admin: WorldAdmin): void {
    for (const e of admin.entities({ type: 'player' })) if (e.name !== undefined) this.names.set(e.id, e.name);
    this.noteInventories(admin);
  }

  /** Records what agents hold now (items given by /give or set-up count as obtained). */
  noteInventories(admin: WorldAdmin): void {
    for (const p of admin.players()) for (const [item, n] of Object.entries(p.inventory)) if (n > 0) this.obtain(p.name, item);
  }

  nameOf(id: unknown): string | null {
    return typeof id === 'number' ? (this.names.get(id) ?? null) : null;
  }

  record(e: WorldEventJson): void {
    this.eventCount++;
    switch (e.type) {
      case 'player_joined': {
        const id = num(e.player);
        const name = str(e.name);
        if (id !== null && name !== null) this.names.set(id, name);
        return;
      }
      case 'chat': {
        const name = this.nameOf(e.from);
        const message = str(e.message);
        if (name && message !== null) this.behave(e.tick, name, 'chat', undefined, message);
        return;
      }
      case 'item_picked_up':
      case 'item_taken':
      case 'item_crafted': {
        const name = this.nameOf(e.by);
        const item = str(e.item);
        if (!name || !item) return;
        this.obtain(name, item);
        this.behave(e.tick, name, 'get', item);
        if (e.type === 'item_crafted') this.behave(e.tick, name, 'craft', item);
        return;
      }
      case 'item_given': {
        const from = this.nameOf(e.by);
        const to = this.nameOf(e.to);
        const item = str(e.item);
        if (!item) return;
        if (from) this.behave(e.tick, from, 'give', item);
        if (to) {
          this.obtain(to, item);
          this.behave(e.tick, to, 'get', item);
        }
        return;
      }
      case 'item_deposited': {
        const name = this.nameOf(e.by);
        const item = str(e.item);
        const count = num(e.count) ?? 0;
        if (!name || !item) return;
        const m = this.deposited.get(name) ?? new Map<string, number>();
        m.set(item, (m.get(item) ?? 0) + count);
        this.deposited.set(name, m);
        return;
      }
      case 'player_ate': {
        const name = this.nameOf(e.player);
        const item = str(e.item);
        if (name && item) this.behave(e.tick, name, 'eat', item);
        return;
      }
      case 'block_placed':
      case 'block_broken': {
        const name = this.nameOf(e.by);
        const block = str(e.block);
        if (name && block) this.behave(e.tick, name, e.type === 'block_placed' ? 'place' : 'break', block);
        return;
      }
      case 'entity_hurt': {
        const by = this.nameOf(e.by);
        const id = num(e.entity);
        if (!by || id === null) return;
        const m = this.damage.get(id) ?? new Map<string, number>();
        m.set(by, (m.get(by) ?? 0) + (num(e.amount) ?? 0));
        this.damage.set(id, m);
        const h = this.hits.get(id) ?? new Map<string, number>();
        h.set(by, (h.get(by) ?? 0) + 1);
        this.hits.set(id, h);
        return;
      }
      case 'entity_died': {
        const id = num(e.entity);
        const type = str(e.entityType) ?? 'unknown';
        const by = this.nameOf(e.by);
        if (id === null) return;
        if (type === 'player') return; // player deaths come as player_died, with the name
        this.kills.push({ tick: e.tick, victim: id, victimType: type, by });
        this.behave(e.tick, type, 'died');
        if (by) this.behave(e.tick, by, 'kill', type);
        return;
      }
      case 'player_died': {
        const name = str(e.name);
        if (!name) return;
        this.deaths.push({ tick: e.tick, name, cause: str(e.cause) ?? 'generic' });
        this.behave(e.tick, name, 'died');
        return;
      }
      default:
        return;
    }
  }

  private obtain(name: string, item: string): void {
    const s = this.obtained.get(name) ?? new Set<string>();
    s.add(item);
    this.obtained.set(name, s);
  }

  private behave(tick: number, actor: string, action: string, object?: string, text?: string): void {
    this.behaviours.push({ tick, actor, action, ...(object === undefined ? {} : { object }), ...(text === undefined ? {} : { text }) });
  }
}
