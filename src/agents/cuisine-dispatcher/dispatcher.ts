/**
 * A CuisineWorld dispatcher (MindAgent's centralized planner) sees the kitchen and returns one command per agent it
 * controls, every step. The heuristic, random and LLM dispatchers implement this; so does a web page that mixes one human's
 * command with AI commands (server/cuisine). `DispatcherTeam` turns one into the runner's `Team`.
 */
import type { CuisineGame } from '../../env/cuisine/index.js';
import type { TeamStats } from '../team.js';

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
  /** Called when an episode starts with where the team's records go (an LLM dispatcher logs its model faults there). */
  start?(log: (record: { type: string } & Record<string, unknown>) => void): void;
  /** Model use so far (LLM dispatchers). */
  stats?(): Partial<TeamStats>;
  /** Why this dispatcher no longer acts this episode (its model's circuit breaker opened), or null while it does. */
  halted?(): string | null;
}
