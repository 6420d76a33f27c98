/** The part of the oracle that plans one task family: it gets the agents that need a decision and answers for them. */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';

export interface OraclePlanner {
  decide(asked: Readonly<Record<string, Observation>>): Partial<Record<string, AgentAction>>;
}
