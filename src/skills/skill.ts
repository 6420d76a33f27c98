/**
 * The skill contract. A skill is an interruptible program over world ticks: a generator that
 * sets the agent's intents (controls, digging, …), `yield`s to let one tick pass, and returns a
 * SkillResult. Because the program only advances when its executor calls it, a skill can be
 * cancelled or pre-empted between any two ticks; its `finally` blocks release what it held.
 */
import type { z } from 'zod';
import type { Player, World } from '../world/index.js';
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

/** Declares a skill with its parameter types inferred from the zod schema. */
export function defineSkill<P extends z.ZodType, T extends object>(def: SkillDefinition<P, T>): SkillDefinition<P, T> {
  return def;
}
