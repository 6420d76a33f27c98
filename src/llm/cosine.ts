/**
 * Vector similarity for memory retrieval over any embedding model's vectors.
 */
import { InputError } from '../core/errors.js';

/** Cosine similarity of two vectors of equal length; 0 when either is all zeros. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) {
    throw new InputError(`cannot compare vectors of length ${a.length} and ${b.length}`, 'embed both texts with the same embedding model');
  }
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Indices of the `k` vectors most similar to `query`, best first, with their scores. */
export function topKSimilar(query: readonly number[], vectors: readonly (readonly number[])[], k: number): Array<{ index: number; score: number }> {
  return vectors
    .map((v, index) => ({ index, score: cosineSimilarity(query, v) }))
    .sort((x, y) => y.score - x.score || x.index - y.index)
    .slice(0, Math.max(0, k));
}
