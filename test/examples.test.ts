/**
 * Every example under examples/ runs here, as a user would run it (it imports 'guildcraft', which
 * resolves to the source under test), and prints what its doc says it prints. An example without
 * an entry in EXPECTED fails the suite, so none can be added untested. The plugin examples
 * (examples/plugins/) run through the built CLI in test/cli/plugins.e2e.test.ts.
 *
 * Docs quote examples rather than keep their own copies: a fenced block under
 * `<!-- example: examples/… -->` must be the file, byte for byte, so a doc cannot drift from code that runs.
 * `<!-- example: examples/file.ts#name -->` quotes the lines between `// #region name` and
 * `// #endregion name` of the file: the set-up around it (a world, a player, stand-in functions) runs but
 * is not shown. Fragments that cannot run here (they need a model or a server, or restate an interface)
 * live in examples/fragments/ and are type-checked against the package (test/examples-typecheck.e2e.test.ts);
 * sandbox programs in examples/code/ run inside an example. The shell lines of the docs are parsed
 * with the CLI's own command table (test/docs-commands.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { describe, expect, it, vi } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DIR = join(ROOT, 'examples');

const EXPECTED: Record<string, (out: string) => void> = {
  'task-env.ts': (out) => {
    expect(out).toContain('agents: Knight, Berserker, Rogue, Squire');
    const returns = JSON.parse(/returns (\{.*\})/.exec(out)![1]!) as Record<string, number>;
    expect(Object.keys(returns)).toHaveLength(4);
    for (const r of Object.values(returns)) expect(r).toBeGreaterThan(0);
  },
  'sim-env.ts': (out) => {
    // The text observation names the agent, its inventory and the other agent in sight; the craft succeeds.
    expect(out).toMatch(/^alex t=0 .* at 0\.5,-60,0\.5/m);
    expect(out).toContain('inventory: oak_log x4');
    expect(out).toMatch(/entities: player:bo/);
    expect(out).toContain('alex finished [{"name":"craft","ok":true}]');
  },
  'code-action.ts': (out) => {
    // The program mines the five logs it found and returns how many it mined.
    expect(out).toContain('code ended: {"ok":true,"value":5}');
  },
  'run-async.ts': (out) => {
    // onTick runs after every tick; the slow thinker's decisions cost world time, the instant one's none.
    expect(out).toContain('ticks: 400 onTick calls: 400');
    const [, alex, bo] = /latency ticks: alex (\S+) bo (\S+)/.exec(out)!;
    expect(Number(alex)).toBeGreaterThan(Number(bo));
  },
  'sandbox.ts': (out) => {
    // The sandbox called the host functions it was given, in order, and the run ended well.
    expect(out).toContain('said: done true');
    expect(out).toContain('outcome ok: true');
  },
  'skill-executor.ts': (out) => {
    expect(out).toMatch(/\{ ok: true, collected: 6, drops: \[ \{ name: 'oak_log', count: 6 \} \] \}/);
  },
  'pathfinding.ts': (out) => {
    expect(out).toMatch(/^arrived after \d+ ticks$/m);
  },
  'cuisine.ts': (out) => {
    expect(out).toContain('look-ahead leaves the game as it was: true');
    expect(out).toContain('env agents: agent0, agent1, agent2');
    expect(out).toMatch(/env step: \{"rewards":\{"agent0":0,"agent1":0,"agent2":0\},"terminated":false,"truncated":false\}/);
    expect(Number(/records: (\d+)/.exec(out)![1])).toBeGreaterThan(0);
    expect(Number(/CoS: (\S+)/.exec(out)![1])).toBeGreaterThan(0);
  },
  'organisations.ts': (out) => {
    expect(out).toContain('leader commands alice, bob, cara');
    expect(out).toContain('c answers to b');
    expect(out).toMatch(/refused: .*cycle/);
  },
  's-agents-episode.ts': (out) => {
    expect(out).toContain('ended: success');
    expect(out).toMatch(/valid actions: true [1-9]/);
  },
  'task-runtime.ts': (out) => {
    // Nobody acts, so the raid is lost when its steps run out; the outcome scores all four agents.
    expect(out).toContain('outcome: {"success":false,"reason":"max_steps","agents":4}');
  },
  'mineland-suite.ts': (out) => {
    expect(out).toContain('first: combat mineland/combat-pig-1-unarmed-a4-comp-v1');
    expect(out).toMatch(/combat tasks: (\d+) of \1\n/);
  },
};

const examples = readdirSync(DIR).filter((f) => f.endsWith('.ts')).sort();

describe('examples', () => {
  it('are all listed here with what they must print', () => {
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter((f) => !(f in EXPECTED))).toEqual([]);
  });

  it.each(examples)('%s runs and prints what its doc promises', { timeout: 240_000 }, async (file) => {
    let out = '';
    const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
      out += format(...parts) + '\n';
    });
    try {
      await import(join(DIR, file));
    } finally {
      log.mockRestore();
    }
    const expected = EXPECTED[file];
    if (!expected) throw new Error(`${file} has no entry in EXPECTED; it printed:\n${out}`);
    expected(out);
  });
});

/** A fenced code block in a doc: its language, text, line, and the example file (and region) it claims to quote. */
interface DocBlock {
  doc: string;
  line: number;
  lang: string;
  text: string;
  quotes?: string;
}

