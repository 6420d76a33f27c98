/**
 * What a human types, as an action. `skillName {json params}` starts a catalog skill (parameters
 * checked against the catalog's schema), `say some text` and `wait 40` are shorthands, `code <js>`
 * runs one line of JavaScript in the sandbox, `cancel` stops the running skill, an empty line
 * keeps doing what runs, `help` lists the skills. Every mistake comes back as a message that says
 * how to fix it; nothing typed can crash the episode.
 */
import type { AgentAction } from '../../core/actions.js';
import { SKILL_CATALOG, SKILL_NAMES, type SkillName } from '../../skills/catalog.js';

export type Command = { kind: 'action'; action: AgentAction } | { kind: 'keep' } | { kind: 'help' } | { kind: 'error'; message: string };

export function parseCommand(line: string): Command {
  const text = line.trim();
  if (text === '') return { kind: 'keep' };
  if (text === 'help' || text === '?') return { kind: 'help' };
  if (text === 'cancel') return { kind: 'action', action: { type: 'cancel' } };
  if (text === 'noop') return { kind: 'action', action: { type: 'noop' } };
  const space = text.search(/\s/);
  const word = space < 0 ? text : text.slice(0, space);
  const rest = space < 0 ? '' : text.slice(space + 1).trim();
  if (word === 'code') return rest ? { kind: 'action', action: { type: 'code', source: rest } } : { kind: 'error', message: 'write the JavaScript after `code`, e.g. code await say("hi")' };
  if (word === 'say' && rest && !rest.startsWith('{')) return skill('say', { message: rest });
  if (word === 'wait' && /^\d+$/.test(rest)) return skill('wait', { ticks: Number(rest) });
  if (!(SKILL_NAMES as readonly string[]).includes(word)) {
    const near = closest(word);
    return { kind: 'error', message: `unknown skill '${word}'${near ? `; did you mean ${near}?` : ''} (type help for the list)` };
  }
  let params: unknown = {};
  if (rest) {
    try {
      params = JSON.parse(rest);
    } catch (err) {
      return { kind: 'error', message: `the parameters are not valid JSON (${(err as Error).message}); write e.g. ${word} ${example(word as SkillName)}` };
    }
  }
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return { kind: 'error', message: `the parameters must be a JSON object, e.g. ${word} ${example(word as SkillName)}` };
  return skill(word as SkillName, params as Record<string, unknown>);
}

function skill(name: SkillName, params: Record<string, unknown>): Command {
  const parsed = SKILL_CATALOG[name].params.safeParse(params);
  if (!parsed.success) {
    const why = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; ');
    return { kind: 'error', message: `bad parameters for ${name}: ${why}` };
  }
  return { kind: 'action', action: { type: 'skill', name, params } };
}

function example(name: SkillName): string {
  const examples: Partial<Record<SkillName, string>> = {
    collect: '{"block":"oak_log","count":3}',
    moveTo: '{"x":10,"y":-60,"z":5}',
    craft: '{"item":"oak_planks","count":4}',
    say: '{"message":"hello","to":"bob"}',
  };
  return examples[name] ?? '{...}';
}

/** The catalog name nearest to a typo (edit distance ≤ 3), if any. */
function closest(word: string): string | null {
  let best: string | null = null;
  let bestD = 4;
  for (const n of SKILL_NAMES) {
    const d = distance(word.toLowerCase(), n.toLowerCase());
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}
