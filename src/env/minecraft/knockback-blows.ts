/**
 * Blows felt on servers before 1.19.4, which send no damage_event (touch, issue 14). What such a
 * server does send about a hit on the bot itself:
 * - the health update (always) and, from vanilla, the hurt status (entity_status 2) — that a blow landed;
 * - the knockback, as the bot's own entity_velocity: vanilla pushes the victim 0.4 away from the
 *   attacker (flying-squid 1.16.5 pushes it along victim − attacker + (0, 0.5, 0)), so the horizontal
 *   part of the velocity points away from whoever struck, and the side follows;
 * - the arm swing (animation 0) of the player or mob that struck, to everyone near but the victim's
 *   own client excepted — which names the attacker when exactly that entity swung just before, near
 *   enough and on the side the knockback came from.
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

export class KnockbackBlows {
  private hurtAt = -Infinity;
  private knock: { tick: number; dx: number; dz: number } | null = null;
  private lastBlowAt = -Infinity;
  private readonly swings = new Map<number, number>();

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

  /** Another entity swung its arm (animation 0). */
  swing(tick: number, entityId: number): void {
    this.swings.set(entityId, tick);
    if (this.swings.size > 64) for (const [id, t] of this.swings) if (tick - t > SWING_TICKS) this.swings.delete(id);
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
    const attacker = this.swingerFrom(self, fromX, fromZ, tick);
    if (attacker) return { source: attacker.pos, sourceId: attacker.id };
    return { source: { x: self.x + fromX, y: self.y, z: self.z + fromZ }, sourceId: null };
  }

  /** The one entity that swung lately, within reach, on the side the push came from; null when none or several. */
  private swingerFrom(self: Vec3, fromX: number, fromZ: number, tick: number): { id: number; pos: Vec3 } | null {
    let found: { id: number; pos: Vec3 } | null = null;
    for (const [id, t] of this.swings) {
      if (tick - t > SWING_TICKS) continue;
      const pos = this.witness.entityPosition(id);
      if (!pos) continue;
      const dx = pos.x - self.x, dz = pos.z - self.z;
      const d = Math.hypot(dx, dz);
      if (d > SWING_REACH || Math.abs(pos.y - self.y) > SWING_REACH) continue;
      if (d > 1e-6 && (dx * fromX + dz * fromZ) / d < SIDE_COS) continue;
      if (found) return null; // two candidates: the server did not say which
      found = { id, pos };
    }
    return found;
  }
}
