/**
 * The 63 CuisineWorld recipes, in the order of MindAgent's `assets/recipe.json` (the prompt lists recipes in this order).
 * Source: /work/shared/reference/cuisineworld.md §3.1 (github:mindagent/mindagent@540a114). Matching is exact: the tool's
 * contents must equal `ingredients` as a set, no more and no less.
 */
import type { ToolType } from './tools.js';

export interface RecipeDef {
  readonly product: string;
  readonly tool: ToolType;
  readonly ingredients: readonly string[];
}

export const RECIPES: readonly RecipeDef[] = [
  { product: 'boiledLobster', tool: 'pot', ingredients: ['potato', 'lobster'] },
  { product: 'beefMeatcake', tool: 'blender', ingredients: ['beef', 'flour'] },
  { product: 'porkMeatcake', tool: 'blender', ingredients: ['pork', 'flour'] },
  { product: 'salmonMeatcake', tool: 'blender', ingredients: ['salmon', 'flour'] },
  { product: 'lambMeatcake', tool: 'blender', ingredients: ['lamb', 'flour'] },
  { product: 'chickenMeatcake', tool: 'blender', ingredients: ['chicken', 'flour'] },
  { product: 'turkeyMeatcake', tool: 'blender', ingredients: ['turkey', 'flour'] },
  { product: 'duckMeatcake', tool: 'blender', ingredients: ['duck', 'flour'] },
  { product: 'lobsterMeatcake', tool: 'blender', ingredients: ['lobster', 'flour'] },
  { product: 'cake', tool: 'blender', ingredients: ['egg', 'flour'] },
  { product: 'mixedGroundMeat', tool: 'blender', ingredients: ['pork', 'beef', 'chicken'] },
  { product: 'groundBeef', tool: 'blender', ingredients: ['beef'] },
  { product: 'groundPork', tool: 'blender', ingredients: ['pork'] },
  { product: 'groundSalmon', tool: 'blender', ingredients: ['salmon'] },
  { product: 'potatoSlice', tool: 'chopboard', ingredients: ['potato'] },
  { product: 'onionSlice', tool: 'chopboard', ingredients: ['onion'] },
  { product: 'carrotSlice', tool: 'chopboard', ingredients: ['carrot'] },
  { product: 'lettuceSlice', tool: 'chopboard', ingredients: ['lettuce'] },
  { product: 'tomatoSlice', tool: 'chopboard', ingredients: ['tomato'] },
  { product: 'cucumberSlice', tool: 'chopboard', ingredients: ['cucumber'] },
  { product: 'salmonSashimi', tool: 'chopboard', ingredients: ['salmon'] },
  { product: 'tunaSashimi', tool: 'chopboard', ingredients: ['tuna'] },
  { product: 'frenchFries', tool: 'fryer', ingredients: ['potatoSlice'] },
  { product: 'potatoSalad', tool: 'mixer', ingredients: ['potatoSlice', 'egg'] },
  { product: 'rawSmashedPotato', tool: 'blender', ingredients: ['potatoSlice'] },
  { product: 'smashedPotato', tool: 'steamer', ingredients: ['rawSmashedPotato'] },
  { product: 'cookedRice', tool: 'pot', ingredients: ['rice'] },
  { product: 'cookedPasta', tool: 'pot', ingredients: ['pasta'] },
  { product: 'sauteedTomato', tool: 'pan', ingredients: ['tomatoSlice'] },
  { product: 'sauteedPork', tool: 'pan', ingredients: ['pork'] },
  { product: 'sauteedBeef', tool: 'pan', ingredients: ['beef'] },
  { product: 'sauteedChicken', tool: 'pan', ingredients: ['chicken'] },
  { product: 'sauteedGroundPork', tool: 'pan', ingredients: ['groundPork'] },
  { product: 'sauteedGroundBeef', tool: 'pan', ingredients: ['groundBeef'] },
  { product: 'tomatoPasta', tool: 'mixer', ingredients: ['cookedPasta', 'sauteedTomato'] },
  { product: 'porkPasta', tool: 'mixer', ingredients: ['cookedPasta', 'sauteedGroundPork'] },
  { product: 'beefPasta', tool: 'mixer', ingredients: ['cookedPasta', 'sauteedGroundBeef'] },
  { product: 'lettuceSalad', tool: 'mixer', ingredients: ['lettuceSlice'] },
  { product: 'tomatoSalad', tool: 'mixer', ingredients: ['tomatoSlice'] },
  { product: 'tomatoLettuceSalad', tool: 'mixer', ingredients: ['tomatoSlice', 'lettuceSlice'] },
  { product: 'tomatoCucumberSalad', tool: 'mixer', ingredients: ['tomatoSlice', 'cucumberSlice'] },
  { product: 'mixedSalad', tool: 'mixer', ingredients: ['tomatoSlice', 'lettuceSlice', 'cucumberSlice'] },
  { product: 'mixedSashimi', tool: 'mixer', ingredients: ['salmonSashimi', 'tunaSashimi'] },
  { product: 'salmonSushi', tool: 'mixer', ingredients: ['salmonSashimi', 'cookedRice'] },
  { product: 'salmonRoll', tool: 'mixer', ingredients: ['salmonSashimi', 'cookedRice', 'seaweedSheet'] },
  { product: 'tunaRoll', tool: 'mixer', ingredients: ['tunaSashimi', 'cookedRice', 'seaweedSheet'] },
  { product: 'tunaSushi', tool: 'mixer', ingredients: ['tunaSashimi', 'cookedRice'] },
  { product: 'tomatoSauce', tool: 'blender', ingredients: ['tomato'] },
  { product: 'pepperoniPizza', tool: 'oven', ingredients: ['tomatoSauce', 'pepperoni', 'cheese', 'dough'] },
  { product: 'hawaiianPizza', tool: 'oven', ingredients: ['tomatoSauce', 'pork', 'cheese', 'dough'] },
  { product: 'chickenPizza', tool: 'oven', ingredients: ['tomatoSauce', 'chicken', 'cheese', 'dough'] },
  { product: 'onionPotatoLeekSoup', tool: 'pot', ingredients: ['onion', 'potato', 'leek'] },
  { product: 'onionPotatoCarrotSoup', tool: 'pot', ingredients: ['onion', 'potato', 'carrot'] },
  { product: 'onionBroccoliCheeseSoup', tool: 'pot', ingredients: ['onion', 'broccoli', 'cheese'] },
  { product: 'beefDumpling', tool: 'steamer', ingredients: ['groundBeef', 'flour'] },
  { product: 'porkDumpling', tool: 'steamer', ingredients: ['groundPork', 'flour'] },
  { product: 'salmonDumpling', tool: 'steamer', ingredients: ['groundSalmon', 'flour'] },
  { product: 'cheeseBurger', tool: 'mixer', ingredients: ['cheese', 'sauteedBeef', 'bread'] },
  { product: 'MaxJr', tool: 'mixer', ingredients: ['lettuceSlice', 'sauteedBeef', 'cheese', 'bread'] },
  { product: 'Hopper', tool: 'mixer', ingredients: ['tomatoSlice', 'lettuceSlice', 'sauteedBeef', 'bread'] },
  { product: 'BurritodePastor', tool: 'mixer', ingredients: ['sauteedPork', 'cookedRice', 'tortilla'] },
  { product: 'BurritodeAsada', tool: 'mixer', ingredients: ['sauteedBeef', 'cookedRice', 'tortilla'] },
  { product: 'BurritodePollo', tool: 'mixer', ingredients: ['sauteedChicken', 'cookedRice', 'tortilla'] },
];
