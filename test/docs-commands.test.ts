/**
 * Every `guildcraft …` command line in README.md and docs/ names a real command and real flags: each is
 * parsed against the CLI's own command table (buildProgram(), what `guildcraft` runs), without running
 * anything. A renamed or removed flag, or a command that no longer exists, fails here with the doc and
 * line that still use it.
 *
 * Command lines are taken from fenced shell blocks (lines that start with `guildcraft` or `npx guildcraft`,
 * after any VAR=value assignments, joined over trailing backslashes) and from inline code spans that start
 * the same way. Placeholders stay as written (`<task>`, `…`); `[--flag value]` is an optional flag, checked too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';

const ROOT = join(import.meta.dirname, '..');
const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

interface CommandLine {
  where: string;
  text: string;
}

/** `guildcraft …` (or `npx guildcraft …`), after optional VAR=value assignments: the words after `guildcraft`, or null. */
function guildcraftWords(line: string): string | null {
  const m = /^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:npx\s+)?guildcraft(?:\s+(.*))?$/.exec(line.trim());
  return m ? (m[1] ?? '') : null;
}

/** A line like `guildcraft run: watch at …` quotes the program's output, not a command. */
function isCommand(words: string): boolean {
  return /^([a-z][a-z-]*|-\S+)?(\s|$)/.test(words);
}

function commandLines(doc: string): CommandLine[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const found: CommandLine[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = /^```(\w*)/.exec(line);
    if (open) {
      fence = fence === null ? open[1]! : null;
      continue;
    }
    if (fence !== null) {
      if (!/^(sh|bash|shell|console|)$/.test(fence)) continue;
      let text = line.replace(/^\$\s+/, '');
      let k = i;
      while (text.endsWith('\\') && k + 1 < lines.length) text = text.slice(0, -1) + ' ' + lines[++k]!.trim();
      const words = guildcraftWords(text);
      if (words !== null && isCommand(words)) found.push({ where: `${doc}:${i + 1}`, text: words });
      i = k;
      continue;
    }
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      const words = guildcraftWords(span[1]!);
      if (words !== null && isCommand(words)) found.push({ where: `${doc}:${i + 1}`, text: words });
    }
  }
  return found;
}

/** Shell words: quotes kept together, a `#` comment dropped, optional-group brackets and `|` alternatives left as text. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  for (const m of text.matchAll(/"[^"]*"|'[^']*'|\S+/g)) {
    if (m[0].startsWith('#')) break;
    words.push(m[0]);
  }
  return words;
}

/** What is wrong with one command line, or null when its command and every flag exist. */
function problemWith(program: Command, text: string): string | null {
  const words = shellWords(text).map((w) => w.replace(/^\[+|\]+$/g, ''));
  let cmd = program;
  let i = 0;
  for (; i < words.length; i++) {
    const sub = cmd.commands.find((c) => c.name() === words[i] || c.aliases().includes(words[i]!));
    if (!sub) break;
    cmd = sub;
  }
  if (cmd === program && i < words.length && !words[i]!.startsWith('-') && !/^[<…]|^\.\.\.$/.test(words[i]!)) {
    return `unknown command "${words[i]}" (commands: ${program.commands.map((c) => c.name()).join(', ')})`;
  }
  const known = new Set(['-h', '--help', ...(cmd === program ? ['-v', '--version'] : [])]);
  for (const o of cmd.options) {
    if (o.long) known.add(o.long);
    if (o.short) known.add(o.short);
    if (o.negate && o.long) known.add(o.long);
  }
  for (const w of words.slice(i)) {
    if (!/^--?[a-zA-Z]/.test(w)) continue;
    const flag = w.split('=')[0]!;
    if (!known.has(flag)) return `"${cmd.name()}" has no flag ${flag} (it has: ${[...known].sort().join(' ')})`;
  }
  return null;
}

describe('guildcraft command lines in the docs', () => {
  const lines = DOCS.flatMap(commandLines);
  const program = buildProgram();

  it('are found in the README and the docs', () => {
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.some((l) => l.where.startsWith('README.md'))).toBe(true);
  });

  it('name real commands and flags', () => {
    const problems = lines.flatMap((l) => {
      const p = problemWith(program, l.text);
      return p ? [`${l.where} guildcraft ${l.text}: ${p}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('fail the check when a flag or a command does not exist', () => {
    expect(problemWith(program, 'run tickingcollab/raid-boss-v1 --agents oracle --seed 3')).toBeNull();
    expect(problemWith(program, 'run tickingcollab/raid-boss-v1 --agent oracle')).toMatch(/no flag --agent\b/);
    expect(problemWith(program, 'cuisine minecraft cos --agents 2 --levels 3')).toMatch(/"cos" has no flag --levels/);
    expect(problemWith(program, 'simulate everything')).toMatch(/unknown command "simulate"/);
  });
});
