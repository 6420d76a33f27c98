/**
 * Who attacked what, for crediting damage and kills on a real server. A server tells clients that
 * an entity was hurt or died but not by whom (before 1.20's damage_event), so the backend notes
 * every attack an agent's bot sends and credits a hurt or a death to the agent whose attack on that
 * entity came last within a window. The death window follows vanilla, which credits a kill to a
 * player who hit the mob within the last 100 ticks (LivingEntity.lastHurtByPlayerTime).
 */

/** A hurt is the answer to an attack within a second (a server answers a hit in a few ticks). */
export const HURT_ATTRIBUTION_TICKS = 20;
/** Vanilla's lastHurtByPlayer memory. */
export const KILL_ATTRIBUTION_TICKS = 100;

interface Attack {
  agent: string;
  tick: number;
}

export class AttackLog {
  /** Server entity id -> the latest attack on it. */
  private readonly last = new Map<number, Attack>();

  note(agent: string, target: number, tick: number): void {
    this.last.set(target, { agent, tick });
  }

  /** The agent whose attack on `target` came last, if within `windowTicks` of `tick`. */
  attackerOf(target: number, tick: number, windowTicks: number): string | null {
    const a = this.last.get(target);
    return a && tick - a.tick <= windowTicks ? a.agent : null;
  }

  /** Forgets an entity (it died or left): ids are not reused, so this only bounds memory. */
  forget(target: number): void {
    this.last.delete(target);
  }

  clear(): void {
    this.last.clear();
  }
}
