/**
 * The generation pipeline of TickingCollab §3.1 / Appendices B–C:
 *   draft (an LLM when one is configured, else the seeded offline sampler)
 *   -> parse and validate with the task loader (schema, names, cross-field checks)
 *   -> feasibility verifier (Appendix C, margins from the user spec)
 *   -> keep, with difficulty metrics, or reject with every reason.
 * Drafts are numbered; draft i gets round-robin assignment i and the RNG stream `${seed}/${type}/${i}`,
 * so the same seed and spec always give the same accepted tasks in the same order.
 */
import { parse as parseYaml } from 'yaml';
import { InputError } from '../../core/errors.js';
import { Rng } from '../../world/rng.js';
import { Registry } from '../../world/registry.js';
import { formatIssue } from '../issues.js';
import { parseTask } from '../load.js';
import type { TaskSpec } from '../spec.js';
import type { Drafter } from './drafter.js';
import { extractYaml, toTaskYaml } from './emit-yaml.js';
import { ParamSpace } from './param-space.js';
import { buildDraftPrompt } from './prompt.js';
import { assignmentsFor, type Assignment } from './round-robin.js';
import { SAMPLERS } from './samplers/sampler.js';
import type { GeneratedTaskType, UserSpec } from './user-spec.js';
import { verifyTask } from './verify/feasibility.js';
import { difficultyFor, specRanges } from './difficulty.js';

export type DifficultyFn = (spec: TaskSpec) => Record<string, number>;

export interface GenerateOptions {
  spec: UserSpec;
  /** Valid tasks wanted. */
  count: number;
  seed: string;
  /** Absent: the offline sampler drafts. */
  drafter?: Drafter;
  /** Give up after this many drafts (default 20 × count). */
  maxDrafts?: number;
  /** Difficulty metrics per accepted task (TickingCollab §2.2); default: H, N, D, τ with the spec's bounds. */
  difficulty?: DifficultyFn;
  /** Called after every draft, for progress bars. */
  onDraft?: (record: DraftRecord) => void;
}

export interface DraftRecord {
  /** 0-based draft number. */
  draft: number;
  assignments: { field: string; value: string | number | boolean }[];
  status: 'accepted' | 'rejected';
  /** Which gate rejected it. */
  stage?: 'draft' | 'validation' | 'feasibility' | 'difficulty';
  reasons: string[];
  estimates: Record<string, number>;
  /** For accepted drafts. */
  id?: string;
  file?: string;
  difficulty?: Record<string, number>;
}

export interface GeneratedTask {
  id: string;
  /** File name (no directory). */
  file: string;
  yaml: string;
  spec: TaskSpec;
  record: DraftRecord;
}

export interface GenerationResult {
  taskType: GeneratedTaskType;
  seed: string;
  drafter: 'sampler' | 'model';
  tasks: GeneratedTask[];
  drafts: DraftRecord[];
}

export const TYPE_SLUG: Readonly<Record<GeneratedTaskType, string>> = {
  prepare_crisis: 'prepare-crisis',
  mine_vanishing_blocks: 'mine-vanishing-blocks',
  raid_boss: 'raid-boss',
};

/** Consecutive drafter failures after which generation stops (a missing key will not fix itself). */
const MAX_DRAFTER_FAILURES = 5;

export async function generateTasks(opts: GenerateOptions): Promise<GenerationResult> {
  const { spec, count, seed } = opts;
  if (!Number.isInteger(count) || count <= 0) throw new InputError(`count must be a positive whole number, got ${count}`, 'pass for example --count 50');
  const maxDrafts = opts.maxDrafts ?? count * 20;
  const registry = Registry.get();
  const slug = TYPE_SLUG[spec.task_type];
  const tasks: GeneratedTask[] = [];
  const drafts: DraftRecord[] = [];
  let failures = 0;
  const measure = opts.difficulty ?? difficultyFor(spec);

  for (let i = 0; i < maxDrafts && tasks.length < count; i++) {
    const assignments = assignmentsFor(spec, i);
    const base: DraftRecord = { draft: i, assignments: assignments.map((a) => ({ field: a.field, value: a.value })), status: 'rejected', reasons: [], estimates: {} };
    const finish = (record: DraftRecord): void => {
      drafts.push(record);
      opts.onDraft?.(record);
    };

    let drafted: Drafted;
    try {
      drafted = await draftOne(spec, assignments, i, seed, opts.drafter);
      failures = 0;
    } catch (err) {
      failures++;
      finish({ ...base, stage: 'draft', reasons: [`drafting failed: ${(err as Error).message}`] });
      if (failures >= MAX_DRAFTER_FAILURES) break;
      continue;
    }
    if ('invalid' in drafted) {
      finish({ ...base, stage: 'draft', reasons: [drafted.invalid] });
      continue;
    }
    const raw = drafted.raw;

    const id = `${spec.suite}/${slug}-${String(tasks.length + 1).padStart(3, '0')}-v1`;
    // The generator owns ids: whatever id a model wrote is replaced by the numbered one.
    const { id: _ignored, ...body } = raw as Record<string, unknown>;
    const candidate = { id, ...withHeterogeneityBounds(body, spec) };
    const text = toTaskYaml(candidate);
    const loaded = parseTask(text, { file: `${spec.suite}/${slug}-draft.yaml`, checkObtainability: true });
    if (!loaded.ok) {
      finish({ ...base, stage: 'validation', reasons: loaded.issues.map(formatIssue) });
      continue;
    }
    if (loaded.spec.task.type !== spec.task_type) {
      finish({ ...base, stage: 'validation', reasons: [`task.type is '${loaded.spec.task.type}', the spec asks for '${spec.task_type}'`] });
      continue;
    }
    const verdict = verifyTask(loaded.spec, spec.feasibility, registry);
    if (!verdict.ok) {
      finish({ ...base, stage: 'feasibility', reasons: verdict.reasons, estimates: verdict.estimates });
      continue;
    }
    const difficulty = roundAll(measure(loaded.spec));
    const outside = outOfBounds(spec, difficulty);
    if (outside.length > 0) {
      finish({ ...base, stage: 'difficulty', reasons: outside, estimates: verdict.estimates, difficulty });
      continue;
    }
    const file = `${slug}-${String(tasks.length + 1).padStart(3, '0')}.yaml`;
    const record: DraftRecord = { ...base, status: 'accepted', id, file, estimates: verdict.estimates, difficulty };
    const header = headerFor(spec, seed, i, assignments, verdict.estimates, difficulty, opts.drafter ? 'model' : 'sampler');
    tasks.push({ id, file, yaml: toTaskYaml(candidate, header), spec: loaded.spec, record });
    finish(record);
  }
  return { taskType: spec.task_type, seed, drafter: opts.drafter ? 'model' : 'sampler', tasks, drafts };
}

