// docs/cuisineworld.md quotes the region below: what a kitchen dispatcher implements, checked against the package's.
import type { CuisineGame, Dispatcher as PackageDispatcher } from 'guildcraft/cuisine';
import type { Same } from './same-type.js';

// #region doc
interface Dispatcher {
  readonly name: string;
  reset(game: CuisineGame): void; // forget the previous episode
  dispatch(ctx: { game: CuisineGame; agents: readonly number[]; before: readonly string[] }): readonly string[] | Promise<readonly string[]>; // one command per agent
  start?(log: (record: { type: string } & Record<string, unknown>) => void): void; // where its records go
  stats?(): { messages?: number; prompts?: number; modelFaults?: number }; // model use so far (LLM dispatchers)
}
// #endregion doc

export const docDispatcherIsThePackages: Same<Dispatcher, PackageDispatcher> = true;
