/**
 * The public API is deliberate: the runtime names of every entry point (the main one, its namespaces
 * and each subpath of package.json's `exports`) are compared with a committed list. A change to the
 * surface must be made on purpose: update test/api/api-surface.json in the same commit
 * (`UPDATE_API_SURFACE=1 npx vitest run test/api`) and say why in its message.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SNAPSHOT = join(import.meta.dirname, 'api-surface.json');

/** package.json's subpath → the source file that a build turns into it. */
function entries(): Record<string, string> {
  const exportsMap = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;
  const out: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(exportsMap)) {
    if (!target.endsWith('.js')) continue;
    out[subpath] = join(ROOT, target.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
  }
  return out;
}

async function surface(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [subpath, file] of Object.entries(entries())) {
    const mod = (await import(file)) as Record<string, unknown>;
    out[subpath] = Object.keys(mod).sort();
    for (const [name, value] of Object.entries(mod)) {
      // Namespaces (`world`, `tasks`, `llm`) are part of the surface too.
      if (value && typeof value === 'object' && Object.prototype.toString.call(value) === '[object Module]') {
        out[`${subpath} ${name}.*`] = Object.keys(value).sort();
      }
    }
  }
  return out;
}

describe('public API', () => {
  it('maps every subpath of package.json to a source entry', () => {
    expect(Object.keys(entries())).toEqual(['.', './minecraft', './cuisine', './orgs', './server', './testing']);
  });

  it('exports exactly the committed names (update test/api/api-surface.json on purpose)', { timeout: 60_000 }, async () => {
    const now = await surface();
    if (process.env.UPDATE_API_SURFACE === '1') writeFileSync(SNAPSHOT, JSON.stringify(now, null, 2) + '\n');
    const committed = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, string[]>;
    expect(now).toEqual(committed);
  });

  it('has no name that shadows another meaning (one ScriptedModel, one runEpisode, one Env)', async () => {
    const main = (await surface())['.']!;
    expect(main).toContain('TaskEnv');
    expect(main).not.toContain('ScriptedModel');
    expect(main.filter((n) => n === 'runEpisode')).toHaveLength(1);
  });
});
