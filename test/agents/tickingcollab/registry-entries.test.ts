import { describe, expect, it } from 'vitest';
import { architecture } from '../../../src/agents/registry.js';
import { LlmRun, ScriptedModel } from '../../../src/llm/index.js';

describe('registry entries of G2', () => {
  it('lists the TickingCollab, code-as-action and human architectures with their organisations', () => {
    expect(architecture('tickingcollab-centralized')).toMatchObject({ usesModel: true, orgs: ['centralized'] });
    expect(architecture('tickingcollab-distributed')).toMatchObject({ usesModel: true, orgs: ['distributed'] });
    expect(architecture('code-as-action')).toMatchObject({ usesModel: true, orgs: ['solo'] });
    expect(architecture('human')).toMatchObject({ usesModel: false, orgs: ['solo'] });
  });

  it('builds teams on the run\'s model, and says what to configure when there is none', () => {
    const llm = new LlmRun({ scripted: { plan: new ScriptedModel('plan', ['{}']) }, env: {}, config: {} });
    for (const name of ['tickingcollab-centralized', 'tickingcollab-distributed', 'code-as-action']) {
      expect(architecture(name).create({ seed: '1', model: 'scripted:plan', llm, latency: '100' }).architecture).toBe(name);
    }
    expect(() => new LlmRun({ env: {}, config: {} }).model('planner')).toThrow(/GUILDCRAFT_MODEL/);
    expect(() => architecture('code-as-action').create({ seed: '1', llm: new LlmRun({ env: {}, config: {} }) })).toThrow(/GUILDCRAFT_MODEL/);
  });
});