type Drafted = { raw: unknown } | { invalid: string };

/** One draft as a plain object: the model's YAML parsed, or the sampler's metadata. */
async function draftOne(spec: UserSpec, assignments: Assignment[], i: number, seed: string, drafter: Drafter | undefined): Promise<Drafted> {
  const sampler = SAMPLERS[spec.task_type];
  const space = new ParamSpace(spec, assignments, new Rng(`${seed}/${spec.task_type}/${i}`));
  if (!drafter) return { raw: sampler(space, spec.description) };
  const example = sampler(new ParamSpace(spec, assignments, new Rng(`${seed}/${spec.task_type}/example`)), spec.description);
  const answer = await drafter(buildDraftPrompt(spec, assignments, i, toTaskYaml(example)));
  try {
    const raw: unknown = parseYaml(extractYaml(answer));
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { invalid: 'the model answered something that is not a YAML mapping' };
    return { raw };
  } catch (err) {
    // A malformed answer is the model's fault and a rejected draft, not a crashed run.
    return { invalid: `the model's YAML does not parse: ${(err as Error).message.split('\n')[0]}` };
  }
}

/** One reason per metric outside the spec's `difficulty` bounds. */
function outOfBounds(spec: UserSpec, metrics: Record<string, number>): string[] {
  const out: string[] = [];
  for (const [name, bound] of Object.entries(spec.difficulty)) {
    const v = metrics[name];
    if (bound === undefined || v === undefined) continue;
    if (bound.min !== undefined && !(v >= bound.min)) out.push(`difficulty ${name} = ${v} is below the spec's minimum ${bound.min}`);
    if (bound.max !== undefined && !(v <= bound.max)) out.push(`difficulty ${name} = ${v} is above the spec's maximum ${bound.max}`);
  }
  return out;
}

function roundAll(values: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(values)) out[k] = Number.isFinite(v) ? Math.round(v * 1000) / 1000 : v;
  return out;
}

function headerFor(
  spec: UserSpec,
  seed: string,
  draft: number,
  assignments: readonly Assignment[],
  estimates: Record<string, number>,
  difficulty: Record<string, number>,
  drafter: string,
): string {
  const kv = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}=${Number.isFinite(v) ? v : 'inf'}`).join(' ');
  const lines = [
    ` Generated by \`guildcraft generate\` (${drafter}, seed ${seed}, draft #${draft + 1}); do not edit by hand, regenerate instead.`,
    assignments.length > 0 ? ` Round-robin: ${assignments.map((a) => `${a.field}=${String(a.value)}`).join(', ')}` : '',
    ` Feasibility (alpha=${spec.feasibility.alpha} beta1=${spec.feasibility.beta1} beta2=${spec.feasibility.beta2} gamma=${spec.feasibility.gamma}): ${kv(estimates)}`,
    ` Difficulty: ${kv(difficulty)}`,
  ];
  return lines.filter((l) => l.length > 0).join('\n');
}

/**
 * The draft with the spec's capability ranges as `task.heterogeneity_bounds`, so H of the written file is
 * the same in the generator and in `validate --difficulty` (a model's own value is replaced). A draft
 * without a `task` mapping is left as it is, for validation to reject.
 */
function withHeterogeneityBounds(body: Record<string, unknown>, spec: UserSpec): Record<string, unknown> {
  const ranges = specRanges(spec);
  const task = body.task;
  if (Object.keys(ranges).length === 0 || task === null || typeof task !== 'object' || Array.isArray(task)) return body;
  return { ...body, task: { ...(task as Record<string, unknown>), heterogeneity_bounds: ranges } };
}
