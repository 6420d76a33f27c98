import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installErrorHandlers } from '../http-errors.js';
import { registerCuisineWeb } from './routes.js';
import { WebBuild } from './web-build.js';

describe('serving the built pages', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'guildcraft-web-'));
    app = Fastify();
    installErrorHandlers(app);
    registerCuisineWeb(app, { build: new WebBuild(join(dir, 'web')) });
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Writes what `vite build` would: the page's HTML and a hashed script. */
  async function fakeBuild(hash: string): Promise<void> {
    await mkdir(join(dir, 'web', 'cuisine'), { recursive: true });
    await mkdir(join(dir, 'web', 'assets'), { recursive: true });
    await writeFile(join(dir, 'web', 'cuisine', 'index.html'), `<script type="module" src="/web/assets/cuisine-${hash}.js"></script>`);
    await writeFile(join(dir, 'web', 'assets', `cuisine-${hash}.js`), `console.log(${JSON.stringify(hash)});`);
  }

  it('says the page was not built, and how to build it, when dist/web is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/cuisine' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(`the cuisine page was not built: ${join(dir, 'web', 'cuisine', 'index.html')} is missing`);
    expect(res.json().hint).toMatch(/run `npm run build` in .* then restart guildcraft serve/);
  });

  it('serves the page and its hashed files, and a build made after the server started', async () => {
    await fakeBuild('AAAA');
    const page = await app.inject({ method: 'GET', url: '/cuisine' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-cache');
    const js = await app.inject({ method: 'GET', url: '/web/assets/cuisine-AAAA.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toBe('console.log("AAAA");');

    // Rebuilt while serving: new file names are found without a restart.
    await fakeBuild('BBBB');
    expect((await app.inject({ method: 'GET', url: '/web/assets/cuisine-BBBB.js' })).statusCode).toBe(200);
  });

  it('serves only files of the build, whatever the path says', async () => {
    await fakeBuild('AAAA');
    await writeFile(join(dir, 'secret.txt'), 'not part of the build');
    for (const url of ['/web/../secret.txt', '/web/%2e%2e/secret.txt', '/web/assets/missing.js', '/web/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('not part of the build');
    }
  });

  it('sends / to the page, keeping the query (the access token)', async () => {
    const res = await app.inject({ method: 'GET', url: '/?token=abc' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/cuisine?token=abc');
  });
});
