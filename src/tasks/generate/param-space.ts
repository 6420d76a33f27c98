/**
 * The offline sampler's view of a user spec's parameter space: draws each named parameter from its
 * `allowed` list or `range`, honouring this draft's round-robin assignment, and falls back to the
 * sampler's own default space for parameters the spec does not list (so a short spec still works).
 */
import { InputError } from '../../core/errors.js';
import type { Rng } from '../../world/rng.js';
import { assignedValue, type Assignment } from './round-robin.js';
import type { ParamValue, UserSpec, VariableParameter } from './user-spec.js';

export type Fallback = { allowed: readonly ParamValue[] } | { range: readonly [number, number] };

export class ParamSpace {
  constructor(
    private readonly spec: UserSpec,
    private readonly assignments: readonly Assignment[],
    private readonly rng: Rng,
  ) {}

  private param(field: string, fallback: Fallback): VariableParameter | Fallback {
    return this.spec.variable_parameters[field] ?? fallback;
  }

  /** Whether the spec itself names this parameter. */
  has(field: string): boolean {
    return field in this.spec.variable_parameters;
  }

  /** One value from the field's allowed list (the round-robin value when assigned). */
  choice(field: string, fallback: readonly ParamValue[]): ParamValue {
    const assigned = assignedValue(this.assignments, field);
    if (assigned !== undefined) return assigned;
    const p = this.param(field, { allowed: fallback });
    if ('allowed' in p && p.allowed) return this.rng.pick(p.allowed);
    if ('range' in p && p.range) return this.rng.int(Math.ceil(p.range[0]), Math.floor(p.range[1]));
    throw new InputError(`parameter '${field}' has neither allowed values nor a range`, `declare it under variable_parameters`);
  }

  /** A string choice; a non-string allowed value is a spec error. */
  name(field: string, fallback: readonly string[]): string {
    const v = this.choice(field, fallback);
    if (typeof v !== 'string') throw new InputError(`parameter '${field}' must list names, got ${JSON.stringify(v)}`, 'quote the allowed values');
    return v;
  }

  /** All allowed names of a field (for picking several distinct ones). */
  names(field: string, fallback: readonly string[]): string[] {
    const p = this.param(field, { allowed: fallback });
    if ('allowed' in p && p.allowed) return p.allowed.map(String);
    return [...fallback];
  }

  /** An integer from the field's allowed list (repeat a value to weight it) or range, or the round-robin value. */
  int(field: string, fallback: readonly [number, number]): number {
    const assigned = assignedValue(this.assignments, field);
    if (assigned !== undefined) return Math.round(Number(assigned));
    const listed = this.spec.variable_parameters[field]?.allowed?.filter((v): v is number => typeof v === 'number');
    if (listed && listed.length > 0) return Math.round(this.rng.pick(listed));
    const [lo, hi] = this.bounds(field, fallback);
    return this.rng.int(Math.ceil(lo), Math.floor(hi));
  }

  /** A number in the field's range rounded to `decimals` places. */
  real(field: string, fallback: readonly [number, number], decimals = 1): number {
    const assigned = assignedValue(this.assignments, field);
    if (assigned !== undefined) return Number(assigned);
    const [lo, hi] = this.bounds(field, fallback);
    const f = 10 ** decimals;
    return Math.round(this.rng.range(lo, hi) * f) / f;
  }

  /**
   * `n` values for `n` agents spread over the field's range from end to end (evenly spaced, each moved
   * by up to a tenth of the spacing, pushed towards the ends, then shuffled), rounded to `decimals`
   * places: every agent
   * differs from the others, as Appendix B's instruction "each agent must have different attributes"
   * asks of the LLM. A round-robin value is given to every agent; one agent gets a uniform draw.
   */
  spread(field: string, fallback: readonly [number, number], n: number, decimals = 0): number[] {
    const assigned = assignedValue(this.assignments, field);
    if (assigned !== undefined) return Array.from({ length: n }, () => Number(assigned));
    if (n <= 1) return decimals === 0 ? [this.int(field, fallback)] : [this.real(field, fallback, decimals)];
    const [lo, hi] = this.bounds(field, fallback);
    const f = 10 ** decimals;
    const values = Array.from({ length: n }, (_, i) => {
      const even = Math.min(1, Math.max(0, (i + this.rng.range(-0.1, 0.1)) / (n - 1)));
      // Pushed towards the ends: specialists (fast but short-sighted, slow but far-seeing) rather than a ladder.
      const at = 0.5 + Math.sign(even - 0.5) * 0.5 * Math.sqrt(Math.abs(2 * even - 1));
      return Math.round((lo + at * (hi - lo)) * f) / f;
    });
    return this.sample(values, n);
  }

  /** The field's [min, max]: its range, else the extent of its numeric allowed list, else the fallback. */
  bounds(field: string, fallback: readonly [number, number]): [number, number] {
    const p = this.spec.variable_parameters[field];
    if (p?.range) return [p.range[0], p.range[1]];
    if (p?.allowed) {
      const nums = p.allowed.filter((v): v is number => typeof v === 'number');
      if (nums.length > 0) return [Math.min(...nums), Math.max(...nums)];
    }
    return [fallback[0], fallback[1]];
  }

  /** `k` distinct items of `pool`, in a seeded order. */
  sample<T>(pool: readonly T[], k: number): T[] {
    const copy = [...pool];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.rng.int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.max(0, Math.min(k, copy.length)));
  }

  get random(): Rng {
    return this.rng;
  }
}
