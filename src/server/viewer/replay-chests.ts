/**
 * What every chest of a recorded episode holds at any tick, from the log's `chest` records (runner/chest-recorder.ts).
 *
 * Each record is a chest's whole contents after a change, so every record is a keyframe: the chest at tick T is its
 * latest record at or before T (found by binary search over that chest's records), with nothing to apply or undo and
 * no copies kept beyond the records themselves. A log written before the record existed has none: the page then finds
 * chest blocks it has no contents for and says their contents were not recorded, rather than showing empty chests.
 */
import type { LogRecord } from '../../runner/run-log.js';

/** A chest's contents at a tick: its position and its stacks by item name. */
export interface ChestAtTick {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly items: readonly { name: string; count: number }[];
}

interface ChestHistory {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** Ticks of the records, ascending (a later record at the same tick comes later). */
  readonly ticks: number[];
  /** The contents each record gave; null: no container there from that tick. */
  readonly items: (ChestAtTick['items'] | null)[];
}

export class ReplayChests {
  private readonly chests = new Map<string, ChestHistory>();

  constructor(records: readonly LogRecord[]) {
    const rows: { tick: number; order: number; x: number; y: number; z: number; items: ChestAtTick['items'] | null }[] = [];
    records.forEach((r, order) => {
      if (r.type !== 'chest' || typeof r.tick !== 'number') return;
      const pos = r.pos as { x?: unknown; y?: unknown; z?: unknown } | undefined;
      if (!pos || typeof pos.x !== 'number' || typeof pos.y !== 'number' || typeof pos.z !== 'number') return;
      const items = Array.isArray(r.items) ? (r.items as { name: unknown; count: unknown }[]).map((i) => ({ name: String(i.name), count: Number(i.count) })) : null;
      rows.push({ tick: r.tick, order, x: pos.x, y: pos.y, z: pos.z, items });
    });
    // Records are written as changes happen, but a deposit is logged at its own tick, which a poll's record of another
    // chest may follow in the file: order by tick, then by place in the log.
    rows.sort((a, b) => a.tick - b.tick || a.order - b.order);
    for (const row of rows) {
      const k = `${row.x},${row.y},${row.z}`;
      let h = this.chests.get(k);
      if (!h) {
        h = { x: row.x, y: row.y, z: row.z, ticks: [], items: [] };
        this.chests.set(k, h);
      }
      h.ticks.push(row.tick);
      h.items.push(row.items);
    }
  }

  /** Every chest at `tick` with what it holds then (chests not yet recorded or gone by then are left out). */
  at(tick: number): ChestAtTick[] {
    const out: ChestAtTick[] = [];
    for (const h of this.chests.values()) {
      const i = lastAtOrBefore(h.ticks, tick);
      const items = i < 0 ? null : h.items[i]!;
      if (items) out.push({ x: h.x, y: h.y, z: h.z, items });
    }
    return out;
  }
}

/** Index of the last entry of ascending `ticks` that is ≤ `tick`, or -1. */
function lastAtOrBefore(ticks: readonly number[], tick: number): number {
  let lo = 0;
  let hi = ticks.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ticks[mid]! <= tick) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
