/**
 * The installed package's root (where `suites/` lives), found by walking up from this module to the
 * package.json named guildcraft: the same code runs from `src/` under vitest and from `dist/src/`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InternalError } from '../core/errors.js';

let cached: string | null = null;

export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'guildcraft') return (cached = dir);
      } catch {
        // not ours; keep walking
      }
    }
    const up = dirname(dir);
    if (up === dir) throw new InternalError('cannot find the guildcraft package root above the tasks module');
    dir = up;
  }
}

export const suitesDir = (): string => join(packageRoot(), 'suites');
