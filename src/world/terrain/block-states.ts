/** Block-state ids with chosen properties, for generators that place more than default states. */
import { InputError } from '../../core/errors.js';
import type { Registry } from '../registry.js';

/**
 * The state id of `name` with `props` set (others at their defaults). minecraft-data numbers states
 * with the last property varying fastest and bool values ordered [true, false].
 */
export function stateWith(registry: Registry, name: string, props: Readonly<Record<string, string>>): number {
  const block = registry.block(name);
  const states = block.states ?? [];
  const min = block.minStateId ?? block.id;
  // Decode the default state into per-property indices, then override.
  let rest = (block.defaultState ?? min) - min;
  const index = new Array<number>(states.length).fill(0);
  for (let i = states.length - 1; i >= 0; i--) {
    const n = states[i]!.num_values;
    index[i] = rest % n;
    rest = Math.floor(rest / n);
  }
  for (const [key, value] of Object.entries(props)) {
    const i = states.findIndex((s) => s.name === key);
    const s = states[i];
    if (!s) throw new InputError(`block '${name}' has no property '${key}'`, `use one of: ${states.map((p) => p.name).join(', ')}`);
    const v = s.type === 'bool' ? (value === 'true' ? 0 : 1) : (s.values ?? []).indexOf(value);
    if (v < 0) throw new InputError(`block '${name}' property '${key}' has no value '${value}'`, `use one of: ${(s.values ?? []).join(', ')}`);
    index[i] = v;
  }
  let id = 0;
  for (let i = 0; i < states.length; i++) id = id * states[i]!.num_values + index[i]!;
  return min + id;
}
