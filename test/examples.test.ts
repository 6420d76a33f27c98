/**
 * Every example under examples/ runs here, as a user would run it (it imports 'guildcraft', which
 * resolves to the source under test), and prints what its doc says it prints. An example without
 * an entry in EXPECTED fails the suite, so none can be added untested.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const DIR = join(import.meta.dirname, '..', 'examples');

const EXPECTED: Record<string, (out: string) => void> = {
  'task-env.ts': (out) => {
    expect(out).toContain('agents: Knight, Berserker, Rogue, Squire');
    const returns = JSON.parse(/returns (\{.*\})/.exec(out)![1]!) as Record<string, number>;
    expect(Object.keys(returns)).toHaveLength(4);
    for (const r of Object.values(returns)) expect(r).toBeGreaterThan(0);
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
      out += parts.join(' ') + '\n';
    });
    try {
      await import(join(DIR, file));
    } finally {
      log.mockRestore();
    }
    EXPECTED[file]!(out);
  });
});
