import { describe, expect, it } from 'vitest';
import { episodeTaskFromSpec, loadSpec } from '../../src/runner/task-adapter.js';
import { taskFile } from '../../src/tasks/task-files.js';
import { taskHeaderLines } from '../../src/agents/tickingcollab/task-header.js';

describe('task adapter', () => {
  it("passes TickingCollab's {text: ...} guidance to agents as its text (prompts showed [object Object])", async () => {
    const spec = await loadSpec(taskFile('suites/tickingcollab/generated/raid-boss-036.yaml'));
    expect(typeof spec.task.guidance).toBe('object');
    const task = episodeTaskFromSpec(spec, '0');
    expect(task.brief.guidance).toBe('Agents differ in life points and weapons. Healing potions are stored in the chests.');
    const header = taskHeaderLines(task.brief, '').join('\n');
    expect(header).toContain('Guidance: Agents differ in life points');
    expect(header).not.toContain('[object Object]');
  });

  it('keeps plain-text guidance as written', async () => {
    const spec = await loadSpec(taskFile('tickingcollab/raid-boss-v1'));
    expect(episodeTaskFromSpec(spec, '0').brief.guidance).toBe('Minions keep coming while the boss lives. Swords hit fast, axes hit hard.');
  });
});
