/**
 * The append-only JSONL log of one episode: one JSON object per line, each with a `type` and the
 * tick it belongs to (world events, skill calls and results, messages, LLM calls, metrics, the
 * summary last). Lines are written as they happen, so a crashed or interrupted run still leaves
 * everything up to the crash; `readRunLog` skips a torn last line instead of failing.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../core/errors.js';

export interface LogRecord {
  type: string;
  tick?: number;
  [key: string]: unknown;
}

export interface RunLogSink {
  write(record: LogRecord): void;
  close(): void;
}

/**
 * Buffers lines and appends them in batches (one `appendFileSync` per flush): episodes emit
 * thousands of events, and a syscall per line would dominate fast simulated runs. The buffer is also
 * flushed every `flushIntervalMs` (default 1 s) and when the process exits, so an episode waiting on a
 * model, or a process that ends without closing the log, loses at most a second of records.
 */
export class JsonlRunLog implements RunLogSink {
  private buffer: string[] = [];
  private closed = false;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly onExit = (): void => this.flush();

  constructor(readonly path: string, private readonly flushEvery = 256, flushIntervalMs = 1000) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '');
    this.timer = setInterval(this.onExit, flushIntervalMs);
    this.timer.unref();
    process.once('exit', this.onExit);
  }

  write(record: LogRecord): void {
    if (this.closed) return;
    this.buffer.push(JSON.stringify(record));
    if (this.buffer.length >= this.flushEvery) this.flush();
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    appendFileSync(this.path, this.buffer.join('\n') + '\n');
    this.buffer = [];
  }

  close(): void {
    this.flush();
    this.closed = true;
    clearInterval(this.timer);
    process.off('exit', this.onExit);
  }
}

/** Keeps records in memory (tests, and bench workers that only need the summary). */
export class MemoryRunLog implements RunLogSink {
  readonly records: LogRecord[] = [];
  write(record: LogRecord): void {
    this.records.push(record);
  }
  close(): void {}
}

export const nullRunLog: RunLogSink = { write() {}, close() {} };

export interface ParsedRunLog {
  records: LogRecord[];
  /** Line numbers (1-based) that were not valid JSON records, e.g. a line torn by a crash. */
  badLines: number[];
}

export function readRunLog(path: string): ParsedRunLog {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new InputError(`cannot read run log ${path}: ${(err as Error).message}`, 'pass the path of an episode .jsonl file written by `guildcraft run --out` or `bench`', { cause: err });
  }
  const records: LogRecord[] = [];
  const badLines: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      const r = JSON.parse(line) as LogRecord;
      if (r && typeof r === 'object' && typeof r.type === 'string') records.push(r);
      else badLines.push(i + 1);
    } catch {
      badLines.push(i + 1);
    }
  });
  return { records, badLines };
}
