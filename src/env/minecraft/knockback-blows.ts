/**
 * Blows felt on servers before 1.19.4, which send no damage_event (touch, issue 14). What such a
 * server does send about a hit on the bot itself:
 * - the health update (always) and, from vanilla, the hurt status (entity_status 2) — that a blow landed;
 * - the knockback, as the bot's own entity_velocity: vanilla pushes the victim 0.4 away from the
 *   attacker (flying-squid 1.16.5 pushes it along victim − attacker + (0, 0.5, 0)), so the horizontal
 *   part of the velocity points away from whoever struck, and the side follows;
 * - the arm swing (animation 0) of the player or mob that struck — which names the attacker when
 *   exactly one entity swung near enough, on the side the knockback came from, just before the blow
 *   (a mob swings, then hits) or just after it (a 1.9+ client sends its attack, then its swing).
 *   A swing that arrives after the blow names it then (`swing` answers with the new attacker).
 * A hurt with no knockback (fall, fire, drowning, starving; a server that sends none) comes from no
 * side and stays the hurt event's alone; an attacker that did not swing, or several that did, stays
 * unknown ("something").
 */
import type { Vec3 } from '../../core/vec3.js';

/** A hurt and a knockback this many ticks apart are one blow (the server sends them in one tick; the network may split them). */
export const BLOW_PAIRING_TICKS = 4;
/** Vanilla's hurt window: no second knockback blow lands sooner, so signals closer than this are the same blow. */
const SAME_BLOW_TICKS = 10;
/** A swing counts toward a blow within this many ticks before it (a mob swings in the tick it hits). */
const SWING_TICKS = 10;
/** …or this many ticks after it (a player's client sends the swing right after the attack). */
const SWING_AFTER_TICKS = 3;
/** Horizontal velocity, in blocks per tick, below which a velocity update is no knockback (vanilla's is 0.4, halved at worst). */
const MIN_KNOCKBACK = 0.05;
/** An attacker must stand this close (blocks, feet to feet): melee reach plus a step of slack. */
const SWING_REACH = 5;
/** The protocol's velocity unit: 1/8000 block per tick. */
const VELOCITY_UNIT = 8000;
/** An attacker counts as on the knockback's side when its direction is within 60° of where the push came from. */
const SIDE_COS = 0.5;

export interface KnockbackBlow {
  /** Where the blow came from: the attacker's position, or a point one block against the knockback. */
  source: Vec3;
  /** The server id of the entity that struck, when exactly one swung from that side. */
  sourceId: number | null;
}

/** What the reader needs of the bot: where it stands now and where the other entities are. */
export interface BlowWitness {
  selfPosition(): Vec3 | undefined;
  entityPosition(id: number): Vec3 | undefined;
}

/** The latest blow, while a late swing may still name it. */
interface OpenBlow {
  tick: number;
  self: Vec3;
  fromX: number;
  fromZ: number;
  /** The swingers on its side so far (named only while there is exactly one). */
  swingers: Set<number>;
}

export class KnockbackBlows {
  private hurtAt = -Infinity;
  private knock: { tick: number; dx: number; dz: number } | null = null;
  private lastBlowAt = -Infinity;
  private readonly swings = new Map<number, number>();
  private open: OpenBlow | null = null;

  constructor(private readonly witness: BlowWitness) {}

  /** The bot's health dropped, or the server said it was hurt (entity_status 2). Returns the blow, if this completes one. */
  hurt(tick: number): KnockbackBlow | null {
    this.hurtAt = tick;
    return this.pair(tick);
  }

  /** The server set the bot's velocity (entity_velocity for the bot), in protocol units. */
  velocity(tick: number, v: Vec3): KnockbackBlow | null {
    const dx = v.x / VELOCITY_UNIT, dz = v.z / VELOCITY_UNIT;
    if (Math.hypot(dx, dz) < MIN_KNOCKBACK) return null;
    this.knock = { tick, dx, dz };
    return this.pair(tick);
  }

  /**
   * Another entity swung its arm (animation 0). When the swing names the latest blow after the fact
   * (or makes it ambiguous), returns that blow's attacker now: an id, or null for "something".
   */
  swing(tick: number, entityId: number): { sourceId: number | null } | null {
    this.swings.set(entityId, tick);
    if (this.swings.size > 64) for (const [id, t] of this.swings) if (tick - t > SWING_TICKS) this.swings.delete(id);
    const open = this.open;
    if (!open || tick - open.tick > SWING_AFTER_TICKS || open.swingers.has(entityId)) return null;
    if (!this.onSide(entityId, open.self, open.fromX, open.fromZ)) return null;
    open.swingers.add(entityId);
    return { sourceId: open.swingers.size === 1 ? entityId : null };
  }

  private pair(tick: number): KnockbackBlow | null {
    const k = this.knock;
    if (!k || Math.abs(k.tick - this.hurtAt) > BLOW_PAIRING_TICKS || tick - this.lastBlowAt < SAME_BLOW_TICKS) return null;
    const self = this.witness.selfPosition();
    if (!self) return null;
    this.lastBlowAt = tick;
    this.knock = null;
    const len = Math.hypot(k.dx, k.dz);
    const fromX = -k.dx / len, fromZ = -k.dz / len; // the push points away from the attacker
    const open: OpenBlow = { tick, self: { x: self.x, y: self.y, z: self.z }, fromX, fromZ, swingers: new Set() };
    this.open = open;
    let attacker: { id: number; pos: Vec3 } | null = null;
    for (const [id, t] of this.swings) {
      if (tick - t > SWING_TICKS) continue;
      const pos = this.onSide(id, self, fromX, fromZ);
      if (!pos) continue;
      open.swingers.add(id);
      attacker = { id, pos };
    }
    // Two candidates: the server did not say which.
    if (attacker && open.swingers.size === 1) return { source: attacker.pos, sourceId: attacker.id };
    return { source: { x: self.x + fromX, y: self.y, z: self.z + fromZ }, sourceId: null };
  }

  /** Where entity `id` is, if within reach of `self` on the side (fromX, fromZ) the push came from. */
  private onSide(id: number, self: Vec3, fromX: number, fromZ: number): Vec3 | null {
    const pos = this.witness.entityPosition(id);
    if (!pos) return null;
    const dx = pos.x - self.x, dz = pos.z - self.z;
    const d = Math.hypot(dx, dz);
    if (d > SWING_REACH || Math.abs(pos.y - self.y) > SWING_REACH) return null;
    if (d > 1e-6 && (dx * fromX + dz * fromZ) / d < SIDE_COS) return null;
    return pos;
  }
}
