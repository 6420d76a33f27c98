/**
 * The one-shot demo (paper §4.1): a recorded game cooking a dish the level does not have (porkMeatcake), shown as
 * alternating user (state) and assistant (one command per line) turns. The original demos were human plays recorded on the
 * legacy levels (1 blender for 1–2 agents, 2 blenders for 3–4), without feedback lines and with 30 maximum steps. These are
 * recorded the same way, by the heuristic dispatcher in our engine, so they are always consistent with the rules.
 */
import { CuisineGame, DEMO_LEVELS, Level, stepMessage } from '../../../env/cuisine/index.js';
import type { ChatMessage } from '../../../llm/types.js';
import { HeuristicDispatcher } from '../heuristic-dispatcher.js';
import { DEMO_DISH } from './prompt.js';

/** Turns in a full demo (the original 2- to 4-agent demos have 10). */
export const FULL_DEMO_TURNS = 10;
/** Turns in the "just few steps" ablation. */
export const FEW_STEP_DEMO_TURNS = 2;

const cache = new Map<string, ChatMessage[]>();

/** Demo messages recorded with `agents` agents (1–4), cut to `turns` exchanges. */
export function demoMessages(agents: number, turns = FULL_DEMO_TURNS): ChatMessage[] {
  const key = `${agents}/${turns}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const def = DEMO_LEVELS[agents >= 3 ? 1 : 0]!;
  const level = new Level({ name: def.name.replace('demo_', ''), dishes: [DEMO_DISH], kitchen: def.kitchen });
  // Slow pacing so the demo shows one order from start to finish without pressure.
  const game = new CuisineGame({ level, agents, alpha: 3, seed: 0, maxSteps: 30 });
  const dispatcher = new HeuristicDispatcher();
  dispatcher.reset(game);
  const ctx = { game, agents: Array.from({ length: agents }, (_, i) => i), before: [] };
  const out: ChatMessage[] = [];
  for (let t = 0; t < turns && !game.done; t++) {
    let user = stepMessage(game, false);
    if (t === 0) {
      user = `There are ${agents} agents available, so you can execute ${agents} actions at a time.\nThis is an example you can use as a reference for a different level.\n${user}`;
    }
    const commands = dispatcher.dispatch(ctx);
    out.push({ role: 'user', content: user }, { role: 'assistant', content: commands.join('\n') });
    game.step(commands);
  }
  cache.set(key, out);
  return out;
}
