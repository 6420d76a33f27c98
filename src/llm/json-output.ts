/**
 * Pulls a JSON value out of a model's answer. Models wrap JSON in ```json fences or add a sentence around
 * it; both are tolerated. What is not JSON comes back as a problem description a model can act on.
 */
export type JsonExtraction = { ok: true; value: unknown } | { ok: false; problem: string };

export function extractJson(text: string): JsonExtraction {
  const candidates = jsonCandidates(text);
  let firstError: string | undefined;
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch (err) {
      firstError ??= (err as Error).message;
    }
  }
  if (text.trim() === '') return { ok: false, problem: 'the answer was empty; expected a JSON value' };
  return { ok: false, problem: `the answer is not valid JSON (${firstError ?? 'no JSON object or array found'})` };
}

/** Most likely first: a fenced block, the whole text, then the outermost {...} or [...] span. */
function jsonCandidates(text: string): string[] {
  const out: string[] = [];
  const fence = /```(?:json|JSON)?[ \t]*\r?\n?([\s\S]*?)```/.exec(text);
  if (fence?.[1] !== undefined) out.push(fence[1].trim());
  out.push(text.trim());
  for (const [open, close] of [
    ['{', '}'],
    ['[', ']'],
  ] as const) {
    const start = text.indexOf(open);
    const end = text.lastIndexOf(close);
    if (start >= 0 && end > start) out.push(text.slice(start, end + 1));
  }
  return [...new Set(out)].filter((c) => c !== '');
}
