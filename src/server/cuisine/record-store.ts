/**
 * Finished human episodes go to `<runs>/human/<timestamp>-<id>.json`. The file is written when the episode ends (so the
 * play is kept even if the survey is never answered) and written again with the answers. Writes go through a temporary
 * file and a rename, so a reader never sees half a record.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HumanGame } from './human-game.js';

/** `2026-11-22T19-31-31Z`: sortable, and safe in file names on every OS. */
export function fileTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}

/** The record's path relative to the runs directory (`human/<timestamp>-<id>.json`). */
export function recordPath(game: HumanGame): string {
  return join('human', `${fileTimestamp(game.startedAt)}-${game.id}.json`);
}

/** Writes (or rewrites) the game's record; returns its path relative to `runsDir`. */
export async function storeRecord(runsDir: string, game: HumanGame): Promise<string> {
  const rel = recordPath(game);
  const file = join(runsDir, rel);
  await mkdir(join(runsDir, 'human'), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(game.record(), null, 2)}\n`, 'utf8');
  await rename(tmp, file);
  return rel;
}
