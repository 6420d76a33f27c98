/**
 * Alex's mastered skills (MineLand, Appendix E.1 "skill manager"): when the critic confirms a
 * short-term plan achieved its sub-goal, the skill calls that achieved it are stored under a
 * concise name and description. Later plans retrieve the most similar skills into the short-term
 * planner's prompt, and the planner may reuse one by name: its calls then run again as stored.
 *
 * One store can be shared by a team and across episodes (the team keeps it between `start`s), and
 * saved to / loaded from a JSON file so a later run starts with what an earlier one learned.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import { cosineSimilarity, type EmbeddingModel } from '../../llm/index.js';

export interface SkillCall {
  name: string;
  params: Record<string, unknown>;
}

export interface StoredSkill {
  name: string;
  description: string;
  /** The sub-goal it achieved, in words. */
  goal: string;
  calls: SkillCall[];
  /** How often a plan reused it. */
  uses: number;
}

const fileSchema = z.object({
  version: z.literal(1),
  skills: z.array(
    z.object({
      name: z.string().min(1),
      description: z.string(),
      goal: z.string(),
      calls: z.array(z.object({ name: z.string().min(1), params: z.record(z.string(), z.unknown()) })).min(1),
      uses: z.number().int().min(0).default(0),
    }),
  ),
});

export class SkillMemory {
  private readonly skills: (StoredSkill & { vector: number[] })[] = [];

  constructor(
    private readonly embedding: EmbeddingModel,
    /** Where `save()` writes `alex-skills.json`; null keeps the memory in this process only. */
    readonly dir: string | null = null,
  ) {}

  /** Opens (or starts) a store persisted in `dir`. A corrupt file is a user error naming the file. */
  static async open(dir: string, embedding: EmbeddingModel): Promise<SkillMemory> {
    const mem = new SkillMemory(embedding, dir);
    const file = path.join(dir, 'alex-skills.json');
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch {
      return mem; // nothing learned yet
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (err) {
      throw new InputError(`${file} is not valid JSON (${(err as Error).message})`, 'delete the file to start with an empty skill memory');
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) throw new InputError(`${file} is not an Alex skill memory: ${parsed.error.issues[0]?.message ?? 'bad shape'}`, 'delete the file to start with an empty skill memory');
    for (const s of parsed.data.skills) await mem.add(s);
    return mem;
  }

  get size(): number {
    return this.skills.length;
  }

  list(): readonly StoredSkill[] {
    return this.skills;
  }

  get(name: string): StoredSkill | undefined {
    return this.skills.find((s) => s.name === name);
  }

  /** Stores a skill; a skill of the same name is replaced by the newer version. */
  async add(skill: Omit<StoredSkill, 'uses'> & { uses?: number }): Promise<StoredSkill> {
    const vector = await this.embedText(`${skill.name} ${skill.description} ${skill.goal}`);
    const stored = { ...skill, uses: skill.uses ?? 0, vector };
    const i = this.skills.findIndex((s) => s.name === skill.name);
    if (i >= 0) this.skills[i] = stored;
    else this.skills.push(stored);
    return stored;
  }

  /** The `limit` skills most similar to `query`, best first. */
  async retrieve(query: string, limit: number): Promise<StoredSkill[]> {
    if (limit <= 0 || this.skills.length === 0) return [];
    const q = await this.embedText(query);
    return this.skills
      .map((s, i) => ({ s, i, score: q.length && s.vector.length ? cosineSimilarity(q, s.vector) : 0 }))
      .sort((a, b) => b.score - a.score || b.i - a.i)
      .slice(0, limit)
      .map((x) => x.s);
  }

  async save(): Promise<void> {
    if (!this.dir) return;
    await mkdir(this.dir, { recursive: true });
    const skills = this.skills.map(({ vector: _v, ...s }) => s);
    await writeFile(path.join(this.dir, 'alex-skills.json'), JSON.stringify({ version: 1, skills }, null, 2));
  }

  private async embedText(text: string): Promise<number[]> {
    try {
      return (await this.embedding.embed([text])).vectors[0] ?? [];
    } catch {
      return [];
    }
  }
}
