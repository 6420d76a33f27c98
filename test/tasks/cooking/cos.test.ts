import { describe, expect, it } from 'vitest';
import { aggregateCos, cookingGoalOf, withOrderSettings } from '../../../src/tasks/cooking/cos.js';
import { ALPHAS, menuInterval } from '../../../src/tasks/cooking/menu.js';
import { specOf, taskYaml } from '../sim-episode.js';

const spec = specOf(
  taskYaml({ type: 'cooking', success: 'type: cooking_orders\nmenu: [cooked_beef, bread]\nalpha: 2', environment: 'max_steps: 50\nchest: {position: [0, 64, -2]}' }),
);

describe('CoS for the Minecraft kitchen', () => {
  it('sums completed and failed over the episodes of each alpha and averages the rates over the alphas', () => {
    const r = aggregateCos(
      ALPHAS,
      [
      { alpha: 1, completed: 1, failed: 3, open: 1 },
      { alpha: 1, completed: 2, failed: 2, open: 0 }, // alpha 1: 3/8
      { alpha: 1.5, completed: 1, failed: 0, open: 0 },
      { alpha: 1.5, completed: 3, failed: 4, open: 2 }, // 4/8 = 0.5 (the mean of episode rates would be 0.71)
      { alpha: 2, completed: 0, failed: 0, open: 3 }, // nothing decided: 0
      { alpha: 2.5, completed: 5, failed: 0, open: 0 },
      { alpha: 3, completed: 4, failed: 1, open: 0 },
      ],
      (alpha) => menuInterval(cookingGoalOf(spec).menu, alpha),
    );
    expect(r.alphas.map((a) => a.rate)).toEqual([3 / 8, 0.5, 0, 1, 0.8]);
    expect(r.alphas[1]).toMatchObject({ episodes: 2, completed: 4, failed: 4, open: 2, interval: menuInterval(['cooked_beef', 'bread'], 1.5) });
    expect(r.cos).toBeCloseTo((3 / 8 + 0.5 + 0 + 1 + 0.8) / 5);
  });

  it('sets one episode`s alpha and order seed without touching the file`s spec', () => {
    const next = withOrderSettings(spec, 3, 7);
    expect(cookingGoalOf(next)).toMatchObject({ alpha: 3, seed: 7, menu: ['cooked_beef', 'bread'] });
    expect(cookingGoalOf(spec)).toMatchObject({ alpha: 2 });
    expect(cookingGoalOf(spec).seed).toBeUndefined(); // the file's own spec is untouched: no seed, so the episode's is used
    const plain = specOf(taskYaml({ type: 'harvest', success: 'type: harvest\nitem: wheat' }));
    expect(() => cookingGoalOf(plain)).toThrow(/no cooking_orders goal/);
  });
});
