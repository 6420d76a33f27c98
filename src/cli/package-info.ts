import { readFileSync } from 'node:fs';

/** The installed package's version, read from package.json next to dist/. */
export function packageVersion(): string {
  const url = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}
