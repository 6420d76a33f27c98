/**
 * The generator and `guildcraft validate --difficulty` measure the same file the same way, and the
 * feasibility margins default to the paper's.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePaths } from '../../../src/cli/commands/validate.js';
import { generateTasks } from '../../../src/tasks/generate/generate.js';
import { feasibilityMarginsSchema, loadUserSpec, userSpecSchema } from '../../../src/tasks/generate/user-spec.js';

const specs = new URL('../../../suites/tickingcollab/specs/', import.meta.url).pathname;

describe('difficulty agreement between generate and validate', () => {
  it('β₂ (block supply margin) defaults to 2.0', () => {
    expect(feasibilityMarginsSchema.parse({}).beta2).toBe(2);
    expect(userSpecSchema.parse({ task_type: 'raid_boss', description: 'x' }).feasibility.beta2).toBe(2);
  });

  it.each(['raid-boss', 'mine-vanishing-blocks'])('gives the same H for the same %s file in the generator and in validate', async (name) => {
    const spec = loadUserSpec(join(specs, `${name}.yaml`));
    const result = await generateTasks({ spec, count: 3, seed: 'agree' });
    expect(result.tasks.length).toBe(3);
    const dir = mkdtempSync(join(tmpdir(), 'gc-agree-'));
    for (const t of result.tasks) writeFileSync(join(dir, t.file), t.yaml);
    const report = await validatePaths([dir], { difficulty: true });
    expect(report.errors).toBe(0);
    for (const t of result.tasks) {
      const entry = report.files.find((f) => f.file.endsWith(t.file))!;
      expect([t.file, Math.round(entry.difficulty!.H * 1000) / 1000]).toEqual([t.file, t.record.difficulty!.H]);
    }
  });
});
