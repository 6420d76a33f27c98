import { describe, expect, it } from 'vitest';
import { goalsFromBrief, parseGoalText } from '../../../src/agents/heuristic/goals-from-brief.js';

describe('goalsFromBrief', () => {
  it('uses structured goals from the brief when they are valid', () => {
    const goals = goalsFromBrief({ id: 'a/b-v1', type: 'harvest', goal: 'whatever', maxTicks: 10, goals: [{ type: 'harvest', item: 'oak_log', count: 3 }] });
    expect(goals).toEqual([{ type: 'harvest', item: 'oak_log', count: 3 }]);
  });

  it('reads the suites\' goal sentences', () => {
    expect(parseGoalText('Mine 50 logs as a team', 'collection')).toMatchObject({ type: 'collection', items: [{ count: 50 }] });
    expect(parseGoalText('Mine 50 stones as a team', 'collection')).toEqual({ type: 'collection', items: [{ any_of: ['cobblestone', 'stone'], count: 50 }] });
    expect(parseGoalText('Obtain 8 oak logs', 'harvest')).toEqual({ type: 'harvest', item: 'oak_log', count: 8 });
    expect(parseGoalText('Obtain 1 iron_ingot', 'harvest')).toEqual({ type: 'harvest', item: 'iron_ingot', count: 1 });
    expect(parseGoalText('Make a iron_pickaxe', 'tech_tree')).toEqual({ type: 'tech_tree', tool: 'iron_pickaxe', path: [] });
    expect(parseGoalText('Kill 3 zombies', 'combat')).toEqual({ type: 'combat', mob: 'zombie', count: 3 });
    expect(parseGoalText('Survive for 1 day', 'survival')).toEqual({ type: 'survive_days', days: 1, who: 'all' });
    expect(parseGoalText('Build a 5x5 shelter at [10, 64, 10]: stone foundation', 'shelter')).toMatchObject({ type: 'shelter', origin: { x: 10, y: 64, z: 10 }, width: 5, depth: 5 });
  });

  it('gives no goal for a sentence it cannot read, instead of guessing', () => {
    expect(goalsFromBrief({ id: 'a/b-v1', type: 'creative', goal: 'Explore the world and build a landmark others can find', maxTicks: 10 })).toEqual([]);
  });
});
