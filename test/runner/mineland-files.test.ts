import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mineLandFiles } from '../../src/runner/mineland-files.js';

const dir = mkdtempSync(join(tmpdir(), 'gc-mineland-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bench mineland task files', () => {
  it('interleaves the families so a limited bench samples every one, and skips ids already given', () => {
    const all = mineLandFiles(dir, { agents: 2, mode: 'cooperative' });
    const families = all.slice(0, 6).map((f) => basename(dirname(f)));
    expect(new Set(families)).toEqual(new Set(['harvest', 'tech_tree', 'combat', 'survival', 'construction', 'stage_performance']));
    const firstId = /^id: (.+)$/m.exec(readFileSync(all[0]!, 'utf8'))![1]!;
    const fewer = mineLandFiles(join(dir, 'again'), { agents: 2, mode: 'cooperative', skipIds: new Set([firstId]) });
    expect(fewer).toHaveLength(all.length - 1);
  });
});
