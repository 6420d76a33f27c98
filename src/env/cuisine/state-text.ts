/**
 * The state as the LLM sees it: MindAgent's `convert_to_prompt` text (cuisineworld.md §6.1), and the per-step user message
 * that wraps it with the previous step's feedback.
 */
import type { CuisineGame } from './game.js';

export function stateText(game: CuisineGame): string {
  const locs = game.level.locations;
  let s = `-game state:\ncurrent game level: ${game.level.name}\ncurrent dishes:\n`;
  for (const o of game.orders) s += `    name: ${o.dish} lifetime: ${o.lifetime}\n`;
  s += `current game step: ${game.time}\nmaximum game steps: ${game.maxSteps}\n\n-agent state:\n`;
  for (let i = 0; i < game.numAgents; i++) {
    s += `at(agent${i}, ${locs[game.agentLoc[i]!]!.id})\nhold(agent${i}, ${game.holding[i] ?? 'None'})\n`;
    if (game.agentBusy[i]! > 0) s += `occupy(agent${i}, True)\n`;
  }
  s += '\n-kitchen state:\n';
  for (let l = 0; l < locs.length; l++) {
    const loc = locs[l]!;
    const inside = game.contents[l]!;
    // Storage is a source, not a container: it always shows None.
    s += `inside(${loc.id}, ${loc.type === 'storage' || inside.length === 0 ? 'None' : inside.join('&')})\n`;
    if (game.locBusy[l]! > 0) s += `occupy(${loc.id})\n`;
  }
  s += '\n-accomplished task:\n';
  for (const d of game.accomplished) s += `${d}, `;
  return `${s}\n\n`;
}

/** Python's repr of a list of strings, as `str(env.feedback)` printed it. */
export function pyListRepr(items: readonly string[]): string {
  return `[${items.map((s) => (s.includes("'") && !s.includes('"') ? `"${s}"` : `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`)).join(', ')}]`;
}

/** The user message of one step: feedback and suggestions (unless switched off), the state, then `-action:`. */
export function stepMessage(game: CuisineGame, withFeedback = true, extraFeedback: readonly string[] = []): string {
  const feedback = [...extraFeedback, ...game.lastFeedback];
  const head = withFeedback
    ? `-execution error messages:\n  --  ${pyListRepr(feedback)}\n-execution suggestions:\n  --  ${pyListRepr(game.lastSuggestions)}\n`
    : '';
  return `${head}${stateText(game)}-action:\n`;
}
