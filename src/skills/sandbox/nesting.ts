/** Host-side twin of the prelude's source check: bracket depth of the agent's code before QuickJS parses it. */
import { MAX_NESTING } from './prelude.js';

/** Deepest nesting of ( [ { in the text; brackets inside strings count too, which errs on the safe side. */
export function sourceNesting(code: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 41 || c === 93 || c === 125) depth--;
  }
  return max;
}

export function tooDeeplyNested(code: string): string | null {
  const depth = sourceNesting(code);
  return depth > MAX_NESTING
    ? `the code nests brackets ${depth} levels deep; the sandbox allows ${MAX_NESTING}, split it into smaller functions`
    : null;
}
