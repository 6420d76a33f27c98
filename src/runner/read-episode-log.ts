/**
 * Reads an episode's run log for replay and analysis: any version this code knows. A log of this
 * version (episode_start states `schemaVersion`) is checked record by record against the run-record
 * union of core/run-records.ts; a log from before versioning (no `schemaVersion`: version 0) is read
 * leniently, and its records without a tick (its LLM calls) take the tick of the record before them,
 * marked as inferred.
 */
import { InputError } from '../core/errors.js';
import { RUN_LOG_SCHEMA_VERSION, runRecordSchema } from '../core/run-records.js';
import { readRunLog, type LogRecord } from './run-log.js';

/** A record as read: its tick is always set; `tickInferred` when the file did not give it. */
export type ReadRecord = LogRecord & { tick: number; tickInferred?: true };

export interface EpisodeLogContents {
  /** 0 for logs written before run records were versioned. */
  schemaVersion: number;
  records: ReadRecord[];
  /** Records of a versioned log that do not match its schema (shown anyway, flagged). */
  invalid: { index: number; type: string; issue: string }[];
  /** Line numbers (1-based) that were not JSON records, e.g. a line torn by a crash. */
  badLines: number[];
}

export function readEpisodeLog(path: string): EpisodeLogContents {
  const { records, badLines } = readRunLog(path);
  const start = records.find((r) => r.type === 'episode_start');
  if (!start) {
    throw new InputError(
      `${path} is not an episode log: ${records.length === 0 ? 'it has no JSON records' : `none of its ${records.length} records is an episode_start`}`,
      'pass an episode .jsonl file written by `guildcraft run` or `bench` (runs/episodes/*.jsonl)',
    );
  }
  const schemaVersion = typeof start.schemaVersion === 'number' ? start.schemaVersion : 0;
  const invalid: EpisodeLogContents['invalid'] = [];
  let lastTick = 0;
  const read = records.map((r, index): ReadRecord => {
    if (schemaVersion >= 1 && schemaVersion <= RUN_LOG_SCHEMA_VERSION) {
      const parsed = runRecordSchema.safeParse(r);
      if (!parsed.success) invalid.push({ index, type: r.type, issue: parsed.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`).join('; ') });
    }
    if (typeof r.tick === 'number') {
      lastTick = r.tick;
      return r as ReadRecord;
    }
    return { ...r, tick: lastTick, tickInferred: true };
  });
  return { schemaVersion, records: read, invalid, badLines };
}
