/**
 * Collaboration modes (S-Agents §3.3, Fig. 4) as turn gates over world work. Planning and talking
 * are never gated; only an agent's direct actions (skill calls) wait for their turn:
 *
 * - relay: one agent works at a time; the next starts only after the current one's action queue
 *   is empty (CoA-style hand-over, no parallelism).
 * - round: everyone with work starts together; an agent that finished waits until every agent of
 *   the round has finished, then the next round begins (an outer loop paced by the slowest agent).
 * - async: non-obstructive; every agent works as soon as it has work and reports when done.
 */
import { InputError } from '../core/errors.js';
import type { OrgKind } from './topology.js';

export const COLLABORATION_MODES = ['relay', 'round', 'async'] as const;
export type CollaborationMode = (typeof COLLABORATION_MODES)[number];

export interface TurnGate {
  readonly mode: CollaborationMode;
  /** Whether `agent` may start world work now; claims its turn when it may. */
  tryStart(agent: string): boolean;
  /** `agent` has no world work left (its queue emptied). Idempotent. */
  finish(agent: string): void;
  /** Times an agent was held back, and rounds completed (round mode). */
  stats(): { waits: number; rounds: number };
}

/** The paper's pairing: CoA relays, GoA works in rounds, ToA (and solo, centralized, distributed) is non-obstructive. */
export function defaultModeFor(kind: OrgKind): CollaborationMode {
  return kind === 'chain' ? 'relay' : kind === 'graph' ? 'round' : 'async';
}

export function parseCollaborationMode(name: string): CollaborationMode {
  if ((COLLABORATION_MODES as readonly string[]).includes(name)) return name as CollaborationMode;
  throw new InputError(`unknown collaboration mode '${name}'`, `use one of: ${COLLABORATION_MODES.join(', ')}`);
}

export function createTurnGate(mode: CollaborationMode): TurnGate {
  switch (mode) {
    case 'relay':
      return new RelayGate();
    case 'round':
      return new RoundGate();
    case 'async':
      return new AsyncGate();
  }
}

class AsyncGate implements TurnGate {
  readonly mode = 'async' as const;
  tryStart(): boolean {
    return true;
  }
  finish(): void {}
  stats() {
    return { waits: 0, rounds: 0 };
  }
}

/** A baton: the holder works; others queue in the order they asked. */
class RelayGate implements TurnGate {
  readonly mode = 'relay' as const;
  private holder: string | null = null;
  private readonly waiting: string[] = [];
  private waits = 0;

  tryStart(agent: string): boolean {
    if (this.holder === agent) return true;
    if (this.holder === null && (this.waiting.length === 0 || this.waiting[0] === agent)) {
      this.holder = agent;
      if (this.waiting[0] === agent) this.waiting.shift();
      return true;
    }
    if (!this.waiting.includes(agent)) this.waiting.push(agent);
    this.waits++;
    return false;
  }

  finish(agent: string): void {
    if (this.holder === agent) this.holder = null;
  }

  stats() {
    return { waits: this.waits, rounds: 0 };
  }
}

/** A barrier: a round ends when nobody who started in it is still working. */
class RoundGate implements TurnGate {
  readonly mode = 'round' as const;
  private readonly active = new Set<string>();
  private readonly done = new Set<string>();
  private rounds = 0;
  private waits = 0;

  tryStart(agent: string): boolean {
    if (this.active.has(agent)) return true;
    if (this.done.has(agent)) {
      this.waits++;
      return false;
    }
    this.active.add(agent);
    return true;
  }

  finish(agent: string): void {
    if (!this.active.delete(agent)) return;
    this.done.add(agent);
    if (this.active.size === 0) {
      this.rounds++;
      this.done.clear();
    }
  }

  stats() {
    return { waits: this.waits, rounds: this.rounds };
  }
}
