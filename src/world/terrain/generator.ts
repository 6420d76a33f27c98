/**
 * The contract between the world's block storage and terrain generators.
 * A generator is a pure function of (seed, column): columns are generated lazily, in whatever
 * order agents wander, and must come out the same every time.
 */
export const MIN_Y = -64;
export const WORLD_HEIGHT = 384;
export const MAX_Y = MIN_Y + WORLD_HEIGHT - 1;

/** Writes block states into one 16x16 chunk column being generated. Local x/z are 0–15; y is world y. */
export interface ColumnWriter {
  set(lx: number, y: number, lz: number, state: number): void;
  get(lx: number, y: number, lz: number): number;
}

export interface TerrainGenerator {
  /** `flat`, `natural`, … (recorded in run logs). */
  readonly name: string;
  generateColumn(cx: number, cz: number, out: ColumnWriter): void;
  /** minecraft-data biome name at a block column. */
  biomeAt(x: number, z: number): string;
  /** A good y for an entity to stand at (x, z): one above the highest solid block, computed without generating. */
  surfaceY(x: number, z: number): number;
}
