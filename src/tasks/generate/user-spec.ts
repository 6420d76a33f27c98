/**
 * The generator's input: a user specification in the layout of TickingCollab Appendix B (task type,
 * description, variable parameters, constraints, generation instructions, diversity round-robin,
 * references), plus guildcraft's `feasibility` margins of Appendix C so one file fixes both what is
 * drafted and how strictly it is screened.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { InputError } from '../../core/errors.js';

export const GENERATED_TASK_TYPES = ['prepare_crisis', 'mine_vanishing_blocks', 'raid_boss'] as const;
export type GeneratedTaskType = (typeof GENERATED_TASK_TYPES)[number];

const scalar = z.union([z.string(), z.number(), z.boolean()]);
export type ParamValue = z.infer<typeof scalar>;

/** One entry of `variable_parameters`: a parameter of the task metadata and the values it may take. */
export const variableParameterSchema = z
  .object({
    description: z.string().default(''),
    /** Discrete choices. */
    allowed: z.array(scalar).min(1).optional(),
    /** Inclusive numeric range [min, max]. */
    range: z.tuple([z.number(), z.number()]).optional(),
    /** `keys`: the allowed values name keys of a map (inventory item names), not values. */
    match: z.enum(['keys', 'values']).optional(),
  })
  .refine((p) => (p.allowed === undefined) !== (p.range === undefined), {
    message: 'give exactly one of `allowed` (a list) or `range` ([min, max])',
  })
  .refine((p) => p.range === undefined || p.range[0] <= p.range[1], { message: '`range` must be [min, max] with min <= max' });
export type VariableParameter = z.output<typeof variableParameterSchema>;

/** Appendix B (v): a field whose values are assigned to drafts in turn so the set stays balanced. */
export const roundRobinSchema = z.object({
  field: z.string().min(1),
  label: z.string().default(''),
  /** The cycle; when absent the field's `allowed` list (or integer range) is cycled. */
  values: z.array(scalar).min(1).optional(),
  instruction: z.string().default(''),
});
export type RoundRobinEntry = z.output<typeof roundRobinSchema>;

/**
 * Appendix C margins. `alpha` (preparation time), `beta1` (block lifetime), `beta2` (block supply)
 * and `gamma` (damage) are all >= 1 and a larger value keeps only easier tasks; all default to 2.0,
 * the paper's (β₂ = 2: twice as many target blocks spawn as the goal asks for). The paper writes γ as
 * an efficiency factor on the damage side; `gamma` here is its reciprocal, so all four read alike.
 */
export const feasibilityMarginsSchema = z.object({
  alpha: z.number().min(0.1).default(2),
  beta1: z.number().min(0.1).default(2),
  beta2: z.number().min(0.1).default(2),
  gamma: z.number().min(0.1).default(2),
});
export type FeasibilityMargins = z.output<typeof feasibilityMarginsSchema>;

const boundSchema = z
  .object({ min: z.number().optional(), max: z.number().optional() })
  .refine((b) => b.min === undefined || b.max === undefined || b.min <= b.max, { message: 'min must not exceed max' });

/**
 * Optional bounds on the §2.2 metrics of accepted tasks. Appendix B asks the LLM for N > 1 in its
 * generation instructions; `difficulty: {N: {min: 1}}` enforces it on every drafter.
 */
export const difficultyBoundsSchema = z.object({ H: boundSchema.optional(), N: boundSchema.optional(), D: boundSchema.optional(), tau: boundSchema.optional() });
export type DifficultyBounds = z.output<typeof difficultyBoundsSchema>;

export const userSpecSchema = z.object({
  task_type: z.enum(GENERATED_TASK_TYPES),
  description: z.string().min(1),
  variable_parameters: z.record(z.string(), variableParameterSchema).default({}),
  constraints: z.string().default(''),
  generation_instructions: z.string().default(''),
  diversity_round_robin: z.array(roundRobinSchema).default([]),
  references: z.array(z.string()).default([]),
  feasibility: feasibilityMarginsSchema.default({ alpha: 2, beta1: 2, beta2: 2, gamma: 2 }),
  difficulty: difficultyBoundsSchema.default({}),
  /** Suite the generated ids live in (`<suite>/<name>-v1`). */
  suite: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'a suite name is lowercase letters, digits, _ or -').default('tickingcollab'),
});
export type UserSpec = z.output<typeof userSpecSchema>;

/** Parses and validates a user spec object; errors name the path and the reason. */
export function parseUserSpec(raw: unknown, source = 'user spec'): UserSpec {
  const result = userSpecSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new InputError(`${source} is not a valid generator spec:\n${lines.join('\n')}`, 'fix the listed fields; see docs/task-generator.md for the layout');
  }
  return result.data;
}

export function loadUserSpec(file: string): UserSpec {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read generator spec '${file}'`, 'check the --spec path', { cause: err });
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new InputError(`${file} is not valid YAML: ${(err as Error).message}`, 'fix the YAML syntax at the reported line', { cause: err });
  }
  return parseUserSpec(raw, file);
}
