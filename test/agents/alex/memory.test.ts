import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.js';
import { HashedEmbeddingModel, type EmbeddingModel } from '../../../src/llm/index.js';
import { AssociativeMemory } from '../../../src/agents/alex/associative-memory.js';
import { MemoryLibrary, PAPER_RETRIEVE_LIMITS } from '../../../src/agents/alex/memory-library.js';
import { SkillMemory } from '../../../src/agents/alex/skill-memory.js';

const embedding = new HashedEmbeddingModel(256);

describe('Alex memory library', () => {
  it('ranks by similarity to the situation, and a more relevant old memory beats a fresh irrelevant one', async () => {
    const lib = new MemoryLibrary({ embedding });
    await lib.add('chat', 'bob: there are oak logs east of the lake', 0);
    await lib.add('chat', 'cat: the weather is nice today', 5000);
    await lib.add('chat', 'dan: I found iron ore in the cave', 5000);
    const got = await lib.retrieve('chat', 'where can I find oak logs', 2, 5000);
    expect(got.map((m) => m.text)).toEqual(['bob: there are oak logs east of the lake', expect.any(String)]);
    expect(got[0]!.similarity).toBeGreaterThan(got[1]!.similarity);
  });

  it('breaks ties between equally relevant memories by recency', async () => {
    const lib = new MemoryLibrary({ embedding });
    await lib.add('event', 'a zombie attacked you', 100);
    await lib.add('event', 'a zombie attacked you', 2000);
    const [first, second] = await lib.retrieve('event', 'zombie attack', 2, 2000);
    expect(first!.tick).toBe(2000);
    expect(second!.tick).toBe(100);
    expect(first!.score).toBeGreaterThan(second!.score);
    // Without the recency weight the two are equal and the newer still comes first.
    const flat = new MemoryLibrary({ embedding, recencyWeight: 0 });
    await flat.add('event', 'a zombie attacked you', 100);
    await flat.add('event', 'a zombie attacked you', 2000);
    const r = await flat.retrieve('event', 'zombie attack', 2, 2000);
    expect(r[0]!.score).toBe(r[1]!.score);
    expect(r[0]!.tick).toBe(2000);
  });

  it('lists recent entries newest last and survives a failing embedding service', async () => {
    const broken: EmbeddingModel = { id: 'broken', embed: () => Promise.reject(new Error('503')) };
    const lib = new MemoryLibrary({ embedding: broken });
    for (let i = 0; i < 12; i++) await lib.add('chat', `line ${i}`, i);
    expect(lib.embedFaults).toBe(12);
    expect(lib.recent('chat', 8).map((e) => e.text)).toEqual([4, 5, 6, 7, 8, 9, 10, 11].map((i) => `line ${i}`));
    expect((await lib.retrieve('chat', 'line', 3, 12)).length).toBe(3);
  });
});

describe('Alex associative memory', () => {
  it("recalls under the paper's retrieve limits (chat 5, recent chat 8, event 2, environment 2, plans 5, skills 5)", async () => {
    const lib = new MemoryLibrary({ embedding });
    const skills = new SkillMemory(embedding);
    for (let i = 0; i < 20; i++) {
      await lib.add('chat', `bob: message number ${i} about logs`, i);
      await lib.add('event', `event ${i}`, i);
      await lib.add('environment', `oak_log x${i} seen near ${i},0,0`, i);
      await lib.add('plan', `plan ${i}`, i);
      await skills.add({ name: `skill${i}`, description: `collect ${i} logs`, goal: 'logs', calls: [{ name: 'collect', params: { block: 'oak_log', count: i + 1 } }] });
    }
    const assoc = new AssociativeMemory(lib, skills, PAPER_RETRIEVE_LIMITS);
    const ctx = await assoc.recall('collect oak logs', 20);
    expect(ctx.chats).toHaveLength(5);
    expect(ctx.recentChats).toHaveLength(8);
    expect(ctx.recentChats.at(-1)!.text).toBe('bob: message number 19 about logs');
    expect(ctx.events).toHaveLength(2);
    expect(ctx.environment).toHaveLength(2);
    expect(ctx.plans.map((p) => p.text)).toEqual(['plan 15', 'plan 16', 'plan 17', 'plan 18', 'plan 19']);
    expect(ctx.skills).toHaveLength(5);
    await assoc.remember('plan 20', 21);
    expect(lib.recent('plan', 1)[0]!.text).toBe('plan 20');
  });
});

describe('Alex skill memory', () => {
  it('retrieves the most similar skill first and replaces a skill of the same name', async () => {
    const skills = new SkillMemory(embedding);
    await skills.add({ name: 'craftPlanks', description: 'craft oak planks from oak logs', goal: 'craft 4 oak planks', calls: [{ name: 'craft', params: { item: 'oak_planks', count: 4 } }] });
    await skills.add({ name: 'eatBread', description: 'eat bread when hungry', goal: 'eat', calls: [{ name: 'eat', params: { item: 'bread' } }] });
    expect((await skills.retrieve('hungry, eat some bread', 1))[0]!.name).toBe('eatBread');
    expect((await skills.retrieve('make oak planks', 1))[0]!.name).toBe('craftPlanks');
    await skills.add({ name: 'eatBread', description: 'eat any food', goal: 'eat', calls: [{ name: 'eat', params: {} }] });
    expect(skills.size).toBe(2);
    expect(skills.get('eatBread')!.description).toBe('eat any food');
  });

  it('reports a corrupt skill file as the user\'s to fix, naming the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'guildcraft-alex-mem-'));
    try {
      await writeFile(path.join(dir, 'alex-skills.json'), '{"version": 1, "skills": [{"name": ""}]}');
      const err = await SkillMemory.open(dir, embedding).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect(String((err as Error).message)).toContain('alex-skills.json');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
