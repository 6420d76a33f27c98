import { describe, expect, it } from 'vitest';
import { BASE_INGREDIENTS } from './data/ingredients.js';
import { LEVELS } from './data/levels.js';
import { RECIPES } from './data/recipes.js';
import { getLevel, recipeFor } from './level.js';
import { ALPHAS, taskLifetime, waitTime } from './oracle.js';

// cuisineworld.md §4.1: task interval per level at alpha 1.0 / 1.5 / 2.0 / 2.5 / 3.0 (computed by the original code).
const INTERVALS: Record<string, number[]> = {
  level_0: [3, 5, 6, 8, 9],
  level_1: [3, 5, 6, 8, 9],
  level_2: [5, 7, 9, 12, 14],
  level_3: [6, 8, 11, 13, 16],
  level_4: [5, 7, 9, 12, 14],
  level_5: [7, 10, 14, 17, 20],
  level_6: [7, 10, 13, 16, 19],
  level_7: [5, 7, 9, 11, 13],
  level_8: [5, 7, 9, 12, 14],
  level_9: [8, 12, 15, 19, 23],
  level_10: [7, 10, 13, 16, 19],
  level_11: [7, 10, 13, 16, 19],
  level_12: [5, 7, 9, 12, 14],
};

// cuisineworld.md §3.2: compute_wait_time W per dish; lifetimes from §4.1 for a few dishes.
const WAIT: Record<string, number> = {
  BurritodeAsada: 21, BurritodePastor: 21, BurritodePollo: 21, Hopper: 25, MaxJr: 22, beefDumpling: 15, beefPasta: 22,
  cheeseBurger: 16, chickenPizza: 21, frenchFries: 10, hawaiianPizza: 21, lambMeatcake: 10, lettuceSalad: 9,
  lobsterMeatcake: 10, mixedSashimi: 15, onionBroccoliCheeseSoup: 14, onionPotatoCarrotSoup: 14, onionPotatoLeekSoup: 14,
  pepperoniPizza: 21, porkDumpling: 15, porkPasta: 22, potatoSalad: 12, salmonDumpling: 15, salmonMeatcake: 10,
  salmonSashimi: 6, salmonSushi: 17, smashedPotato: 15, tomatoCucumberSalad: 15, tomatoLettuceSalad: 15, tomatoPasta: 21,
  tomatoSalad: 9, tunaSashimi: 6, tunaSushi: 17,
};
const LIFETIMES: Record<string, number[]> = {
  Hopper: [19, 29, 38, 47, 57],
  salmonMeatcake: [8, 12, 15, 19, 23],
  salmonSashimi: [5, 7, 9, 12, 14],
  tomatoSalad: [7, 11, 14, 17, 21],
  porkPasta: [17, 25, 33, 42, 50],
  onionPotatoLeekSoup: [11, 16, 21, 27, 32],
};

describe('CuisineWorld data and order pacing', () => {
  it('has the published counts: 27 base ingredients, 63 recipes, 13 levels, 33 orderable dishes', () => {
    expect(BASE_INGREDIENTS).toHaveLength(27);
    expect(RECIPES).toHaveLength(63);
    expect(LEVELS).toHaveLength(13);
    expect(new Set(LEVELS.flatMap((l) => l.dishes)).size).toBe(33);
    expect(new Set(RECIPES.map((r) => r.product)).size).toBe(63);
  });

  it('computes wait time W for all 33 dishes as the original', () => {
    for (const [dish, w] of Object.entries(WAIT)) expect([dish, waitTime(dish, recipeFor)]).toEqual([dish, w]);
  });

  it('computes every level interval at the five alphas as the original', () => {
    for (const [name, expected] of Object.entries(INTERVALS)) {
      expect([name, ALPHAS.map((a) => getLevel(name).interval(a))]).toEqual([name, expected]);
    }
  });

  it('computes lifetimes = ceil(2.5 * alpha * W * 0.3)', () => {
    for (const [dish, expected] of Object.entries(LIFETIMES)) {
      expect([dish, ALPHAS.map((a) => taskLifetime(WAIT[dish]!, a))]).toEqual([dish, expected]);
    }
  });
});
