/**
 * A request rate per model provider shared by every worker of every sweep on one Redis: a sliding-window
 * log (a sorted set of admission times) checked and extended in one Lua script, on Redis's own clock, so
 * workers on machines whose clocks disagree still never let more than `requests` through in any window.
 */
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { InputError } from '../../core/errors.js';
import { realSleep } from '../../core/clock.js';
import type { CallAdmission } from '../../llm/index.js';
import { rateKey } from './sweep-queue.js';

/** Admits one request if the window has room (returns 0), else returns the ms until the oldest admission leaves it. */
const ADMIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + window - now + 1
`;

/** `5/s`, `60/m`, `100/500ms`: requests per window. */
export function parseRate(text: string): { requests: number; windowMs: number } {
  const m = /^(\d+)\/(\d*)(ms|s|m)$/.exec(text.trim());
  const requests = m ? Number(m[1]) : 0;
  if (!m || requests < 1) throw new InputError(`--rate '${text}' is not requests per window`, 'pass for example --rate 60/m, --rate 5/s or --rate 10/1500ms');
  const unit = m[3] === 'ms' ? 1 : m[3] === 's' ? 1000 : 60_000;
  return { requests, windowMs: (m[2] ? Number(m[2]) : 1) * unit };
}

/** The provider part of a model id (`openai:gpt-4o` → `openai`): each provider has its own window. */
export function providerOf(modelId: string): string {
  const colon = modelId.indexOf(':');
  return colon > 0 ? modelId.slice(0, colon) : modelId;
}

/** What the LLM layer awaits before each request: returns once the provider's shared window has room. */
export function sharedRateLimit(client: Redis, rate: { requests: number; windowMs: number }): CallAdmission {
  return async (modelId, signal) => {
    const key = rateKey(providerOf(modelId));
    for (;;) {
      signal.throwIfAborted();
      const waitMs = Number(await client.eval(ADMIT, 1, key, rate.requests, rate.windowMs, randomUUID()));
      if (waitMs <= 0) return;
      await realSleep(Math.min(waitMs, rate.windowMs), signal);
    }
  };
}
