/**
 * Superflat terrain: horizontal layers stacked up from the bottom of the world, as in vanilla's
 * superflat presets. The default is vanilla's classic preset (bedrock, 2 dirt, grass block),
 * which is also TickingCollab's `flatgrass`.
 */
import { InputError } from '../../core/errors.js';
import { suggest, type Registry } from '../registry.js';
import { MIN_Y, type ColumnWriter, type TerrainGenerator } from './generator.js';

export interface FlatLayer {
  block: string;
  height: number;
}

export interface FlatTerrainOptions {
  layers?: FlatLayer[];
  /** y of the lowest layer (vanilla: -64). */
  bottomY?: number;
  biome?: string;
}

export const CLASSIC_FLAT_LAYERS: FlatLayer[] = [
  { block: 'bedrock', height: 1 },
  { block: 'dirt', height: 2 },
  { block: 'grass_block', height: 1 },
];

export class FlatTerrain implements TerrainGenerator {
  readonly name = 'flat';
  private readonly column: number[] = [];
  private readonly bottomY: number;
  private readonly biome: string;

  constructor(registry: Registry, options: FlatTerrainOptions = {}) {
    this.bottomY = options.bottomY ?? MIN_Y;
    this.biome = options.biome ?? 'plains';
    if (!registry.data.biomesByName[this.biome]) {
      throw new InputError(`unknown biome '${this.biome}' for flat terrain`, suggest(this.biome, Object.keys(registry.data.biomesByName)));
    }
    for (const layer of options.layers ?? CLASSIC_FLAT_LAYERS) {
      const state = registry.stateOf(layer.block);
      for (let i = 0; i < layer.height; i++) this.column.push(state);
    }
  }

  generateColumn(_cx: number, _cz: number, out: ColumnWriter): void {
    for (let i = 0; i < this.column.length; i++) {
      const state = this.column[i]!;
      if (state === 0) continue;
      const y = this.bottomY + i;
      for (let lx = 0; lx < 16; lx++) for (let lz = 0; lz < 16; lz++) out.set(lx, y, lz, state);
    }
  }

  biomeAt(): string {
    return this.biome;
  }

  surfaceY(): number {
    return this.bottomY + this.column.length;
  }
}
