/**
 * A hash of a JSON value that does not depend on key order, so the same request always maps to the
 * same cache file no matter how the caller built the object.
 */
import { createHash } from 'node:crypto';

/** JSON with object keys sorted and undefined fields dropped (as JSON.stringify drops them). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** Hex SHA-256 of the canonical JSON, shortened to `length` characters. */
export function stableHash(value: unknown, length = 40): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, length);
}
