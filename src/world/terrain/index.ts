import { InputError } from '../../core/errors.js';
import type { Registry } from '../registry.js';
import type { TerrainSpec } from '../world-options.js';
import { FlatTerrain } from './flat.js';
import type { TerrainGenerator } from './generator.js';
import { NaturalTerrain } from './natural.js';

export function createTerrain(spec: TerrainSpec, registry: Registry, seed: string): TerrainGenerator {
  switch (spec.type) {
    case 'flat':
      return new FlatTerrain(registry, spec);
    case 'natural':
      return new NaturalTerrain(registry, seed, spec.seaLevel === undefined ? {} : { seaLevel: spec.seaLevel });
    default:
      throw new InputError(`unknown terrain type '${(spec as { type: string }).type}'`, "use 'flat' or 'natural'");
  }
}
