import { describe, expect, it } from 'vitest';
import { isCooperativePlan } from './cooperative-plan.js';
import { PERSONALITY_PRESETS, personalityText } from './personalities.js';

describe('reading a long-term plan for cooperation (MineLand Table 15)', () => {
  it('counts plans that speak of working with others, in the reasoning or a sub-goal', () => {
    expect(isCooperativePlan({ reasoning: 'We will search faster together.', subGoals: ['Find the chest'] })).toBe(true);
    expect(isCooperativePlan({ subGoals: ['Team up with nearby players', 'Find the chest'] })).toBe(true);
    expect(isCooperativePlan({ subGoals: ['Ask other players for help if the forest is large'] })).toBe(true);
    expect(isCooperativePlan({ subGoals: ['Coordinate search areas with Bob and Ada'] })).toBe(true);
  });

  it('does not count plans that turn working with others down, or never mention it', () => {
    expect(isCooperativePlan({ reasoning: 'I prefer to work alone.', subGoals: ['Search the forest on my own'] })).toBe(false);
    expect(isCooperativePlan({ subGoals: ['Avoid working with other players', 'Find the chest'] })).toBe(false);
    expect(isCooperativePlan({ subGoals: ['Minimize interactions; do not team up'] })).toBe(false);
    expect(isCooperativePlan({ subGoals: ['Walk into the forest', 'Open the chest', 'Take the diamond'] })).toBe(false);
  });

  it('personality presets by name, any other text as given', () => {
    expect(personalityText('conformist')).toBe(PERSONALITY_PRESETS.conformist);
    expect(personalityText('none')).toBe('None');
    expect(personalityText('Curious and brave.')).toBe('Curious and brave.');
    expect(personalityText('toString')).toBe('toString');
  });
});
