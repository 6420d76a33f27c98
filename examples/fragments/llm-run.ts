// docs/llm.md quotes the region below: models from a run's ledger, and a structured answer (a configured model is needed).
import type { RunLogSink } from 'guildcraft';
declare const runLog: RunLogSink;

// #region doc
import { LlmRun, generateObject } from 'guildcraft';
import { z } from 'zod';

const run = new LlmRun({ onCall: (record) => runLog.write({ type: 'llm_call', ...record }) });
const planner = run.model('planner'); // the configured model for role "planner"
const res = await planner.generate({ messages: [{ role: 'user', content: 'What next?' }], temperature: 0 }, { caller: { agent: 'ann' } });

const Plan = z.object({ steps: z.array(z.string()) });
const { object } = await generateObject(planner, { messages: [{ role: 'user', content: 'Plan a shelter.' }] }, Plan);
console.log(run.accountant.totals(), run.accountant.totalsByRole());
// #endregion doc
