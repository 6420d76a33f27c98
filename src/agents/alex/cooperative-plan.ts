/**
 * MineLand's personality study (Appendix O.2, Table 15) counts the agents whose long-term plan "explicitly states"
 * that they intend to work with others. The paper does not say how the plans were read; this is a transparent rule
 * over the plan's words (its reasoning and sub-goals): a sentence that speaks of working with others counts, unless
 * the same sentence turns it down ("avoid", "alone", "without", "minimise", a negation). A judge model would read
 * more like a person; the rule keeps the offline figure deterministic and its misses inspectable.
 */

/** Phrases of working with others. */
const COOPERATION = /\b(cooperat\w*|co-operat\w*|collaborat\w*|team(?:s|ing)? up|teammates?|work(?:s|ing)? (?:together|with (?:others|other players|the others|everyone|them|my team|\w+ and \w+))|together|coordinat\w*|help (?:others|other players|the others|each other|them)|ask (?:others|other players|the others|for help)|share\w*|join (?:forces|others|the others|them)|split (?:the|up)|divide (?:the|up)|in a group|as a group)\b/i;
/** Words that turn a sentence against working with others. */
const REFUSAL = /\b(avoid\w*|alone|without|minimi[sz]\w*|solo|by myself|on my own|not|never|no need|don't|do not|won't|refus\w*|ignore\w*)\b/i;

/** True when some sentence of the plan speaks of working with others and none of its words turn that down. */
export function isCooperativePlan(plan: { reasoning?: string; subGoals: readonly string[] }): boolean {
  const sentences = [plan.reasoning ?? '', ...plan.subGoals].flatMap((t) => t.split(/(?<=[.!?;])\s+|\n+/));
  return sentences.some((s) => COOPERATION.test(s) && !REFUSAL.test(s));
}
