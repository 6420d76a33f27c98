/**
 * The examples the docs quote, compiled against the package as a user's compiler sees it: a doc fragment
 * that uses a renamed export, a changed option or a missing method fails here. The fragments under
 * examples/fragments/ cannot run in the tests (they need a model or a Minecraft server, or restate an
 * interface), so this is their test; the runnable examples are compiled too. It builds the whole package's
 * types with the TypeScript API (about a minute on two cores), hence the integration tier.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function exampleFiles(): string[] {
  const dirs = ['examples', 'examples/fragments', 'examples/plugins'];
  return dirs.flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.ts')).map((f) => join(ROOT, d, f)));
}

describe('examples type-check', () => {
  it('every example and doc fragment compiles against the package types', { timeout: 300_000 }, () => {
    const files = exampleFiles();
    expect(files.some((f) => f.includes('/fragments/'))).toBe(true);
    const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    })!;
    const program = ts.createProgram(files, { ...config.options, noEmit: true });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${d.file.fileName.slice(ROOT.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '(config)';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(problems).toEqual([]);
  });
});
