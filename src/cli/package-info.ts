import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../tasks/package-root.js';

/** The installed package's version, from its package.json (found the same way from src/ and dist/src/). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
