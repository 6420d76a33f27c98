/** Reading block-state properties (crop age, snow layers) from a minecraft-data state id. */
import type { Registry } from '../registry.js';

/**
 * The value of property `name` in `stateId`, as minecraft-data orders states (the last property varies
 * fastest; bool values are [true, false]); undefined when the block has no such property.
 */
export function blockProperty(registry: Registry, stateId: number, name: string): string | undefined {
  const block = registry.blockOfState(stateId);
  const states = block.states ?? [];
  let index = stateId - (block.minStateId ?? block.id);
  for (let i = states.length - 1; i >= 0; i--) {
    const s = states[i]!;
    const n = s.num_values;
    const v = index % n;
    index = Math.floor(index / n);
    if (s.name === name) {
      if (s.type === 'bool') return v === 0 ? 'true' : 'false';
      const values = s.values as readonly unknown[] | undefined;
      return values?.[v] !== undefined ? String(values[v]) : String(v);
    }
  }
  return undefined;
}

/** An integer property (age, layers), or `fallback` when absent. */
export function intProperty(registry: Registry, stateId: number, name: string, fallback: number): number {
  const v = blockProperty(registry, stateId, name);
  return v === undefined ? fallback : Number(v);
}
