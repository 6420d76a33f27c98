/**
 * The committed TickingCollab benchmark data (suites/tickingcollab/generated/): at least 50 valid tasks
 * per type, each loading with the task loader and passing the feasibility verifier, and regenerating
 * from the specs with the recorded seed rewrites the very same files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTasks, TYPE_SLUG } from '../../../src/tasks/generate/generate.js';
import { reportData, reportText } from '../../../src/tasks/generate/report.js';
import { loadUserSpec } from '../../../src/tasks/generate/user-spec.js';
import { verifyTask } from '../../../src/tasks/generate/verify/feasibility.js';
import { loadTaskFile } from '../../../src/tasks/load.js';
import { Registry } from '../../../src/world/registry.js';

const root = new URL('../../../suites/tickingcollab/', import.meta.url).pathname;
const generated = join(root, 'generated');
/** The seed and count the committed data was generated with (see docs/task-generator.md). */
const SEED = '2026';
const COUNT = 50;
const SPECS = ['prepare-crisis', 'mine-vanishing-blocks', 'raid-boss'] as const;

describe.each(SPECS)('suites/tickingcollab/generated: %s', (name) => {
  const spec = loadUserSpec(join(root, 'specs', `${name}.yaml`));
  const slug = TYPE_SLUG[spec.task_type];
  const files = readdirSync(generated).filter((f) => f.startsWith(`${slug}-`) && f.endsWith('.yaml')).sort();

  it(`holds at least ${COUNT} tasks that load and pass the verifier`, async () => {
    expect(files.length).toBeGreaterThanOrEqual(COUNT);
    for (const file of files) {
      const r = await loadTaskFile(join(generated, file));
      if (!r.ok) throw new Error(`${file}: ${r.issues.map((i) => `${i.path}: ${i.reason}`).join('; ')}`);
      expect(r.spec.task.type).toBe(spec.task_type);
      const v = verifyTask(r.spec, spec.feasibility, Registry.get());
      expect(v.reasons, file).toEqual([]);
    }
  });

  // A change to the samplers, the verifier or the difficulty metrics changes the files on purpose:
  // then regenerate them with the command in docs/task-generator.md and review the diff.
  it('is regenerated identically from its spec and seed', async () => {
    const result = await generateTasks({ spec, count: COUNT, seed: SEED });
    expect(result.tasks.map((t) => t.file)).toEqual(files);
    const stale = `differs from a fresh generation; regenerate: npx guildcraft generate --spec suites/tickingcollab/specs/${name}.yaml --count ${COUNT} --seed ${SEED} --out suites/tickingcollab/generated`;
    for (const t of result.tasks) expect(t.yaml, `${t.file} ${stale}`).toBe(readFileSync(join(generated, t.file), 'utf8'));
    expect(reportText(result)).toBe(readFileSync(join(generated, `${slug}.report.md`), 'utf8'));
    expect(JSON.parse(readFileSync(join(generated, `${slug}.report.json`), 'utf8'))).toEqual(JSON.parse(JSON.stringify(reportData(result))));
  });
});
