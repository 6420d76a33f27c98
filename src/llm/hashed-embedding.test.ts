import { describe, expect, it } from 'vitest';
import { cosineSimilarity, topKSimilar } from './cosine.js';
import { HashedEmbeddingModel, hashedEmbedding } from './hashed-embedding.js';

describe('hashed embedding', () => {
  it('is deterministic, fixed-size and unit length', async () => {
    const model = new HashedEmbeddingModel(128);
    const a = await model.embed(['Collect 10 oak logs', 'Collect 10 oak logs']);
    expect(a.vectors[0]).toEqual(a.vectors[1]);
    expect(a.vectors[0]).toHaveLength(128);
    expect(Math.hypot(...a.vectors[0]!)).toBeCloseTo(1, 10);
    expect(hashedEmbedding('', 16)).toEqual(new Array(16).fill(0));
  });

  it('ranks texts that share words and word pieces above unrelated ones', () => {
    const memory = ['crafted oak planks at the crafting table', 'a zombie attacked near the river', 'smelted iron ore in the furnace'];
    const vectors = memory.map((t) => hashedEmbedding(t, 256));
    const best = topKSimilar(hashedEmbedding('how do I craft planks from oak?', 256), vectors, 2);
    expect(best[0]!.index).toBe(0);
    const iron = topKSimilar(hashedEmbedding('Smelting IRON', 256), vectors, 1);
    expect(iron[0]!.index).toBe(2);
  });

  it('rejects bad sizes and mismatched vectors', () => {
    expect(() => new HashedEmbeddingModel(3)).toThrow(/8\.\.65536/);
    expect(() => cosineSimilarity([1, 0], [1, 0, 0])).toThrow(/same embedding model/);
    expect(cosineSimilarity([0, 0], [1, 0])).toBe(0);
    expect(cosineSimilarity([1, 2], [2, 4])).toBeCloseTo(1, 12);
  });
});
