/**
 * Serves the human-play page: `/cuisine` (HTML), `/cuisine/app.js`, `/cuisine/style.css`, and `/` redirects to it.
 * These hold no data, so they need no access token (the page then sends the token from its own URL to the API);
 * a strict Content-Security-Policy keeps the page to its own script and stylesheet.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PAGE_CSS } from './page-css.js';
import { PAGE_HTML } from './page-html.js';
import { PAGE_JS } from './page-js.js';

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

function sendAsset(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache')
    .send(body);
}

export function registerCuisineWeb(app: FastifyInstance): void {
  const open = { config: { public: true } };
  app.get('/', open, async (req, reply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(q >= 0 ? `/cuisine${req.url.slice(q)}` : '/cuisine');
  });
  app.get('/cuisine', open, async (_req, reply) => sendAsset(reply, 'text/html; charset=utf-8', PAGE_HTML));
  app.get('/cuisine/app.js', open, async (_req, reply) => sendAsset(reply, 'text/javascript; charset=utf-8', PAGE_JS));
  app.get('/cuisine/style.css', open, async (_req, reply) => sendAsset(reply, 'text/css; charset=utf-8', PAGE_CSS));
}
