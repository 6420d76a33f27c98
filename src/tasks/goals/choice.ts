/**
 * A choice among a few options (MineLand Appendix O.1, "Choose the Taller Tower"), read from what each chooser
 * did. The rule, the same on every backend:
 *
 * - A chat line of the chooser chooses an option when it names that option's words and no other option's (whole
 *   words, any case: "I choose the left tower" names `left`; "the left one is shorter than the right" names two
 *   and chooses nothing). Negation is not read ("not the left" names `left`).
 * - Standing within an option's `radius` blocks (horizontally) of its position chooses it, when no other option's
 *   radius holds the chooser too. Positions are read each time the goal is evaluated (after every env step).
 * - The first clear choice counts and is never revised: a chooser who says "left" and then walks right chose left.
 *   Chats are read before the position of the same step, since they were said before it was taken.
 *
 * Score: the share of choosers whose choice is the correct option (1 or 0 for one chooser). The goal is met when
 * every chooser chose the correct option, and failed for good once every chooser chose and one chose another, so
 * the episode ends at the last choice. The details lead with the counts, which experiment reports read.
 */
import { escapeRegExp } from '../../core/escape-regexp.js';
import type { GoalOf } from '../spec/goals.js';
import type { Behaviour } from './episode-log.js';
import type { GoalContext, GoalEvaluator, GoalResult } from './goal-evaluator.js';

export interface Choice {
  option: string;
  how: 'chat' | 'position';
  tick: number;
}

type ChoiceGoal = GoalOf<'choice'>;

/** Whole-word patterns per option (its words, or its name). */
function optionPatterns(goal: ChoiceGoal): [string, RegExp[]][] {
  return Object.entries(goal.options).map(([name, o]) => [name, (o.words ?? [name]).map((w) => new RegExp(`(?<![a-z0-9_])${escapeRegExp(w.toLowerCase())}(?![a-z0-9_])`, 'i'))]);
}

/** The option one chat line chooses: the only option it names, else null. */
export function optionNamedIn(message: string, patterns: readonly [string, RegExp[]][]): string | null {
  const named = patterns.filter(([, res]) => res.some((re) => re.test(message))).map(([name]) => name);
  return named.length === 1 ? named[0]! : null;
}

/** The option whose radius holds a position (horizontally), when exactly one does. */
export function optionAt(pos: { x: number; z: number }, goal: ChoiceGoal): string | null {
  const inside = Object.entries(goal.options)
    .filter(([, o]) => Math.hypot(pos.x - o.position.x, pos.z - o.position.z) <= o.radius)
    .map(([name]) => name);
  return inside.length === 1 ? inside[0]! : null;
}

export class ChoiceEvaluator implements GoalEvaluator {
  private readonly patterns: [string, RegExp[]][];
  private readonly choices = new Map<string, Choice>();
  /** Behaviours already read (the log only grows). */
  private read = 0;

  constructor(private readonly goal: ChoiceGoal) {
    this.patterns = optionPatterns(goal);
  }

  /** Each chooser's choice so far. */
  get chosen(): ReadonlyMap<string, Choice> {
    return this.choices;
  }

  evaluate(ctx: GoalContext): GoalResult {
    const choosers = this.goal.choosers ?? ctx.agents;
    const behaviours = ctx.log.behaviours;
    for (; this.read < behaviours.length; this.read++) this.readChat(behaviours[this.read]!, choosers);
    for (const p of ctx.admin.players()) {
      if (!p.alive || !choosers.includes(p.name) || this.choices.has(p.name)) continue;
      const option = optionAt(p.pos, this.goal);
      if (option !== null) this.choices.set(p.name, { option, how: 'position', tick: ctx.tick });
    }
    const right = choosers.filter((c) => this.choices.get(c)?.option === this.goal.correct).length;
    const decided = choosers.filter((c) => this.choices.has(c)).length;
    const choices = Object.fromEntries(choosers.map((c) => [c, this.choices.get(c) ?? null]));
    return {
      success: right === choosers.length,
      failed: decided === choosers.length && right < decided,
      score: choosers.length === 0 ? 0 : right / choosers.length,
      details: { chose_correct: right, chose_other: decided - right, undecided: choosers.length - decided, correct: this.goal.correct, choices },
      perAgent: Object.fromEntries(choosers.map((c) => [c, { score: this.choices.get(c)?.option === this.goal.correct ? 1 : 0, success: this.choices.get(c)?.option === this.goal.correct }])),
    };
  }

  private readChat(b: Behaviour, choosers: readonly string[]): void {
    if (b.action !== 'chat' || b.text === undefined || !choosers.includes(b.actor) || this.choices.has(b.actor)) return;
    const option = optionNamedIn(b.text, this.patterns);
    if (option !== null) this.choices.set(b.actor, { option, how: 'chat', tick: b.tick });
  }
}

/** The counts a choice goal's details lead with, read back from an episode's details text (null when it has none). */
export function choiceCountsOf(details: string): { correct: number; other: number; undecided: number } | null {
  const n = (key: string): number | null => {
    const m = new RegExp(`"${key}":(\\d+)`).exec(details);
    return m ? Number(m[1]) : null;
  };
  const correct = n('chose_correct');
  const other = n('chose_other');
  const undecided = n('undecided');
  return correct === null || other === null || undecided === null ? null : { correct, other, undecided };
}
