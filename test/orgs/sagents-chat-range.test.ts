import { describe, expect, it } from 'vitest';
import { collectionTask } from '../../src/orgs/collection-task.js';
import { compileTask } from '../../src/tasks/compile.js';
import { loadTaskFile } from '../../src/tasks/load.js';
import { suiteFiles } from '../../src/tasks/task-files.js';

describe('S-Agents teams talk over the game chat with no range limit (the paper\'s setting)', () => {
  it('every S-Agents suite task hears chat everywhere (on the 100-log task, 420 of 475 messages were lost to 32 blocks)', async () => {
    const files = suiteFiles('sagents');
    expect(files).toHaveLength(16);
    for (const file of files) {
      const loaded = await loadTaskFile(file);
      if (!loaded.ok) throw new Error(`${file} is invalid`);
      expect(compileTask(loaded.spec, 0).scenario.chatRange, file).toBeNull();
    }
  });

  it('so does the built-in collection task, unless a range is asked for', () => {
    expect(collectionTask({ agents: ['a', 'b'], target: 10 }).scenario.chatRange).toBeNull();
    expect(collectionTask({ agents: ['a', 'b'], target: 10, chatRange: 16 }).scenario.chatRange).toBe(16);
  });
});
