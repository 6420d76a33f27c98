import { describe, expect, it } from 'vitest';
import { formatReport, validatePaths } from '../../src/cli/commands/validate.js';
import { SimEnv } from '../../src/env/sim/sim-env.js';
import { compileTask } from '../../src/tasks/compile.js';
import { difficulty } from '../../src/tasks/difficulty.js';
import { loadTaskFile } from '../../src/tasks/load.js';
import { TaskRuntime } from '../../src/tasks/runtime.js';
import type { TaskSpec } from '../../src/tasks/spec.js';

const SUITES = new URL('../../suites', import.meta.url).pathname;

async function allSpecs(): Promise<{ file: string; spec: TaskSpec }[]> {
  const report = await validatePaths([SUITES]);
  const out: { file: string; spec: TaskSpec }[] = [];
  for (const f of report.files) {
    const r = await loadTaskFile(f.file);
    if (r.ok) out.push({ file: f.file, spec: r.spec });
  }
  return out;
}

describe('every task under suites/', () => {
  it('validates without errors or warnings, with unique ids', async () => {
    const report = await validatePaths([SUITES]);
    expect(report.files.length).toBeGreaterThan(30);
    expect(report.errors + report.warnings, formatReport(report)).toBe(0);
    const ids = report.files.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('compiles, and has finite difficulty metrics H and D', async () => {
    for (const { file, spec } of await allSpecs()) {
      const task = compileTask(spec, 0);
      expect(task.scenario.agents.length, file).toBe(spec.agents.spawn.length);
      const m = difficulty(spec);
      expect(m.H, file).toBeGreaterThanOrEqual(0);
      expect(m.H, file).toBeLessThanOrEqual(1);
      expect(Number.isFinite(m.D), file).toBe(true);
      expect(m.N, file).toBeGreaterThanOrEqual(0);
    }
  });

  it('one hand-written task of each type starts on the sim backend and run their first steps', async () => {
    const specs = (await allSpecs()).filter(({ file }) => !file.includes('/generated/'));
    const seen = new Set<string>();
    const sample = specs.filter(({ spec }) => {
      if (seen.has(spec.task.type)) return false;
      seen.add(spec.task.type);
      return true;
    });
    expect(sample.length).toBe(15); // every task type has a hand-written example
    for (const { file, spec } of sample) {
      const task = compileTask(spec, 1);
      const env = new SimEnv({ ticksPerStep: task.ticksPerStep });
      await env.reset({ seed: 1, scenario: task.scenario });
      const runtime = new TaskRuntime(task, env);
      runtime.setup();
      for (let i = 0; i < 2; i++) {
        await env.step({});
        runtime.onTick();
      }
      const outcome = runtime.summary();
      expect(outcome.eventFailures, file).toEqual([]);
      expect(outcome.score, file).toBeGreaterThanOrEqual(0);
      runtime.dispose();
      await env.close();
    }
  });
});
