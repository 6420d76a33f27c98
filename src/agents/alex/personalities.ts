/**
 * Personalities for Alex's system prompt (MineLand's "Personality:" line, "None" by default) as named presets for
 * the paper's sociological studies (Appendix O): high or low extraversion and agreeableness (the five-factor model's
 * two traits the personality study varies), and a conformist or an independent judge (the conformity study). The
 * paper names the traits but does not publish its wording; these sentences are ours. Any other text is used as given.
 */
export const PERSONALITY_PRESETS = {
  none: 'None',
  'high-extraversion-agreeableness':
    'High extraversion and high agreeableness: outgoing, talkative and energised by company; warm, trusting and eager to help others and work with them.',
  'low-extraversion-agreeableness':
    'Low extraversion and low agreeableness: reserved and solitary, preferring to work alone; sceptical of others, competitive and unwilling to share.',
  conformist: 'Conformist: you value agreeing with the group and tend to follow the choice most others made, even when unsure it is right.',
  independent: 'Independent: you trust your own judgement and decide by what you observe, whatever the others chose.',
} as const;

export type PersonalityPreset = keyof typeof PERSONALITY_PRESETS;

/** A preset's text, or the value itself when it names no preset (a personality written out in full). */
export function personalityText(value: string): string {
  return Object.hasOwn(PERSONALITY_PRESETS, value) ? PERSONALITY_PRESETS[value as PersonalityPreset] : value;
}
