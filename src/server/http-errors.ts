/**
 * Every error the server answers is JSON `{ error, hint }`: what went wrong and what to do. Bad input is a 4xx with the
 * field at fault; only a bug in guildcraft is a 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { GuildcraftError } from '../core/errors.js';

export interface ErrorBody {
  readonly error: string;
  readonly hint?: string;
}

/** A GuildcraftError as `{ error, hint }` (its message already ends with the hint; split it back out). */
export function sendGuildcraftError(reply: FastifyReply, status: number, err: GuildcraftError): FastifyReply {
  const suffix = ` — ${err.hint}`;
  const error = err.message.endsWith(suffix) ? err.message.slice(0, -suffix.length) : err.message;
  return sendError(reply, status, error, err.hint);
}

export function sendError(reply: FastifyReply, status: number, error: string, hint?: string): FastifyReply {
  const body: ErrorBody = hint === undefined ? { error } : { error, hint };
  return reply.code(status).send(body);
}

/** `level: Too big: expected number to be <=12; alpha: ...`, naming each field that is wrong. */
export function describeZodError(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : 'body'}: ${i.message}`).join('; ');
}

/** Parses `data` with `schema`, or answers 400 naming the bad fields and returns undefined. */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown, reply: FastifyReply, what: string): z.infer<S> | undefined {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  sendError(reply, 400, `invalid ${what}: ${describeZodError(r.error)}`, 'fix the fields named above; see docs/human-play.md for the API');
  return undefined;
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    sendError(reply, 404, `no route ${req.method} ${req.url.split('?')[0]}`, 'the page is at /cuisine; the API under /api/cuisine/games');
  });
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err instanceof GuildcraftError) {
      return sendGuildcraftError(reply, err.fault === 'user' ? 400 : 500, err);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 413) return sendError(reply, 413, 'request body too large', 'send a smaller JSON body');
    if (status >= 400 && status < 500) return sendError(reply, status, err.message, 'send a JSON object body with Content-Type: application/json');
    reply.log.error(err);
    return sendError(reply, 500, `internal error: ${err.message}`, 'this is a bug in guildcraft; please report it');
  });
}
