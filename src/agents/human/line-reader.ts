/**
 * Lines from a text stream, one at a time, on demand. Lines that arrive before anyone asks are kept
 * in order (piped or scripted input arrives all at once), and the end of the stream is reported as
 * null, so a human agent can tell "no answer yet" from "the human left".
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable } from 'node:stream';

export class LineReader {
  private readonly rl: Interface;
  private readonly buffered: string[] = [];
  private readonly waiting: Array<(line: string | null) => void> = [];
  private ended = false;

  constructor(input: Readable) {
    this.rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
    this.rl.on('line', (line) => {
      const w = this.waiting.shift();
      if (w) w(line);
      else this.buffered.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
  }

  /** The next line, or null at the end of the input or when the signal aborts. */
  next(signal?: AbortSignal): Promise<string | null> {
    const line = this.buffered.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const done = (l: string | null) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(l);
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(done);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(null);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(done);
    });
  }

  close(): void {
    this.rl.close();
  }
}
