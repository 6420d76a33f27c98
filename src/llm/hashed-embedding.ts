/**
 * A local, deterministic embedding that needs no model and no network, so memory retrieval works offline
 * and in tests. Words and character trigrams are hashed into a fixed number of signed buckets (the
 * "hashing trick") and the vector is L2-normalised: texts sharing words or word pieces score high on cosine.
 * It knows no synonyms; it is a lexical baseline, not a semantic model.
 */
import { InputError } from '../core/errors.js';
import { estimateTokens } from './token-estimate.js';
import type { EmbeddingModel, EmbeddingResult } from './types.js';

export class HashedEmbeddingModel implements EmbeddingModel {
  readonly id: string;

  constructor(readonly dimensions = 256) {
    if (!Number.isInteger(dimensions) || dimensions < 8 || dimensions > 65_536) {
      throw new InputError(`hashed embedding size must be a whole number in 8..65536, got ${dimensions}`, 'use e.g. local:hashed-256');
    }
    this.id = `local:hashed-${dimensions}`;
  }

  async embed(texts: string[]): Promise<EmbeddingResult> {
    return {
      vectors: texts.map((t) => hashedEmbedding(t, this.dimensions)),
      usage: { promptTokens: texts.reduce((n, t) => n + estimateTokens(t), 0), completionTokens: 0, estimated: true },
      latencyMs: 0,
    };
  }
}

export function hashedEmbedding(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    // Whole words carry the most meaning; trigrams of the padded word let "planks" meet "plank".
    addFeature(v, `w:${word}`, 1);
    const padded = `<${word}>`;
    for (let i = 0; i + 3 <= padded.length; i++) addFeature(v, `t:${padded.slice(i, i + 3)}`, 0.5);
  }
  return normalise(v);
}

function addFeature(v: number[], feature: string, weight: number): void {
  const h = fnv1a(feature);
  const index = h % v.length;
  // A sign bit from another part of the hash keeps collisions from only ever adding up.
  const sign = (h >>> 31) & 1 ? -1 : 1;
  v[index] = (v[index] ?? 0) + sign * weight;
}

/** 32-bit FNV-1a: small, fast and stable across platforms and Node versions. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function normalise(v: number[]): number[] {
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return norm === 0 ? v : v.map((x) => x / norm);
}
