/**
 * The team panel of the human-play page shows each agent's own last command. The dispatch order is not the agent order
 * (the heuristic chains its commands), so the page maps commands to agents by the agent each command names.
 */
import { describe, expect, it } from 'vitest';
import { HumanGame } from '../../src/server/cuisine/human-game.js';
import { agentLabel, agentOfCommand, lastCommandsByAgent } from '../../web/cuisine/last-commands.js';

describe('last command of each agent', () => {
  it('reads the agent a command names', () => {
    expect(agentOfCommand('noop_agent0')).toBe('agent0');
    expect(agentOfCommand('get_agent12_tomato_storage0')).toBe('agent12');
    expect(agentOfCommand('activate_agent3_blender0')).toBe('agent3');
    expect(agentOfCommand('noop')).toBeNull();
    expect(agentOfCommand('goto_storage0')).toBeNull();
    expect(agentLabel('agent0')).toBe('You');
    expect(agentLabel('agent2')).toBe('AI 2');
  });

  it('gives every agent its own command and result when the dispatcher ran them out of agent order', async () => {
    // Level 1 with three heuristic cooks: at step 4 agent3 activates the blender before agent1 and agent2 act.
    const game = new HumanGame({ id: 'g', level: 'level_1', agents: 4, alpha: 2.2, seed: 1, ai: 'heuristic' });
    let step = await game.step('noop_agent0');
    while (step.step < 4) step = await game.step('noop_agent0');
    const order = step.commands.map((c) => agentOfCommand(c));
    expect(order).not.toEqual(['agent0', 'agent1', 'agent2', 'agent3']);

    const byAgent = lastCommandsByAgent(step);
    expect([...byAgent.keys()].sort()).toEqual(['agent0', 'agent1', 'agent2', 'agent3']);
    for (const [agent, { command, ok }] of byAgent) {
      expect(agentOfCommand(command)).toBe(agent);
      expect(ok).toBe(step.success[step.commands.indexOf(command)]);
    }
    expect(byAgent.get('agent0')?.command).toBe('noop_agent0');
    expect(byAgent.get('agent3')?.command).toMatch(/^activate_agent3_/);
  });

  it('keeps a failed command marked as failed on its own agent', () => {
    const byAgent = lastCommandsByAgent({
      commands: ['goto_agent0_pot0', 'put_agent2_pot0', 'goto_agent1_storage0'],
      success: [true, false, true],
    });
    expect(byAgent.get('agent1')).toEqual({ command: 'goto_agent1_storage0', ok: true });
    expect(byAgent.get('agent2')).toEqual({ command: 'put_agent2_pot0', ok: false });
  });
});
