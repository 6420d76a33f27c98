/**
 * Which command each agent was given in a step. A step's `commands` are in dispatch order, the order the game ran them:
 * the human's first, then the AI dispatcher's in the order it chose, which chains them (one cook puts the last ingredient
 * in, the next activates the tool), so position i is not agent i. Each command names its agent as its second token
 * (`activate_agent3_blender0`, the grammar of src/env/cuisine/command.ts), and that is what this goes by.
 * Pure (no DOM), so it is unit-tested under Node.
 */
import type { HumanStepRecord } from '../../src/server/cuisine/human-game.js';

export interface AgentCommand {
  readonly command: string;
  /** Whether the game carried it out. */
  readonly ok: boolean;
}

/** `agent3` for `activate_agent3_blender0`; null for text that names no agent. */
export function agentOfCommand(command: string): string | null {
  const token = command.split('_')[1];
  return token !== undefined && /^agent\d+$/.test(token) ? token : null;
}

/** Agent id → the command it was given in `step` (agents given none are absent). */
export function lastCommandsByAgent(step: Pick<HumanStepRecord, 'commands' | 'success'>): Map<string, AgentCommand> {
  const byAgent = new Map<string, AgentCommand>();
  step.commands.forEach((command, i) => {
    const agent = agentOfCommand(command);
    if (agent !== null) byAgent.set(agent, { command, ok: step.success[i] === true });
  });
  return byAgent;
}

/** How the page names an agent: `You` for the human's agent0, `AI n` for the others. */
export function agentLabel(id: string): string {
  return id === 'agent0' ? 'You' : `AI ${id.replace('agent', '')}`;
}
