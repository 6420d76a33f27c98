/**
 * Diversity round-robin (TickingCollab Appendix B (v)): draft i is told which value each listed
 * field must take, cycling through the entry's values, so a set of drafts covers the values in the
 * proportions the user wrote (repeat a value to weight it) instead of whatever a model prefers.
 */
import { InputError } from '../../core/errors.js';
import type { ParamValue, UserSpec } from './user-spec.js';

export interface Assignment {
  field: string;
  label: string;
  value: ParamValue;
  instruction: string;
}

/** The values an entry cycles through: its own list, else its field's allowed list or integer range. */
export function roundRobinCycle(spec: UserSpec, field: string, values: readonly ParamValue[] | undefined): ParamValue[] {
  if (values && values.length > 0) return [...values];
  const param = spec.variable_parameters[field];
  if (param?.allowed) return [...param.allowed];
  if (param?.range) {
    const [lo, hi] = param.range;
    const out: number[] = [];
    for (let v = Math.ceil(lo); v <= Math.floor(hi); v++) out.push(v);
    if (out.length > 0) return out;
  }
  throw new InputError(
    `diversity_round_robin field '${field}' has no values and no allowed list or integer range in variable_parameters`,
    `add values: [...] to the round-robin entry or declare '${field}' under variable_parameters`,
  );
}

/** The assignments for the `index`-th draft (0-based). */
export function assignmentsFor(spec: UserSpec, index: number): Assignment[] {
  return spec.diversity_round_robin.map((entry) => {
    const cycle = roundRobinCycle(spec, entry.field, entry.values);
    return { field: entry.field, label: entry.label, value: cycle[index % cycle.length]!, instruction: entry.instruction };
  });
}

/** The assigned value of `field` for this draft, if the round-robin assigns one. */
export function assignedValue(assignments: readonly Assignment[], field: string): ParamValue | undefined {
  return assignments.find((a) => a.field === field)?.value;
}
