import { InputError } from '../../core/errors.js';
import type { Registry } from '../registry.js';
import type { TerrainSpec } from '../world-options.js';
import { FlatTerrain } from './flat.js';
import type { TerrainGenerator } from './generator.js';

export function createTerrain(spec: TerrainSpec, registry: Registry, _seed: string): TerrainGenerator {
  switch (spec.type) {
    case 'flat':
      return new FlatTerrain(registry, spec);
    default:
      throw new InputError(`unknown terrain type '${(spec as { type: string }).type}'`, "use 'flat' or 'natural'");
  }
}
