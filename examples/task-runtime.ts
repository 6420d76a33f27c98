// A task file stepped by hand with the task runtime (what TaskEnv does for you): load, compile, set up,
// step until the task decides, and read the outcome (docs/tasks.md). Nobody acts here, so the raid is lost.
const seed = '1';
const actions = {}; // every agent keeps doing what it does (nothing)

// #region doc
import { SimEnv, loadTaskFile, compileTask, tasks } from 'guildcraft';
const { TaskRuntime, formatIssue } = tasks;

const r = await loadTaskFile('suites/tickingcollab/raid-boss-v1.yaml');
if (!r.ok) throw new Error(r.issues.map(formatIssue).join('\n'));
const task = compileTask(r.spec, seed); // Scenario + events + goals
const env = new SimEnv({ ticksPerStep: task.ticksPerStep });
await env.reset({ seed, scenario: task.scenario });
const runtime = new TaskRuntime(task, env);
runtime.setup(); // step 0 events
while (!runtime.done().done) {
  await env.step(actions); // one task step
  runtime.onTick(); // events due, then end check
}
const outcome = runtime.summary(); // {success, score, perAgent, reason, …}
// #endregion doc
console.log('outcome:', JSON.stringify({ success: outcome.success, reason: outcome.reason, agents: Object.keys(outcome.perAgent ?? {}).length }));
await env.close();
