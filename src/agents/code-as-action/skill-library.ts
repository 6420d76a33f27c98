/**
 * The code agent's skill library (Voyager; MineLand's Alex keeps "mastered skills" the same way):
 * programs that the critic judged successful are stored as named functions with a description,
 * embedded, and retrieved for later tasks by cosine similarity, then shown in the prompt and
 * prepended to the program so the model can call them. Optional persistence: one JSON file
 * (`skills.json`) in a directory, rewritten after each addition; embeddings are recomputed on
 * load, so the file stays readable and works with any embedding model.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import { HashedEmbeddingModel, topKSimilar, type EmbeddingModel } from '../../llm/index.js';
import { calls } from './program-text.js';

export interface SkillEntry {
  /** The function's name, as code calls it. */
  name: string;
  description: string;
  /** The task it solved when it was stored. */
  task: string;
  /** Function declarations: the skill and the helpers it needs. */
  source: string;
}

const fileSchema = z.object({
  version: z.literal(1),
  skills: z.array(z.object({ name: z.string().regex(/^[A-Za-z_$][\w$]*$/), description: z.string(), task: z.string(), source: z.string().min(1) })),
});

export const SKILL_LIBRARY_FILE = 'skills.json';

export interface SkillLibraryOptions {
  /** Embeds descriptions and queries; default the local hashed embedding (offline, deterministic). */
  embedding?: EmbeddingModel;
  /** Directory for `skills.json`; in memory only when absent. */
  dir?: string;
}

export class SkillLibrary {
  private readonly entries: SkillEntry[] = [];
  private readonly vectors: number[][] = [];
  private readonly embedding: EmbeddingModel;
  readonly dir: string | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(o: SkillLibraryOptions = {}) {
    this.embedding = o.embedding ?? new HashedEmbeddingModel(256);
    this.dir = o.dir;
  }

  /** A library backed by `dir/skills.json`, loaded if the file exists. A malformed file is an InputError. */
  static async open(dir: string, o: Omit<SkillLibraryOptions, 'dir'> = {}): Promise<SkillLibrary> {
    const lib = new SkillLibrary({ ...o, dir });
    const file = path.join(dir, SKILL_LIBRARY_FILE);
    let text: string | null = null;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new InputError(`cannot read the skill library ${file}: ${(err as Error).message}`, 'check the directory permissions');
    }
    if (text !== null) {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (err) {
        throw new InputError(`skill library ${file} is not valid JSON: ${(err as Error).message}`, 'fix or delete the file');
      }
      const parsed = fileSchema.safeParse(raw);
      if (!parsed.success) throw new InputError(`skill library ${file} is malformed: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`, 'fix or delete the file');
      for (const s of parsed.data.skills) await lib.insert(s);
    }
    return lib;
  }

  get size(): number {
    return this.entries.length;
  }

  get all(): readonly SkillEntry[] {
    return this.entries;
  }

  get(name: string): SkillEntry | undefined {
    return this.entries.find((e) => e.name === name);
  }

  /** Stores (or replaces, by name) a skill, and writes the file when the library has a directory. */
  async add(entry: SkillEntry): Promise<void> {
    await this.insert(entry);
    if (this.dir) await this.save();
  }

  /** The `k` skills most similar to the query, best first, at least `minScore` similar. */
  async retrieve(query: string, k = 3, minScore = 0.15): Promise<Array<SkillEntry & { score: number }>> {
    if (this.entries.length === 0 || k <= 0) return [];
    const { vectors } = await this.embedding.embed([query]);
    return topKSimilar(vectors[0]!, this.vectors, k)
      .filter((r) => r.score >= minScore)
      .map((r) => ({ ...this.entries[r.index]!, score: Math.round(r.score * 1000) / 1000 }));
  }

  /**
   * The function declarations to prepend for `chosen` skills: each chosen one plus every library
   * skill its source calls (transitively), skipping names the program declares itself.
   */
  prelude(chosen: readonly string[], declaredByProgram: readonly string[]): string {
    const included = new Set<string>();
    const visit = (name: string) => {
      if (included.has(name) || declaredByProgram.includes(name)) return;
      const e = this.get(name);
      if (!e) return;
      included.add(name);
      for (const other of this.entries) if (other.name !== name && calls(e.source, other.name)) visit(other.name);
    };
    for (const n of chosen) visit(n);
    return this.entries.filter((e) => included.has(e.name)).map((e) => e.source).join('\n\n');
  }

  private async insert(entry: SkillEntry): Promise<void> {
    const { vectors } = await this.embedding.embed([embeddingText(entry)]);
    const i = this.entries.findIndex((e) => e.name === entry.name);
    if (i >= 0) {
      this.entries[i] = { ...entry };
      this.vectors[i] = vectors[0]!;
    } else {
      this.entries.push({ ...entry });
      this.vectors.push(vectors[0]!);
    }
  }

  /** Writes to a temporary file then renames, so a crash never leaves half a library. */
  private save(): Promise<void> {
    const dir = this.dir!;
    const body = `${JSON.stringify({ version: 1, skills: this.entries }, null, 2)}\n`;
    this.writing = this.writing.then(async () => {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, SKILL_LIBRARY_FILE);
      await writeFile(`${file}.tmp`, body, 'utf8');
      await rename(`${file}.tmp`, file);
    });
    return this.writing;
  }
}

/** What a skill is found by: its description, the task it solved, and its name split into words. */
function embeddingText(e: SkillEntry): string {
  const words = e.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_$]/g, ' ');
  return `${e.description}\n${e.task}\n${words}`;
}
