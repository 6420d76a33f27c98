/**
 * Reading the code writer's answer and assembling the program that runs. The answer carries an
 * optional `Task:` line (the small step it attempts now), a `Description:` of its main function and
 * one fenced JavaScript block. Top-level function declarations are found with a small scanner that
 * skips strings, template literals and comments, so library functions can be stored one by one and
 * prepended to later programs.
 */

export interface WrittenProgram {
  task: string | null;
  description: string | null;
  code: string;
  /** The model says the goal is already complete and writes no code. */
  done: boolean;
}

export interface DeclaredFunction {
  name: string;
  source: string;
}

/** null when the answer holds no code block (and does not say DONE). */
export function parseWrittenProgram(text: string): WrittenProgram | null {
  const task = /^\s*(?:\*\*)?Task(?:\*\*)?:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? null;
  const description = /^\s*(?:\*\*)?Description(?:\*\*)?:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? null;
  const block = /```(?:javascript|js|typescript|ts)?[ \t]*\r?\n([\s\S]*?)```/i.exec(text);
  if (!block) return /^\s*DONE\b/m.test(text) ? { task, description, code: '', done: true } : null;
  const code = block[1]!.trim();
  if (!code) return null;
  return { task, description, code, done: false };
}

/** Strings, template literals and comments blanked out (same length), so braces can be counted. */
function mask(code: string): string {
  const out = code.split('');
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < code.length) {
    const c = code[i]!;
    const next = code[i + 1];
    if (c === '/' && next === '/') {
      const end = code.indexOf('\n', i);
      const stop = end === -1 ? code.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const stop = end === -1 ? code.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let k = i + 1;
      while (k < code.length && code[k] !== c) k += code[k] === '\\' ? 2 : 1;
      blank(i + 1, k);
      i = k + 1;
    } else i++;
  }
  return out.join('');
}

function matching(masked: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let k = open; k < masked.length; k++) {
    if (masked[k] === o) depth++;
    else if (masked[k] === c && --depth === 0) return k;
  }
  return -1;
}

/** Top-level `function name(...) {...}` and `async function name(...) {...}` declarations, in order. */
export function topLevelFunctions(code: string): Array<DeclaredFunction & { start: number; end: number }> {
  const masked = mask(code);
  const found: Array<DeclaredFunction & { start: number; end: number }> = [];
  const head = /(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/y;
  let depth = 0;
  for (let i = 0; i < masked.length; i++) {
    const ch = masked[i]!;
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 0 && (ch === 'a' || ch === 'f') && (i === 0 || !/[\w$.]/.test(masked[i - 1]!))) {
      head.lastIndex = i;
      const m = head.exec(masked);
      if (!m) continue;
      const parenOpen = i + m[0].length - 1;
      const parenClose = matching(masked, parenOpen, '(', ')');
      if (parenClose < 0) break;
      const bodyOpen = masked.indexOf('{', parenClose);
      const bodyClose = bodyOpen < 0 ? -1 : matching(masked, bodyOpen, '{', '}');
      if (bodyClose < 0) break;
      found.push({ name: m[1]!, source: code.slice(i, bodyClose + 1), start: i, end: bodyClose + 1 });
      i = bodyClose;
    }
  }
  return found;
}

/** Does the code do anything besides declaring functions (e.g. call its main function)? */
export function hasTopLevelStatements(code: string): boolean {
  const fns = topLevelFunctions(code);
  let rest = mask(code);
  for (const f of [...fns].reverse()) rest = rest.slice(0, f.start) + rest.slice(f.end);
  return rest.replace(/[\s;]/g, '').length > 0;
}

/** Does `source` call `name(`? (On masked text, so a name inside a string does not count.) */
export function calls(source: string, name: string): boolean {
  return new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\s*\\(`).test(mask(source));
}
