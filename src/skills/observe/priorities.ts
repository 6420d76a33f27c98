/**
 * How urgent each kind of observed event is. The numbers are the contract stated on
 * `ObservedEvent.priority` (core/observation.ts): an agent that reads only the top events still
 * learns that it died, is being hurt or is drowning before it learns that a skill finished.
 */
export const EVENT_PRIORITY = {
  death: 100,
  hurt: 80,
  lowOxygen: 70,
  lowFood: 60,
  chatToMe: 50,
  skillDone: 40,
  /** An action the env rejected (bad schema, unknown skill): as urgent as a finished skill. */
  actionRejected: 40,
  other: 10,
} as const;

/** Below this much air (ticks; 300 is full) the agent is told it is drowning: 5 s before damage starts. */
export const LOW_OXYGEN_TICKS = 100;
/** At or below this food level sprinting stops (vanilla), so it is when an agent should eat. */
export const LOW_FOOD_LEVEL = 6;
