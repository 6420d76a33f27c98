/**
 * The browser pages as Vite built them (web/ → dist/web/ by `npm run build`, which `npm install` runs). The folder is
 * found from the package root, so the same server code serves it from src/ under vitest and from dist/src/ when
 * installed. Only files that are really in the build are served: the listing is the allow-list, so no request path can
 * reach outside it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { GuildcraftError } from '../../core/errors.js';
import { packageRoot } from '../../tasks/package-root.js';

/** The build's folder: `<package root>/dist/web`. */
export const webBuildDir = (): string => join(packageRoot(), 'dist', 'web');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function listFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(relative(dir, p).split(sep).join('/'), p);
    }
  };
  walk(dir);
  return files;
}

/** The error a page request gets when the build is missing: the installation is incomplete, not the request wrong. */
export function pageNotBuilt(page: string, dir: string): GuildcraftError {
  return new GuildcraftError(
    'environment',
    `the ${page} page was not built: ${join(dir, page, 'index.html')} is missing`,
    `run \`npm run build\` in ${packageRoot()} (npm install runs it too), then restart guildcraft serve`,
  );
}

/** The built files by their path under dist/web (`cuisine/index.html`, `assets/cuisine-1a2b3c.js`). */
export class WebBuild {
  private files = new Map<string, string>();

  constructor(readonly dir: string = webBuildDir()) {}

  /** The file's path on disk, or undefined when the build has no such file. */
  find(path: string): string | undefined {
    const known = this.files.get(path);
    if (known !== undefined) return known;
    // Not in the listing: the build may have been made, or made again with new file names, since it was read.
    this.files = existsSync(this.dir) ? listFiles(this.dir) : new Map<string, string>();
    return this.files.get(path);
  }
}
