/**
 * Large viewer answers compressed on the wire. A state answer holds every chunk near the agents, 16×16×144 blocks
 * each as base64 palette indices: ~2.3 MB of JSON for 25 chunks, almost all of it long runs of the same few values.
 * Brotli at its fastest setting takes that to ~3 KB in about a millisecond (gzip at level 1 to ~17 KB in ~30 ms), and
 * the browser undoes either itself, so the page and the protocol stay as they are.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to answer with, from the request's Accept-Encoding: brotli first, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((e) => e.split(';')[0]!.trim().toLowerCase()));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Sends `value` as JSON, compressed when the client accepts it and the answer is big enough to gain from it. */
export function sendJson(req: FastifyRequest, reply: FastifyReply, value: unknown): FastifyReply {
  const json = JSON.stringify(value);
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'Accept-Encoding');
  const encoding = Buffer.byteLength(json) >= COMPRESS_MIN_BYTES ? chooseEncoding(req.headers['accept-encoding']) : null;
  if (encoding === null) return reply.send(json);
  const body = encoding === 'br' ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }) : gzipSync(json, { level: 1 });
  return reply.header('content-encoding', encoding).send(body);
}
