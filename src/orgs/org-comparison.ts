/**
 * S-Agents' organisation comparison (§4.2, Fig. 7a) as data: per organisation, the time cost
 * TC (simulated minutes to success; NaN when the task was not done — the paper's rule for runs
 * that made no progress) and the mean prompt times mPT (hourglass planning iterations per agent),
 * with message and model counts beside them. Pure functions over episode rows; `compare-orgs`
 * runs the episodes.
 */
export interface OrgRun {
  seed: string;
  success: boolean;
  /** Simulated seconds to success; null when the run failed (NaN). */
  timeCostS: number | null;
  ticks: number;
  agents: number;
  prompts: number;
  meanPromptTimes: number;
  messages: number;
  messagesUndelivered: number;
  llmCalls: number;
  modelFaults: number;
  ended: string;
  details: string;
}

export interface OrgSummary {
  org: string;
  /** The paper's name: ToA, CoA, GoA, solo agent. */
  label: string;
  mode: string;
  agents: number;
  runs: OrgRun[];
  successes: number;
  /** Mean simulated minutes to success over successful runs; NaN when none succeeded. */
  timeCostMin: number;
  meanPromptTimes: number;
  messages: number;
  llmCalls: number;
  modelFaults: number;
}

export const ORG_LABELS: Record<string, string> = { tree: 'ToA', chain: 'CoA', graph: 'GoA', solo: 'solo' };

export function summariseOrg(org: string, mode: string, runs: OrgRun[]): OrgSummary {
  const ok = runs.filter((r) => r.success && r.timeCostS !== null);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  return {
    org,
    label: ORG_LABELS[org] ?? org,
    mode,
    agents: runs[0]?.agents ?? 0,
    runs,
    successes: ok.length,
    timeCostMin: mean(ok.map((r) => r.timeCostS! / 60)),
    meanPromptTimes: mean(runs.map((r) => r.meanPromptTimes)),
    messages: mean(runs.map((r) => r.messages)),
    llmCalls: mean(runs.map((r) => r.llmCalls)),
    modelFaults: runs.reduce((a, r) => a + r.modelFaults, 0),
  };
}

export interface ComparisonHeader {
  task: string;
  model: string;
  scripted: boolean;
  workers: number;
  seeds: number;
}

export function formatComparison(h: ComparisonHeader, rows: readonly OrgSummary[]): string {
  const model = h.scripted ? `${h.model} (a deterministic scripted policy, not a language model)` : h.model;
  const head = ['org', 'agents', 'mode', 'success', 'TC (min)', 'mPT', 'messages', 'LLM calls', 'faults'];
  const body = rows.map((r) => [
    `${r.label} (${r.org})`,
    String(r.agents),
    r.mode,
    `${r.successes}/${r.runs.length}`,
    Number.isNaN(r.timeCostMin) ? 'NaN' : r.timeCostMin.toFixed(2),
    Number.isNaN(r.meanPromptTimes) ? 'NaN' : r.meanPromptTimes.toFixed(1),
    r.messages.toFixed(1),
    r.llmCalls.toFixed(1),
    String(r.modelFaults),
  ]);
  const widths = head.map((c, i) => Math.max(c.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [
    `S-Agents organisations on ${h.task}: ${h.workers} working agent(s), ${h.seeds} seed(s); model ${model}`,
    line(head),
    ...body.map(line),
    'TC: simulated minutes to success (mean over successful seeds; NaN when none succeeded). mPT: hourglass planning iterations per agent (mean over seeds). A tree adds a leader to the workers (ToA(n)); solo is one agent.',
  ].join('\n');
}

/** JSON numbers cannot be NaN: NaN becomes null. */
export function comparisonJson(h: ComparisonHeader, rows: readonly OrgSummary[]): unknown {
  const n = (x: number) => (Number.isNaN(x) ? null : Math.round(x * 1000) / 1000);
  return { ...h, orgs: rows.map((r) => ({ ...r, timeCostMin: n(r.timeCostMin), meanPromptTimes: n(r.meanPromptTimes), messages: n(r.messages), llmCalls: n(r.llmCalls) })) };
}
