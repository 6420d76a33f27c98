/**
 * Block storage: chunk columns of 24 sections (y -64..319), each section a Uint16Array of 4096
 * block-state ids, allocated only when something non-air is written. Columns are generated lazily
 * by the terrain generator the first time anything reads or writes them.
 *
 * Worker threads never read these arrays: the main thread writes them while a sight worker computes
 * the previous tick's observations (docs/world-performance.md, "Overlap"), so a worker keeps its own
 * copy (`world/parallel/`). `watchSections` tells the feed of such a copy about every column
 * generated and every section allocated after it attached.
 */
import { MIN_Y, WORLD_HEIGHT, MAX_Y, type ColumnWriter, type TerrainGenerator } from './terrain/generator.js';
import { ColumnSlots } from './column-slots.js';

const SECTIONS = WORLD_HEIGHT / 16;
/** Block states in a section (16 × 16 × 16). */
const SECTION_BLOCKS = 4096;

/** Told about storage that appeared: a column just generated (all its sections), or one new section of an older column. */
export interface SectionWatcher {
  column(cx: number, cz: number, sections: readonly (Uint16Array | null)[]): void;
  section(cx: number, cz: number, sy: number, section: Uint16Array): void;
}
/** One number per chunk column (shared with the worker-side replica). */
export const columnKey = (cx: number, cz: number): number => (cx + 2097152) * 4194304 + (cz + 2097152);

class Column implements ColumnWriter {
  readonly sections: (Uint16Array | null)[] = new Array<Uint16Array | null>(SECTIONS).fill(null);
  /** False while the generator fills it: its sections are reported with the whole column, not one by one. */
  generated = false;

  constructor(private readonly store: BlockStore, readonly cx: number, readonly cz: number) {}

  get(lx: number, y: number, lz: number): number {
    if (y < MIN_Y || y > MAX_Y) return 0;
    const sy = y - MIN_Y;
    const sec = this.sections[sy >> 4];
    if (!sec) return 0;
    return sec[((sy & 15) << 8) | (lz << 4) | lx]!;
  }

  set(lx: number, y: number, lz: number, state: number): void {
    if (y < MIN_Y || y > MAX_Y) return;
    const sy = y - MIN_Y;
    let sec = this.sections[sy >> 4];
    if (!sec) {
      if (state === 0) return;
      sec = this.sections[sy >> 4] = new Uint16Array(SECTION_BLOCKS);
      if (this.generated) this.store.sectionAllocated(this, sy >> 4, sec);
    }
    sec[((sy & 15) << 8) | (lz << 4) | lx] = state;
  }
}

export class BlockStore {
  private readonly columns = new Map<number, Column>();
  /** The columns read lately, found without a `Map.get` (column-slots.ts). */
  private readonly recent = new ColumnSlots<Column>();
  private sectionWatchers: readonly SectionWatcher[] = [];

  constructor(readonly generator: TerrainGenerator) {}

  private column(cx: number, cz: number): Column {
    const cached = this.recent.get(cx, cz);
    if (cached !== null) return cached;
    const key = columnKey(cx, cz);
    let col = this.columns.get(key);
    if (!col) {
      col = new Column(this, cx, cz);
      this.generator.generateColumn(cx, cz, col);
      col.generated = true;
      this.columns.set(key, col);
      for (const w of this.sectionWatchers) w.column(cx, cz, col.sections);
    }
    this.recent.put(cx, cz, col);
    return col;
  }

  /** Block-state id at integer coordinates (0, air, outside the build height). */
  get(x: number, y: number, z: number): number {
    if (y < MIN_Y || y > MAX_Y) return 0;
    return this.column(x >> 4, z >> 4).get(x & 15, y, z & 15);
  }

  set(x: number, y: number, z: number, state: number): void {
    this.column(x >> 4, z >> 4).set(x & 15, y, z & 15, state);
  }

  /**
   * The 24 sections of chunk column (cx, cz), bottom up (null: all air), each indexed (y & 15) << 8 | z << 4 | x;
   * generates the column if needed. Read-only: a reader that copies whole chunks (the viewer) skips 98,304 `get`s.
   */
  sectionsOf(cx: number, cz: number): readonly (Readonly<Uint16Array> | null)[] {
    return this.column(cx, cz).sections;
  }

  /**
   * Reports every column generated and every section allocated from now on; the columns generated
   * before are visited once (`forEachColumn`) by whoever needs them. Returns the unsubscribe.
   */
  watchSections(watcher: SectionWatcher): () => void {
    this.sectionWatchers = [...this.sectionWatchers, watcher];
    return () => {
      this.sectionWatchers = this.sectionWatchers.filter((w) => w !== watcher);
    };
  }

  /** Visits every generated column with its sections (bottom up, null: all air). */
  forEachColumn(visit: (cx: number, cz: number, sections: readonly (Uint16Array | null)[]) => void): void {
    for (const c of this.columns.values()) visit(c.cx, c.cz, c.sections);
  }

  /** @internal Column.set's report of a section allocated after its column was generated. */
  sectionAllocated(col: Column, sy: number, section: Uint16Array): void {
    for (const w of this.sectionWatchers) w.section(col.cx, col.cz, sy, section);
  }

  /** Whether the column holding (x, z) has been generated yet (without generating it). */
  isGenerated(x: number, z: number): boolean {
    return this.columns.has(columnKey(x >> 4, z >> 4));
  }

  get generatedColumns(): number {
    return this.columns.size;
  }

  /** Allocated sections across all columns (a memory figure for benchmarks). */
  get allocatedSections(): number {
    let n = 0;
    for (const c of this.columns.values()) for (const s of c.sections) if (s) n++;
    return n;
  }
}
