import { describe, expect, it } from 'vitest';
import { calls, hasTopLevelStatements, parseWrittenProgram, topLevelFunctions } from '../../../src/agents/code-as-action/program-text.js';

describe('reading written programs', () => {
  it('takes the task, the description and the code block from an answer', () => {
    const w = parseWrittenProgram('Plan: first logs.\nTask: collect 2 oak logs\n**Description**: Collects oak logs.\n```js\nreturn 1;\n```\nthanks');
    expect(w).toEqual({ task: 'collect 2 oak logs', description: 'Collects oak logs.', code: 'return 1;', done: false });
    expect(parseWrittenProgram('DONE')).toMatchObject({ done: true });
    expect(parseWrittenProgram('I would collect logs first.')).toBeNull();
    expect(parseWrittenProgram('```javascript\n\n```')).toBeNull();
  });

  it('finds top-level function declarations, not nested ones or braces inside strings and comments', () => {
    const code = [
      '// helper } {',
      'function fmt(n = { a: 1 }) { return `${n} }`; }',
      'async function collectOakLogs(count) {',
      '  const s = "}{";',
      '  /* } */ function inner() { return 2; }',
      '  return await collect({ block: "oak_log", count });',
      '}',
      'return await collectOakLogs(2);',
    ].join('\n');
    const fns = topLevelFunctions(code);
    expect(fns.map((f) => f.name)).toEqual(['fmt', 'collectOakLogs']);
    expect(fns[1]!.source.startsWith('async function collectOakLogs(count) {')).toBe(true);
    expect(fns[1]!.source.endsWith('count });\n}')).toBe(true);
    expect(hasTopLevelStatements(code)).toBe(true);
    expect(hasTopLevelStatements(fns.map((f) => f.source).join('\n'))).toBe(false);
    expect(calls(code, 'collect')).toBe(true);
    expect(calls('const x = "inner()"', 'inner')).toBe(false);
  });
});