function docBlocks(doc: string): DocBlock[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, k) => k > i && l.startsWith('```'));
    const marker = /^<!-- example: (\S+) -->$/.exec(lines[i - 1] ?? '');
    blocks.push({ doc, line: i + 1, lang: open[1]!, text: lines.slice(i + 1, end).join('\n'), ...(marker ? { quotes: marker[1]! } : {}) });
    i = end;
  }
  return blocks;
}

/**
 * What `path` or `path#region` names: the whole file, or the lines between its region markers, less
 * the markers' indentation (a region may sit inside an array or a call).
 */
function quoted(ref: string): string {
  const [path, region] = ref.split('#') as [string, string | undefined];
  const text = readFileSync(join(ROOT, path), 'utf8').replace(/\n$/, '');
  if (region === undefined) return text;
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l.trim() === `// #region ${region}`);
  const to = lines.findIndex((l) => l.trim() === `// #endregion ${region}`);
  if (from < 0 || to < from) throw new Error(`${path} has no region "${region}" (// #region ${region} … // #endregion ${region})`);
  const indent = lines[from]!.length - lines[from]!.trimStart().length;
  return lines.slice(from + 1, to).map((l) => l.slice(indent)).join('\n');
}

/** Every `// #region name` of the files under examples/, as `path#name`. */
function regions(): string[] {
  const out: string[] = [];
  for (const dir of ['examples', 'examples/fragments']) {
    for (const f of readdirSync(join(ROOT, dir)).filter((n) => n.endsWith('.ts'))) {
      for (const m of readFileSync(join(ROOT, dir, f), 'utf8').matchAll(/^\s*\/\/ #region (\S+)$/gm)) out.push(`${dir}/${f}#${m[1]}`);
    }
  }
  return out.sort();
}

const DOCS = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const blocks = DOCS.flatMap(docBlocks);

describe('code in the docs', () => {
  const quoting = blocks.filter((b) => b.quotes !== undefined);

  it('quotes the example files in the docs that explain them', () => {
    expect(quoting.map((b) => `${b.doc} ${b.quotes}`)).toEqual(
      expect.arrayContaining([
        'docs/task-env.md examples/task-env.ts',
        'docs/add-a-task.md examples/plugins/gather-goal.ts',
        'docs/add-a-task.md examples/plugins/pillar-event.ts',
        'docs/add-a-task.md examples/plugins/pillar-task.yaml',
        'docs/add-an-agent.md examples/plugins/gatherer-agent.ts',
        'docs/env.md examples/sim-env.ts',
        'docs/env.md examples/code/gather-logs.js',
        'docs/add-an-agent.md examples/fragments/team-contract.ts#doc',
        'docs/llm.md examples/fragments/language-model.ts#doc',
      ]),
    );
  });

  it.each(quoting.map((b) => [`${b.doc}:${b.line} ${b.quotes}`, b] as const))('%s is the example, unchanged', (_, b) => {
    expect(b.text).toBe(quoted(b.quotes!));
  });

  it('shows every region of an example somewhere, and every fragment', () => {
    const shown = new Set(quoting.map((b) => b.quotes!));
    expect(regions().filter((r) => !shown.has(r))).toEqual([]);
    const fragments = readdirSync(join(ROOT, 'examples/fragments')).filter((f) => f !== 'same-type.ts');
    expect(fragments.filter((f) => ![...shown].some((q) => q.startsWith(`examples/fragments/${f}#`)))).toEqual([]);
  });

  it('writes no TypeScript or JavaScript block of its own: each quotes a file that runs or type-checks', () => {
    const own = blocks.filter((b) => b.quotes === undefined && /^(ts|js|typescript|javascript|mjs|tsx)$/.test(b.lang));
    expect(own.map((b) => `${b.doc}:${b.line}`)).toEqual([]);
  });

  it('runs every sandbox program under examples/code/ from an example', () => {
    const programs = readdirSync(join(ROOT, 'examples/code'));
    expect(programs.length).toBeGreaterThan(0);
    const runners = examples.map((f) => readFileSync(join(DIR, f), 'utf8')).join('\n');
    expect(programs.filter((p) => !runners.includes(`./code/${p}`))).toEqual([]);
  });
});
