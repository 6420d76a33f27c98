/**
 * A dispatcher sees the game state and returns one command per agent it controls, every step. The heuristic, random and
 * LLM dispatchers all implement this; so would a web page that mixes one human's command with AI commands.
 */
import { InternalError } from '../../core/errors.js';
import type { CuisineGame, StepResult } from './game.js';

export interface DispatchContext {
  /** The live game. Read it; never step or mutate it (clone it for look-ahead). */
  readonly game: CuisineGame;
  /** The agents this dispatcher commands (others, such as a human player, are commanded elsewhere). */
  readonly agents: readonly number[];
  /** Commands already fixed for this step, which run before this dispatcher's (for example the human's). */
  readonly before: readonly string[];
}

export interface Dispatcher {
  readonly name: string;
  /** Forget everything from a previous episode. */
  reset(game: CuisineGame): void;
  /** One command per agent in `ctx.agents`, in the order they should run. */
  dispatch(ctx: DispatchContext): readonly string[] | Promise<readonly string[]>;
}

export interface EpisodeResult {
  readonly completed: number;
  /** Every order that expired. */
  readonly expired: number;
  /** Failures as the rule set counts them (equal to `expired` under the fixed rules). */
  readonly failed: number;
  /** Orders still open when the episode ended (neither completed nor failed). */
  readonly open: number;
  readonly steps: number;
}

export interface TraceStep {
  readonly step: number;
  readonly commands: readonly string[];
  readonly result: StepResult;
}

export interface EpisodeOptions {
  /** Called after every step (for traces and progress). */
  onStep?: (game: CuisineGame, step: TraceStep) => void;
}

function allAgents(game: CuisineGame): number[] {
  return Array.from({ length: game.numAgents }, (_, i) => i);
}

/** Plays `game` (already reset) to the end with one dispatcher commanding every agent. */
export async function runEpisode(game: CuisineGame, dispatcher: Dispatcher, options: EpisodeOptions = {}): Promise<EpisodeResult> {
  dispatcher.reset(game);
  const ctx: DispatchContext = { game, agents: allAgents(game), before: [] };
  while (!game.done) {
    const out = dispatcher.dispatch(ctx);
    const commands = out instanceof Promise ? await out : out;
    stepOnce(game, commands, options);
  }
  return summarize(game);
}

/** The same, for dispatchers that answer synchronously (the heuristic and random ones); throws on a Promise. */
export function runEpisodeSync(game: CuisineGame, dispatcher: Dispatcher, options: EpisodeOptions = {}): EpisodeResult {
  dispatcher.reset(game);
  const ctx: DispatchContext = { game, agents: allAgents(game), before: [] };
  while (!game.done) {
    const out = dispatcher.dispatch(ctx);
    if (out instanceof Promise) throw new InternalError(`dispatcher ${dispatcher.name} is asynchronous; use runEpisode`);
    stepOnce(game, out, options);
  }
  return summarize(game);
}

function stepOnce(game: CuisineGame, commands: readonly string[], options: EpisodeOptions): void {
  const step = game.time;
  const result = game.step(commands);
  options.onStep?.(game, { step, commands, result });
}

function summarize(game: CuisineGame): EpisodeResult {
  return {
    completed: game.completedCount,
    expired: game.expiredCount,
    failed: game.failedCount,
    open: game.orders.length,
    steps: game.time,
  };
}
