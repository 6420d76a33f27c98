/**
 * The fixed part of the LLM dispatcher's prompt (cuisineworld.md §6.2, paper §4.1): rules with the instructions, the
 * inference knowledge (switchable), the level's recipes, the tools; then the info line about how many agents to plan for.
 */
import { BASE_INGREDIENTS, RECIPES, recipeFor, type Level, type RecipeDef } from '../../../env/cuisine/index.js';
import { INFERENCE_KNOWLEDGE, RULES_HEADER } from './texts.js';

/** The demo's dish, always listed with the level's recipes so the one-shot demo makes sense. */
export const DEMO_DISH = 'porkMeatcake';

export interface RulesOptions {
  /** Include the inference knowledge ("notes"). */
  inferenceKnowledge?: boolean;
}

/** The recipes the prompt shows: the level's, plus the demo's, in recipe.json order. */
export function promptRecipes(level: Level): RecipeDef[] {
  const demo = recipeFor(DEMO_DISH)!;
  const have = new Set(level.recipes.map((r) => r.product));
  if (have.has(demo.product)) return [...level.recipes];
  // recipe.json order: porkMeatcake is #3, so it sits before every recipe that follows it there.
  const all = [...level.recipes, demo];
  const order = (r: RecipeDef) => RECIPE_ORDER.get(r.product) ?? 0;
  return all.sort((a, b) => order(a) - order(b));
}

const RECIPE_ORDER = new Map(RECIPES.map((r, i) => [r.product, i]));
const BASE_SET = new Set(BASE_INGREDIENTS);

export function rulesPrompt(level: Level, options: RulesOptions = {}): string {
  const recipes = promptRecipes(level);
  let s = RULES_HEADER;
  if (options.inferenceKnowledge ?? true) s += INFERENCE_KNOWLEDGE;
  s += 'Here are the recipes: \n\n';
  for (const r of recipes) {
    s += `Cook ${r.product} at: \n -- location: ${r.tool} \n -- with ingredients: ${r.ingredients.map((i) => `    ${i}, `).join('')}\n`;
  }
  // The original listed objects in Python set order (unstable); this lists them in recipe order, ingredients first.
  const objects: string[] = [];
  const seen = new Set<string>();
  for (const r of recipes) {
    for (const item of [...r.ingredients, r.product]) {
      if (!seen.has(item)) {
        seen.add(item);
        objects.push(item);
      }
    }
  }
  s += 'The following objects are available: \n';
  objects.forEach((o, k) => (s += ` --${k + 1}) ${o} \n`));
  s += 'The objecsts are cooked using tools or are just base ingredients. \n';
  s += 'Among them, the following are base ingredients: \n';
  objects.filter((o) => BASE_SET.has(o)).forEach((o, k) => (s += ` --${k + 1}) ${o} \n`));
  s += 'You can only obtain base ingredients from the storage initially.  \n';
  s += 'Additional rules: \n';
  // The original printed every line twice; once is enough.
  for (const loc of level.locations) s += `You can place up to ${loc.capacity === -1 ? 'infinite' : loc.capacity} item into the ${loc.id} \n`;
  s += `** Only ** the following tools are available: \n${level.locations.map((l) => `${l.id}, `).join('')}`;
  s += 'You cannot pick up these tools. You can only use those tools at the corresponding location.\n\n\n';
  return s;
}

/** The info line: how many agents to plan for (with a human as agent0 when `human` is set). */
export function infoPrompt(numAgents: number, human = false): string {
  if (human) {
    return `In this game, there is one human, denote as agent0, you should read the human's action and control the other ${numAgents - 1} agents to collaborate with the human. Therefore, you should plan ${numAgents - 1} actions at a time.`;
  }
  return `In this game, There are ${numAgents} agents available and no human, so you should control all the ${numAgents} agents, and plan ${numAgents} actions at a time.\n`;
}
