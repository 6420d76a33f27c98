/**
 * Action extraction (the paper's "Action Extraction" module): commands are found by pattern anywhere in the model's
 * reply, so free text, numbering and apologies around them do not matter. Same pattern as MindAgent's `extract_actions`.
 */
const ACTION_RE = /((noop|goto|put|activate|get)_agent\d+(_[a-zA-Z0-9_]+)?)/g;

export function extractActions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ACTION_RE)) out.push(m[1]!);
  return out;
}

/** The agent number a command names, or -1. */
export function commandAgent(command: string): number {
  const m = /^[a-z]+_agent(\d+)/.exec(command);
  return m ? Number(m[1]) : -1;
}
