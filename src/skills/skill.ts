/**
 * The skill contract. A skill is an interruptible program over world ticks: a generator that
 * sets the agent's intents (controls, digging, …), `yield`s to let one tick pass, and returns a
 * SkillResult. Because the program only advances when its executor calls it, a skill can be
 * cancelled or pre-empted between any two ticks; its `finally` blocks release what it held.
 */
import type { z } from 'zod';
import type { Player, World } from '../world/index.js';
import { SKILL_CATALOG, type SkillName, type SkillParams } from './catalog.js';
import type { SkillResult } from './skill-result.js';

export interface SkillContext {
  readonly world: World;
  readonly player: Player;
  /**
   * True only for the oracle: perception-limited queries then see everything.
   * Every other agent gets what its senses allow.
   */
  readonly omniscient: boolean;
}

/** One tick passes at each `yield`. */
export type SkillProgram<T extends object = object> = Generator<void, SkillResult<T>, void>;

export interface SkillDefinition<P extends z.ZodType = z.ZodType, T extends object = object> {
  /** camelCase, as agents call it (`mineBlocks`). */
  readonly name: string;
  /** One line for prompts and docs. */
  readonly description: string;
  readonly params: P;
  run(ctx: SkillContext, params: z.output<P>): SkillProgram<T>;
}

/** A backend's implementation of a catalog skill: the program only; its signature is the catalog's. */
export interface SkillImplementation<N extends SkillName, T extends object = object> {
  run(ctx: SkillContext, params: SkillParams<N>): SkillProgram<T>;
}

/**
 * Declares a skill. For a catalog skill give its name and its program, `defineSkill('wait', { *run(ctx, p) {…} })`:
 * the description and the parameter schema come from SKILL_CATALOG, the one place they are written, and
 * the params' types follow from the name. A skill outside the catalog (a test's) gives the whole definition,
 * its parameter types inferred from its zod schema.
 */
export function defineSkill<N extends SkillName, T extends object>(name: N, impl: SkillImplementation<N, T>): SkillDefinition<(typeof SKILL_CATALOG)[N]['params'], T>;
export function defineSkill<P extends z.ZodType, T extends object>(def: SkillDefinition<P, T>): SkillDefinition<P, T>;
export function defineSkill(nameOrDef: SkillName | SkillDefinition, impl?: SkillImplementation<SkillName>): SkillDefinition {
  if (typeof nameOrDef !== 'string') return nameOrDef;
  const sig = SKILL_CATALOG[nameOrDef];
  return { name: sig.name, description: sig.description, params: sig.params, run: impl!.run as SkillDefinition['run'] };
}
