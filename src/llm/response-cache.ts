/**
 * The on-disk response cache that makes LLM runs reproducible offline. Each answer is a readable JSON file
 * named by a stable hash of what was asked (model id, messages, parameters) plus how many times the same
 * request was already made in this run, so a prompt asked twice replays its two different answers in order.
 *
 * Modes: `record` calls the provider and stores every answer; `replay` answers only from disk and a miss is
 * an error; `off` neither reads nor writes.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CacheMissError } from './llm-errors.js';
import { stableHash } from './stable-hash.js';
import { GuildcraftError, InputError } from '../core/errors.js';

export type CacheMode = 'record' | 'replay' | 'off';
export const cacheModes: readonly CacheMode[] = ['record', 'replay', 'off'];

export function parseCacheMode(value: string, source: string): CacheMode {
  if ((cacheModes as readonly string[]).includes(value)) return value as CacheMode;
  throw new InputError(`${source} is "${value}", which is not a cache mode`, `use one of ${cacheModes.join(', ')}`);
}

/** Where one request's answer lives. */
export interface CacheSlot {
  key: string;
  file: string;
}

export interface CacheEntry<T> {
  key: string;
  kind: string;
  modelId: string;
  request: unknown;
  response: T;
  recordedAt: string;
}

export class ResponseCache {
  readonly dir: string;
  private readonly occurrences = new Map<string, number>();

  constructor(
    dir: string,
    readonly mode: CacheMode,
  ) {
    this.dir = resolve(dir);
  }

  /** Claims the next slot for this request; the n-th identical request in a run gets slot n. */
  slotFor(keyMaterial: unknown): CacheSlot {
    const hash = stableHash(keyMaterial);
    const n = this.occurrences.get(hash) ?? 0;
    this.occurrences.set(hash, n + 1);
    const key = `${hash}-${n}`;
    return { key, file: join(this.dir, `${key}.json`) };
  }

  /** In replay mode, the recorded answer for a slot; a missing file is a CacheMissError naming the directory. */
  async read<T>(slot: CacheSlot, what: string): Promise<CacheEntry<T>> {
    let text: string;
    try {
      text = await readFile(slot.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CacheMissError(this.dir, slot.key, what);
      throw new GuildcraftError('environment', `cannot read LLM cache file ${slot.file}`, 'check the file permissions', { cause: err });
    }
    try {
      return JSON.parse(text) as CacheEntry<T>;
    } catch (err) {
      throw new InputError(`LLM cache file ${slot.file} is not valid JSON`, 'delete it and re-record the run with cache mode "record"', {
        cause: err,
      });
    }
  }

  async write<T>(slot: CacheSlot, entry: Omit<CacheEntry<T>, 'key' | 'recordedAt'>): Promise<void> {
    const full: CacheEntry<T> = { key: slot.key, ...entry, recordedAt: new Date().toISOString() };
    await mkdir(this.dir, { recursive: true });
    // Write then rename, so a crash or a concurrent reader never sees half a file.
    const tmp = `${slot.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, JSON.stringify(full, null, 2) + '\n', 'utf8');
    await rename(tmp, slot.file);
  }
}
