/**
 * The random baseline: every agent picks a valid action at random (the original's random agent drew from
 * `available_actions()`). To keep storage's 27 ingredients from drowning every other choice, it first picks a verb among
 * those with a valid action, then an action of that verb. Actions are checked one agent after another on a scratch copy, so
 * the dispatch as a whole stays valid.
 */
import type { CuisineGame } from '../../env/cuisine/index.js';
import { Rng } from '../../world/rng.js';
import type { DispatchContext, Dispatcher } from './dispatcher.js';

export class RandomDispatcher implements Dispatcher {
  readonly name = 'random';
  private rng: Rng;

  constructor(private readonly seed: number | string = 0) {
    this.rng = new Rng(`cuisine-random:${seed}`);
  }

  reset(game: CuisineGame): void {
    this.rng = new Rng(`cuisine-random:${this.seed}:${game.level.name}:${game.numAgents}:${game.alpha}:${String(game.seed)}`);
  }

  dispatch(ctx: DispatchContext): string[] {
    const scratch = ctx.game.clone();
    for (const c of ctx.before) scratch.applyNow(c);
    const out: string[] = [];
    for (const agent of ctx.agents) {
      const actions = scratch.availableActions(agent);
      const byVerb = new Map<string, string[]>();
      for (const a of actions) {
        const verb = a.slice(0, a.indexOf('_'));
        const list = byVerb.get(verb);
        if (list) list.push(a);
        else byVerb.set(verb, [a]);
      }
      const verbs = [...byVerb.keys()];
      const choice = this.rng.pick(byVerb.get(this.rng.pick(verbs))!);
      scratch.applyNow(choice);
      out.push(choice);
    }
    return out;
  }
}
