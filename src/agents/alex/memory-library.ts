/**
 * Alex's memory library (MineLand, Appendix E.1): everything the agent lived through, in kinds
 * (chats, events, environment notes, short-term plans), each entry embedded once when stored and
 * retrieved by similarity to the current situation. Personality, persona and the long-term goals
 * are single values, not searched. Skills live in their own store (`skill-memory.ts`).
 *
 * Ranking is similarity first with a small recency bonus, so of two equally relevant memories the
 * newer wins, while a clearly more relevant old memory still beats a fresh irrelevant one.
 */
import { cosineSimilarity, type EmbeddingModel } from '../../llm/index.js';

export type MemoryKind = 'chat' | 'event' | 'environment' | 'plan';

export interface MemoryEntry {
  kind: MemoryKind;
  text: string;
  /** World tick when it was stored. */
  tick: number;
  /** Store order, for ties and for "most recent" lists. */
  seq: number;
  /** Empty when the embedding model failed: such an entry is still listed by recency. */
  vector: number[];
}

export interface ScoredMemory extends MemoryEntry {
  score: number;
  similarity: number;
}

/** The retrieve limits of the paper's Appendix F. */
export interface RetrieveLimits {
  chat: number;
  recentChat: number;
  event: number;
  environment: number;
  shortTermPlan: number;
  skill: number;
}

export const PAPER_RETRIEVE_LIMITS: RetrieveLimits = { chat: 5, recentChat: 8, event: 2, environment: 2, shortTermPlan: 5, skill: 5 };

export interface MemoryLibraryOptions {
  embedding: EmbeddingModel;
  /** Weight of the recency bonus added to cosine similarity (0 = similarity only). Default 0.1. */
  recencyWeight?: number;
  /** Ticks after which the recency bonus halves. Default 1200 (one minute of game time). */
  recencyHalfLifeTicks?: number;
  /** Oldest entries of a kind are forgotten past this many. Default 2000. */
  maxPerKind?: number;
}

export class MemoryLibrary {
  personality = 'None';
  persona = 'None';
  /** The long-term plan's sub-goals, as the long-term planner last wrote them. */
  longTermGoals: string[] = [];
  private readonly entries = new Map<MemoryKind, MemoryEntry[]>();
  private seq = 0;
  private readonly recencyWeight: number;
  private readonly halfLife: number;
  private readonly maxPerKind: number;
  /** Embedding failures survived (the entry is kept without a vector). */
  embedFaults = 0;

  constructor(private readonly o: MemoryLibraryOptions) {
    this.recencyWeight = o.recencyWeight ?? 0.1;
    this.halfLife = o.recencyHalfLifeTicks ?? 1200;
    this.maxPerKind = o.maxPerKind ?? 2000;
  }

  async add(kind: MemoryKind, text: string, tick: number): Promise<MemoryEntry> {
    return (await this.addMany([{ kind, text, tick }]))[0]!;
  }

  /** Stores several memories with one embedding request (one observation's worth, say). */
  async addMany(items: readonly { kind: MemoryKind; text: string; tick: number }[]): Promise<MemoryEntry[]> {
    if (items.length === 0) return [];
    const vectors = await this.embedAll(items.map((i) => i.text));
    return items.map((item, i) => {
      const entry: MemoryEntry = { ...item, seq: this.seq++, vector: vectors[i] ?? [] };
      const list = this.entries.get(item.kind) ?? [];
      list.push(entry);
      if (list.length > this.maxPerKind) list.splice(0, list.length - this.maxPerKind);
      this.entries.set(item.kind, list);
      return entry;
    });
  }

  size(kind?: MemoryKind): number {
    if (kind) return this.entries.get(kind)?.length ?? 0;
    let n = 0;
    for (const l of this.entries.values()) n += l.length;
    return n;
  }

  /** The `limit` entries of a kind most relevant to `query` at `nowTick`, best first. */
  async retrieve(kind: MemoryKind, query: string, limit: number, nowTick: number): Promise<ScoredMemory[]> {
    const list = this.entries.get(kind) ?? [];
    if (limit <= 0 || list.length === 0) return [];
    const q = await this.embed(query);
    return list
      .map((e) => {
        const similarity = q.length && e.vector.length ? cosineSimilarity(q, e.vector) : 0;
        return { ...e, similarity, score: similarity + this.recencyBonus(e.tick, nowTick) };
      })
      .sort((a, b) => b.score - a.score || b.seq - a.seq)
      .slice(0, limit);
  }

  /** The `limit` newest entries of a kind, oldest first (reading order for prompts). */
  recent(kind: MemoryKind, limit: number): MemoryEntry[] {
    const list = this.entries.get(kind) ?? [];
    return limit <= 0 ? [] : list.slice(-limit);
  }

  private recencyBonus(tick: number, now: number): number {
    if (this.recencyWeight === 0) return 0;
    const age = Math.max(0, now - tick);
    return this.recencyWeight * Math.pow(0.5, age / this.halfLife);
  }

  private async embed(text: string): Promise<number[]> {
    return (await this.embedAll([text]))[0] ?? [];
  }

  private async embedAll(texts: string[]): Promise<number[][]> {
    try {
      return (await this.o.embedding.embed(texts)).vectors;
    } catch {
      // A remote embedding service may be down; memory still works by recency without vectors.
      this.embedFaults += texts.length;
      return [];
    }
  }
}
