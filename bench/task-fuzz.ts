/**
 * The task-file fuzzer's long run (the security suite runs 200 mutants; this runs thousands): mutants
 * of the shipped task files (test/security/task-fuzz-cases.ts), each loaded as `validate` loads it and,
 * when accepted, started on the embedded world for a few steps. Prints one JSON object:
 * - `crashes`: mutants where anything but a clear GuildcraftError escaped (target 0), with samples;
 * - `hangs`: mutants that took more than `--hang-ms` of this thread's CPU time (target 0), or that
 *   did not finish within `--cutoff-s` of wall time: mutants run in a worker thread, so a real hang is
 *   cut off (the worker is replaced) and the run goes on. CPU time, because on a shared machine wall
 *   time stretches with everyone else's load (`slowestWallMs` is printed too);
 * - `rejected` / `accepted` / `refusedAtStart` counts and the slowest mutant's time.
 * A mutant's time includes making it (`makeCpuMs` apart): the fuzzer's own work once hung a worker.
 * Flags: --mutants <n> (default 1000), --from <i> (default 0: run mutants i..n-1, in one thread while
 * none is cut off), --seed <n> (default 21), --steps <n> (default 2), --hang-ms <ms> (default 5000),
 * --cutoff-s <s> (default 60). Mutant i is made from seed and i alone, so a reported one can be
 * rebuilt with `mutate(corpus[i % corpus.length].text, seededRandom(seed * 1_000_003 + i))`.
 */
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { checkMutant, mutate, seededRandom, taskCorpus, threadCpuMs, type FuzzOutcome } from '../test/security/task-fuzz-cases.js';

interface Job {
  from: number;
  to: number;
  seed: number;
  steps: number;
}
interface Report {
  i: number;
  file: string;
  outcome: FuzzOutcome;
  /** CPU time spent making the mutant, before it was checked. */
  makeCpuMs: number;
}

const mutantSeed = (seed: number, i: number): number => seed * 1_000_003 + i;

if (!isMainThread && parentPort && (workerData as { taskFuzz?: Job } | null)?.taskFuzz) {
  const job = (workerData as { taskFuzz: Job }).taskFuzz;
  const corpus = taskCorpus();
  const port = parentPort;
  for (let i = job.from; i < job.to; i++) {
    const source = corpus[i % corpus.length]!;
    const cpu0 = threadCpuMs();
    const text = mutate(source.text, seededRandom(mutantSeed(job.seed, i)));
    const makeCpuMs = Math.round(threadCpuMs() - cpu0);
    const outcome = await checkMutant(text, source.file, job.steps);
    port.postMessage({ i, file: source.file, outcome, makeCpuMs } satisfies Report);
  }
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { mutants: { type: 'string' }, from: { type: 'string' }, seed: { type: 'string' }, steps: { type: 'string' }, 'hang-ms': { type: 'string' }, 'cutoff-s': { type: 'string' }, json: { type: 'boolean' } },
  });
  const total = Number(values.mutants ?? 1000);
  const from = Number(values.from ?? 0);
  const seed = Number(values.seed ?? 21);
  const steps = Number(values.steps ?? 2);
  const hangMs = Number(values['hang-ms'] ?? 5000);
  const cutoffMs = Number(values['cutoff-s'] ?? 60) * 1000;
  const started = performance.now();
  const counts = { rejected: 0, accepted: 0, refused_at_start: 0, crash: 0 };
  const crashes: { i: number; file: string; detail: string | undefined }[] = [];
  const hangs: { i: number; file: string; cpuMs: number | null; makeCpuMs: number | null; ms: number | null }[] = [];
  const corpus = taskCorpus();
  let slowestCpuMs = 0;
  let slowestMakeCpuMs = 0;
  let slowestWallMs = 0;
  let next = from;
  while (next < total) {
    next = await runWorker({ from: next, to: total, seed, steps }, cutoffMs, (r) => {
      counts[r.outcome.verdict]++;
      const cpuMs = r.makeCpuMs + r.outcome.cpuMs;
      slowestCpuMs = Math.max(slowestCpuMs, cpuMs);
      slowestMakeCpuMs = Math.max(slowestMakeCpuMs, r.makeCpuMs);
      slowestWallMs = Math.max(slowestWallMs, r.outcome.ms);
      if (r.outcome.verdict === 'crash') crashes.push({ i: r.i, file: r.file, detail: r.outcome.detail });
      if (cpuMs > hangMs) hangs.push({ i: r.i, file: r.file, cpuMs, makeCpuMs: r.makeCpuMs, ms: r.outcome.ms });
    }, (i) => hangs.push({ i, file: `${corpus[i % corpus.length]!.file} (cut off)`, cpuMs: null, makeCpuMs: null, ms: null }));
  }
  console.log(JSON.stringify({
    mutants: total - from,
    from,
    seed,
    steps,
    hangMs,
    cutoffMs,
    crashes: crashes.length,
    hangs: hangs.length,
    rejected: counts.rejected,
    accepted: counts.accepted,
    refusedAtStart: counts.refused_at_start,
    slowestCpuMs,
    slowestMakeCpuMs,
    slowestWallMs,
    wallSeconds: Math.round((performance.now() - started) / 1000),
    crashSamples: crashes.slice(0, 20),
    hangSamples: hangs.slice(0, 20),
  }, null, values.json ? 0 : 2));
}

/**
 * Runs mutants `from..to` in a worker until they are done or one takes longer than `cutoffMs` without
 * a report; returns the index to go on from (past a cut-off mutant).
 */
function runWorker(job: Job, cutoffMs: number, onReport: (r: Report) => void, onHang: (i: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { taskFuzz: job } });
    let expected = job.from;
    let timer = setTimeout(cutOff, cutoffMs);
    function cutOff(): void {
      onHang(expected);
      void worker.terminate();
      resolve(expected + 1);
    }
    worker.on('message', (r: Report) => {
      onReport(r);
      expected = r.i + 1;
      clearTimeout(timer);
      if (expected >= job.to) {
        void worker.terminate();
        resolve(job.to);
        return;
      }
      timer = setTimeout(cutOff, cutoffMs);
    });
    worker.on('error', (err) => {
      clearTimeout(timer);
      onReport({ i: expected, file: '(worker)', makeCpuMs: 0, outcome: { verdict: 'crash', ms: 0, cpuMs: 0, detail: `the worker died: ${err.message}` } });
      resolve(expected + 1);
    });
  });
}
