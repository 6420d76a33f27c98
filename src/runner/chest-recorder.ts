/**
 * Writes `chest` records (core/run-records.ts) into the run log: what a chest or barrel holds after each change, so
 * a viewer can show any chest's contents at any tick of a recorded episode (and the live stream can send them).
 *
 * Which chests: the scenario's (set up by the task) and every container an agent deposits into or takes from (the
 * world's `item_deposited` / `item_taken` events name it). When: on those events, at once (the embedded world emits
 * them right after the move, so the contents read then are exactly the contents at the event's tick); and at every
 * `poll`, for every chest known so far, which catches the changes no event names (a task event refilling a chest, an
 * evaluator emptying a counter, a chest broken). A record is written only when the contents differ from the chest's
 * last record, so a log holds one record per real change (two deposits in one tick make two; the later one counts).
 */
import type { Vec3 } from '../core/vec3.js';
import type { ChestRecord } from '../core/run-records.js';
import type { WorldEvent } from '../core/world-event.js';
import type { WorldBackend } from '../env/backend.js';
import type { WorldAdmin } from '../env/world-admin.js';
import type { RunLogSink } from './run-log.js';

/** Ticks between two polls of every known chest in async mode (sync mode polls after every step). */
export const CHEST_POLL_TICKS = 20;

export class ChestRecorder {
  /** `x,y,z` → the position and the contents last written (`null`: written as no container). */
  private readonly known = new Map<string, { pos: Vec3; last: string | undefined }>();
  private lastPoll = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly admin: Pick<WorldAdmin, 'chestContents'>,
    private readonly log: RunLogSink,
    chests: readonly Vec3[],
  ) {
    for (const pos of chests) this.track(pos);
  }

  /** Hears one world event; deposits, takes and a known chest broken are recorded at the event's tick. */
  event(e: WorldEvent): void {
    if (e.type === 'item_deposited' || e.type === 'item_taken') this.check(this.track(e.pos), e.tick);
    else if (e.type === 'block_broken' || e.type === 'block_placed') {
      const k = this.known.get(key(e.pos));
      if (k) this.check(k, e.tick);
    }
  }

  /** Records every known chest whose contents changed since its last record; `every` ticks at most (0: now). */
  poll(tick: number, every = 0): void {
    if (tick - this.lastPoll < every) return;
    this.lastPoll = tick;
    for (const k of this.known.values()) this.check(k, tick);
  }

  private track(pos: Vec3): { pos: Vec3; last: string | undefined } {
    const p = { x: Math.floor(pos.x), y: Math.floor(pos.y), z: Math.floor(pos.z) };
    const k = key(p);
    let entry = this.known.get(k);
    if (!entry) {
      entry = { pos: p, last: undefined };
      this.known.set(k, entry);
    }
    return entry;
  }

  private check(entry: { pos: Vec3; last: string | undefined }, tick: number): void {
    const contents = this.admin.chestContents(entry.pos);
    const items: ChestRecord['items'] = contents
      ? Object.entries(contents)
          .filter(([, n]) => n > 0)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([name, count]) => ({ name, count }))
      : null;
    // A position that never held a container (a furnace an agent fed) is not a chest: nothing to write.
    if (items === null && entry.last === undefined) return;
    const text = JSON.stringify(items);
    if (text === entry.last) return;
    entry.last = text;
    this.log.write({ type: 'chest', tick, pos: { ...entry.pos }, items });
  }
}

const key = (p: Vec3): string => `${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`;

/**
 * Starts recording a world backend's chests into `log` (after the task's set-up: the first poll writes the chests as
 * the episode starts with them). `poll` after each step; `stop` at the end (a last poll, then it stops listening).
 */
export function recordChests(backend: WorldBackend, log: RunLogSink, scenario: unknown): { poll(every?: number): void; stop(): void } {
  const listed = (scenario as { chests?: { pos: Vec3 }[] } | null)?.chests ?? [];
  const recorder = new ChestRecorder(backend.admin, log, listed.map((c) => c.pos));
  recorder.poll(backend.tick);
  const off = backend.onEvent((e) => recorder.event(e));
  return {
    poll: (every) => recorder.poll(backend.tick, every),
    stop: () => {
      off();
      recorder.poll(backend.tick);
    },
  };
}
