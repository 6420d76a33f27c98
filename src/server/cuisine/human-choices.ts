/**
 * What the human player (agent0) can choose this step, for the page's buttons. Every command the grammar allows at the
 * player's position is listed, and each is tried on a scratch copy of the game so the page can tell which would work and,
 * for those that would not, show the game's own message before the player spends a step on it.
 */
import { BASE_INGREDIENTS, type CuisineGame } from '../../env/cuisine/index.js';

export interface HumanChoice {
  readonly command: string;
  readonly verb: 'noop' | 'goto' | 'get' | 'put' | 'activate';
  /** The location the command names ('' for noop). */
  readonly target: string;
  /** For `get` from storage: the ingredient. */
  readonly item: string | null;
  /** Whether it would succeed if run now (the human's command runs first in the step). */
  readonly ok: boolean;
  /** The game's message when it would not. */
  readonly reason: string | null;
}

export interface HumanChoices {
  readonly agent: string;
  readonly at: string;
  readonly holding: string | null;
  readonly choices: HumanChoice[];
  /** Base ingredients this level's recipes use (offered first at the storage). */
  readonly levelIngredients: string[];
}

/** Base ingredients that appear in the level's recipes, in the global ingredient order. */
export function levelIngredients(game: CuisineGame): string[] {
  const used = new Set(game.level.recipes.flatMap((r) => r.ingredients));
  return BASE_INGREDIENTS.filter((b) => used.has(b));
}

export function humanChoices(game: CuisineGame, agent = 0): HumanChoices {
  const locs = game.level.locations;
  const at = locs[game.agentLoc[agent]!]!;
  const choices: HumanChoice[] = [];
  const tryOut = (verb: HumanChoice['verb'], target: string, item: string | null): void => {
    const command = verb === 'noop' ? `noop_agent${agent}` : `${verb}_agent${agent}${item ? `_${item}` : ''}_${target}`;
    const feedback: string[] = [];
    const ok = game.clone().applyNow(command, feedback);
    choices.push({ command, verb, target, item, ok, reason: ok ? null : (feedback[0] ?? 'this command would fail') });
  };
  tryOut('noop', '', null);
  for (const loc of locs) if (loc.id !== at.id) tryOut('goto', loc.id, null);
  if (at.type === 'storage') {
    for (const item of BASE_INGREDIENTS) tryOut('get', at.id, item);
    tryOut('put', at.id, null);
  } else if (at.type === 'servingtable') {
    // Nothing can ever be taken from or cooked on the serving table: only putting a dish there makes sense.
    tryOut('put', at.id, null);
  } else {
    tryOut('get', at.id, null);
    tryOut('put', at.id, null);
    tryOut('activate', at.id, null);
  }
  return { agent: `agent${agent}`, at: at.id, holding: game.holding[agent] ?? null, choices, levelIngredients: levelIngredients(game) };
}
