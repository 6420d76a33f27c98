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

/**
 * `stateId` with property `name` set to `value` (an enum value, `true`/`false`, or a number as text);
 * `stateId` itself when the block has no such property or value.
 */
export function withProperty(registry: Registry, stateId: number, name: string, value: string): number {
  const block = registry.blockOfState(stateId);
  const states = block.states ?? [];
  const base = block.minStateId ?? block.id;
  let index = stateId - base;
  // Decompose the index into one value per property (the last property varies fastest).
  const digits: number[] = new Array<number>(states.length).fill(0);
  for (let i = states.length - 1; i >= 0; i--) {
    const n = states[i]!.num_values;
    digits[i] = index % n;
    index = Math.floor(index / n);
  }
  const at = states.findIndex((s) => s.name === name);
  if (at < 0) return stateId;
  const prop = states[at]!;
  let digit: number;
  if (prop.type === 'bool') digit = value === 'true' ? 0 : value === 'false' ? 1 : -1;
  else {
    const values = (prop.values as readonly unknown[] | undefined)?.map(String);
    digit = values ? values.indexOf(value) : Number(value);
  }
  if (!(digit >= 0 && digit < prop.num_values)) return stateId;
  digits[at] = digit;
  let out = 0;
  for (let i = 0; i < states.length; i++) out = out * states[i]!.num_values + digits[i]!;
  return base + out;
}
