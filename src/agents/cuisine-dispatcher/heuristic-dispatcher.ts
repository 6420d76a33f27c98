/**
 * The strong baseline: a scheduler over the recipe trees (see heuristic-planner.ts for how it decides what to do).
 * Within a step it decides one agent at a time on a scratch copy of the game and applies each decision before the next, so
 * the list it returns is ordered to chain: one agent puts the last ingredient, a second activates, a third takes the dish.
 */
import type { CuisineGame, RecipeDef } from '../../env/cuisine/index.js';
import type { DispatchContext, Dispatcher } from './dispatcher.js';
import { Planner, RANK_GOTO, makeTimes, type Decision } from './heuristic-planner.js';

export class HeuristicDispatcher implements Dispatcher {
  readonly name = 'heuristic';
  /** The recipe each tool is being filled for (items in a tool cannot come out, so the plan must be kept). */
  private targets: (RecipeDef | null)[] = [];
  /** The task each agent worked on last step. */
  private memory: (string | null)[] = [];
  private makeTime = new Map<string, number>();

  reset(game: CuisineGame): void {
    this.targets = new Array<RecipeDef | null>(game.level.locations.length).fill(null);
    this.memory = new Array<string | null>(game.numAgents).fill(null);
    this.makeTime = makeTimes(game);
  }

  dispatch(ctx: DispatchContext): string[] {
    if (this.targets.length !== ctx.game.level.locations.length) this.reset(ctx.game);
    const scratch = ctx.game.clone();
    for (const c of ctx.before) scratch.applyNow(c);
    const planner = new Planner(scratch, this.targets, ctx.agents, this.makeTime);
    const undecided = new Set(ctx.agents);
    const out: string[] = [];
    while (undecided.size > 0) {
      const decisions = planner.plan(undecided, this.memory);
      let best: Decision | undefined;
      for (const d of decisions) if (!best || d.rank < best.rank) best = d;
      if (!best) break;
      if (best.rank >= RANK_GOTO) {
        // Moves and waits change nothing another agent could use this step: take them all.
        for (const d of decisions) this.commit(d, out, undecided, scratch);
        break;
      }
      this.commit(best, out, undecided, scratch);
    }
    return out;
  }

  private commit(d: Decision, out: string[], undecided: Set<number>, scratch: CuisineGame): void {
    if (d.startsRecipe) this.targets[d.startsRecipe.loc] = d.startsRecipe.recipe;
    scratch.applyNow(d.command);
    this.memory[d.agent] = d.key;
    undecided.delete(d.agent);
    out.push(d.command);
  }
}
