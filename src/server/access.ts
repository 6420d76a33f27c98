/**
 * Who may talk to the server. It listens on loopback unless told otherwise; listening anywhere else needs an access token,
 * which every request must then carry (`Authorization: Bearer <token>`, or `?token=` so a person can open the page
 * from a link). Every request also counts against a per-address rate limit.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InputError } from '../core/errors.js';
import { FixedWindowLimiter, type RateLimit } from './rate-limit.js';

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || h === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Refuses a non-loopback host without a token, and a token too short to be a secret. */
export function checkListenAccess(host: string, token: string | undefined): void {
  if (token !== undefined && token.length < 8) {
    throw new InputError('the access token is shorter than 8 characters', 'use a longer random secret, e.g. from `openssl rand -hex 16`');
  }
  if (!isLoopbackHost(host) && token === undefined) {
    throw new InputError(
      `listening on ${host} would let other machines play and write run files, and no access token was given`,
      'pass --token <secret> (requests then need it), or keep the default --host 127.0.0.1',
    );
  }
}

/** The token a request carries, from the Authorization header or the `token` query parameter. */
export function requestToken(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  const q = req.query as Record<string, unknown> | undefined;
  return typeof q?.token === 'string' ? q.token : undefined;
}

/** Whether the request carries `token` (compared in constant time). */
export function carriesToken(req: FastifyRequest, token: string): boolean {
  const given = requestToken(req);
  return given !== undefined && sameSecret(given, token);
}

function sameSecret(a: string, b: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the token.
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

export function installAccessControl(app: FastifyInstance, options: { token?: string; rateLimit: RateLimit; now?: () => number }): void {
  const limiter = new FixedWindowLimiter(options.rateLimit, options.now);
  app.addHook('onRequest', async (req, reply) => {
    const wait = limiter.hit(req.ip);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({ error: `too many requests from ${req.ip}`, hint: `wait ${seconds} s; the limit is ${options.rateLimit.max} requests per ${options.rateLimit.windowMs / 1000} s` });
    }
    // The page's own files hold no data; a route marks itself public with `config: { public: true }`.
    const isPublic = (req.routeOptions.config as { public?: boolean } | undefined)?.public === true;
    if (options.token !== undefined && !isPublic) {
      if (!carriesToken(req, options.token)) {
        return reply
          .code(401)
          .send({ error: 'missing or wrong access token', hint: 'open the page with ?token=<secret> or send Authorization: Bearer <secret>' });
      }
    }
    return undefined;
  });
}
