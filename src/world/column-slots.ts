/**
 * A direct-mapped cache of chunk columns in front of a `Map` keyed by `columnKey`: a block read
 * finds its column by the low bits of (cx, cz) and two integer compares instead of a `Map.get`.
 *
 * Why: every rule that reads blocks per entity (movement, fire, the bench agents' look-ahead, the
 * mob AI) reads a few blocks of one column and moves on to the next entity, in another column, so
 * the block store's one-column memo misses once per entity per rule, ~100,000 times a tick at
 * 10,000 agents; `columnKey` is beyond a small integer, so each of those `Map.get`s boxes its key
 * and hashes a double (~40 ns against ~10 ns here, measured in isolation). 64 × 64 slots cover a
 * 1,024-block square with no two columns sharing a slot; farther columns only evict each other.
 * It holds nothing a `Map.get` would not return: a slot is filled from the map and checked by its
 * own column coordinates, so results never depend on it.
 */
const BITS = 6;
const MASK = (1 << BITS) - 1;
const SLOTS = 1 << (2 * BITS);

const slotOf = (cx: number, cz: number): number => ((cx & MASK) << BITS) | (cz & MASK);

export class ColumnSlots<T> {
  private readonly cxs = new Int32Array(SLOTS);
  private readonly czs = new Int32Array(SLOTS);
  private readonly values: (T | null)[] = new Array<T | null>(SLOTS).fill(null);

  /** The column cached for (cx, cz), or null when its slot holds another column or none. */
  get(cx: number, cz: number): T | null {
    const i = slotOf(cx, cz);
    const v = this.values[i]!;
    return v !== null && this.cxs[i] === cx && this.czs[i] === cz ? v : null;
  }

  /** Caches `value` as column (cx, cz), evicting whatever shared its slot. */
  put(cx: number, cz: number, value: T): void {
    const i = slotOf(cx, cz);
    this.cxs[i] = cx;
    this.czs[i] = cz;
    this.values[i] = value;
  }
}
