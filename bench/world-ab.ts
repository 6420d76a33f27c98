/**
 * Compares the world bench of two builds side by side: `npm run bench -- world-ab --builds OLD,NEW
 * --agents 10000 --observe-every 100` where OLD and NEW are copies of `dist/` inside the project
 * (e.g. `cp -r dist dist-old` before a change, rebuild, then `--builds dist-old,dist`).
 *
 * Why this shape (as senses-ab): on a shared machine the load moves one bench run by far more than
 * most changes. Here both builds' bench worlds (same seed, same agents, same moves) live in one
 * process and are stepped in alternating rounds of `--round-ticks` ticks, so load hits both alike;
 * the comparison runs twice, in child processes with the builds in either order, and reports the
 * geometric mean of the two median per-round CPU-time ratios. Every event both worlds emit is
 * hashed: the hashes must agree (the same seed and inputs give the same event log), or the change
 * altered a world rule and the comparison says so.
 *
 * `--warm-ticks N` steps both worlds N ticks before the rounds (their events hashed too): a slowdown
 * that only shows after simulated minutes (items piling up, ground dug away) is compared on the aged
 * world, e.g. `--warm-ticks 6000` for five minutes.
 *
 * `--threads A,B` gives each build's bench that many sight worker threads; with one build twice
 * (`--builds dist,dist --threads 0,1 --observe-every 100`) it measures what the worker gives, by the
 * wall clock (`wallSpeedup`: CPU time counts both cores), and checks that the events and every
 * observation (`sameObservations`) are the same whatever the thread count.
 *
 * `--pipelined A,B` (1 or 0 each, default 0,0): whether each build's bench delivers the observations of
 * tick t after the step of t + 1, its workers computing them during that step (`--builds dist,dist
 * --threads 1,1 --pipelined 0,1`: what the overlap gives; `--threads 0,1 --pipelined 1,1`: the
 * pipelined worker against none). Each bench delivers what is still on its way before the hashes
 * are compared, so a pipelined bench's observations compare with an unpipelined one's too.
 *
 * `--perception-range R` gives every agent of both benches that range (as `bench world` does).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './senses.js';
import { fnv } from './world.js';

interface ChildResult {
  /** CPU milliseconds per round, per build (every thread of the process). */
  roundMs: number[][];
  /** Wall-clock milliseconds per round, per build: what worker threads shorten. */
  roundWallMs: number[][];
  /** Hash of every observation, per build (null for a build whose bench does not keep one). */
  observationHashes: Array<number | null>;
  /** Hash of every event of the measured ticks, per build. */
  eventHashes: string[];
  observations: number[];
}

interface Options {
  agents: number;
  observeEvery: number;
  rounds: number;
  roundTicks: number;
  /** Ticks both worlds run before the measured rounds (besides the usual warm-up). */
  warmTicks: number;
  seed: string;
  /** Worker threads of each build's bench, in the order of `--builds`. */
  threads: [number, number];
  /** Whether each build's bench is pipelined, in the order of `--builds`. */
  pipelined: [boolean, boolean];
  /** Who lists the workers' agents' visible entities in each build's bench. */
  sightEntities: [string, string];
  /** Every agent's perception range in both benches (undefined: the player default). */
  perceptionRange: number | undefined;
}

async function child(builds: string[], threads: number[], pipelined: boolean[], sightEntities: string[], o: Options): Promise<ChildResult> {
  const benches = [];
  const hashes: number[] = [];
  for (const [i, b] of builds.entries()) {
    const mod = (await import(pathToFileURL(resolve(b, 'bench/world.js')).href)) as typeof import('./world.js');
    const bench = mod.createWorldBench({ agents: o.agents, terrain: 'natural', seed: o.seed, observeEvery: o.observeEvery, threads: threads[i]!, pipelined: pipelined[i]!, entitiesOnWorkers: sightEntities[i] === 'workers', hashObservations: o.observeEvery > 0, perceptionRange: o.perceptionRange });
    hashes.push(2166136261);
    bench.world.onAny((e) => { hashes[i] = fnv(hashes[i]!, JSON.stringify(e)); });
    benches.push(bench);
  }
  // Warm-up as the world bench does: terrain, JIT, and every agent observed once.
  for (const bench of benches) for (let t = 0; t < Math.max(40, o.observeEvery) + o.warmTicks; t++) bench.step();
  const roundMs = builds.map(() => [] as number[]);
  const roundWallMs = builds.map(() => [] as number[]);
  for (let r = 0; r < o.rounds; r++) {
    const order = r % 2 === 0 ? benches.map((_, i) => i) : benches.map((_, i) => benches.length - 1 - i);
    for (const i of order) {
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      for (let t = 0; t < o.roundTicks; t++) benches[i]!.step();
      roundWallMs[i]!.push(performance.now() - w0);
      const c = process.cpuUsage(c0);
      roundMs[i]!.push((c.user + c.system) / 1000);
    }
  }
  for (const b of benches) if ('flush' in b) b.flush();
  const observationHashes = benches.map((b) => (o.observeEvery > 0 && 'observationHash' in b.counts ? b.counts.observationHash : null));
  for (const b of benches) if ('close' in b) b.close();
  return { roundMs, roundWallMs, observationHashes, eventHashes: hashes.map((h) => h.toString(16)), observations: benches.map((b) => b.counts.observations) };
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      builds: { type: 'string' },
      agents: { type: 'string', default: '1000' },
      'observe-every': { type: 'string', default: '0' },
      rounds: { type: 'string', default: '10' },
      'round-ticks': { type: 'string', default: '20' },
      'warm-ticks': { type: 'string', default: '0' },
      seed: { type: 'string', default: 'bench' },
      threads: { type: 'string', default: '0,0' },
      pipelined: { type: 'string', default: '0,0' },
      'sight-entities': { type: 'string', default: 'main,main' },
      'perception-range': { type: 'string' },
      child: { type: 'boolean', default: false },
    },
  });
  const builds = (values.builds ?? '').split(',').filter((b) => b !== '').map((b) => (isAbsolute(b) ? b : resolve(b)));
  const o: Options = {
    agents: Number(values.agents),
    observeEvery: Number(values['observe-every']),
    rounds: Number(values.rounds),
    roundTicks: Number(values['round-ticks']),
    warmTicks: Number(values['warm-ticks']),
    seed: values.seed!,
    threads: values.threads!.split(',').map(Number) as [number, number],
    pipelined: values.pipelined!.split(',').map((v) => v === '1') as [boolean, boolean],
    sightEntities: values['sight-entities']!.split(',') as [string, string],
    perceptionRange: values['perception-range'] === undefined ? undefined : Number(values['perception-range']),
  };
  if (o.threads.length !== 2 || o.pipelined.length !== 2 || o.sightEntities.length !== 2 || !o.sightEntities.every((v) => v === 'workers' || v === 'main') || !values.pipelined!.split(',').every((v) => v === '0' || v === '1') || !o.threads.every((t) => Number.isInteger(t) && t >= 0) || builds.length !== 2 || !(o.agents >= 1) || !(o.observeEvery >= 0) || !(o.rounds >= 1) || !(o.roundTicks >= 1) || !Number.isInteger(o.warmTicks) || o.warmTicks < 0 || (o.perceptionRange !== undefined && !(o.perceptionRange > 0 && o.perceptionRange <= 128))) {
    console.error('usage: npm run bench -- world-ab --builds OLD,NEW [--agents 1000] [--observe-every 0] [--rounds 10] [--round-ticks 20] [--warm-ticks 0] [--threads 0,0] [--pipelined 0,0] [--sight-entities main,main] [--perception-range R]\n  OLD and NEW are copies of dist/ inside the project (cp -r dist dist-old before a change, rebuild, then --builds dist-old,dist);\n  --threads: each one\'s sight worker threads (with --observe-every), e.g. --builds dist,dist --threads 0,1;\n  --pipelined: whether each one delivers tick t\'s observations after the step of t + 1 (1) or at once (0);\n  --sight-entities: who lists the workers\' agents\' visible entities in each (workers or main);\n  --perception-range: every agent\'s perception range in both (default: the player default)');
    process.exit(2);
  }
  for (const b of builds) {
    if (!existsSync(resolve(b, 'bench/world.js'))) {
      console.error(`world-ab: ${b} is not a build with the world bench (no bench/world.js in it): pass copies of dist/ made after npm run build`);
      process.exit(2);
    }
  }
  if (values.child) {
    console.log(JSON.stringify(await child(builds, o.threads, o.pipelined, o.sightEntities, o)));
    return;
  }
  const self = fileURLToPath(new URL('./main.js', import.meta.url));
  const runChild = (order: string[], threads: number[], pipelined: boolean[], sightEntities: string[]): ChildResult => {
    const args = ['--expose-gc', self, 'world-ab', '--child', '--builds', order.join(','), '--threads', threads.join(','), '--pipelined', pipelined.map((p) => (p ? '1' : '0')).join(','), '--sight-entities', sightEntities.join(','), '--agents', String(o.agents),
      '--observe-every', String(o.observeEvery), '--rounds', String(o.rounds), '--round-ticks', String(o.roundTicks), '--warm-ticks', String(o.warmTicks), '--seed', o.seed,
      ...(o.perceptionRange === undefined ? [] : ['--perception-range', String(o.perceptionRange)])];
    const out = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (out.status !== 0) throw new Error(`world-ab: measuring ${order.join(' then ')} failed:\n${out.stderr}`);
    return JSON.parse(out.stdout.trim().split('\n').pop()!) as ChildResult;
  };
  const [oldDir, newDir] = builds as [string, string];
  const forward = runChild([oldDir, newDir], o.threads, o.pipelined, o.sightEntities);
  const backward = runChild([newDir, oldDir], [o.threads[1], o.threads[0]], [o.pipelined[1], o.pipelined[0]], [o.sightEntities[1], o.sightEntities[0]]);
  const ratio = (oldMs: number[], newMs: number[]) => median(oldMs.map((t, i) => t / newMs[i]!));
  const ratioForward = ratio(forward.roundMs[0]!, forward.roundMs[1]!);
  const ratioBackward = ratio(backward.roundMs[1]!, backward.roundMs[0]!);
  const wallForward = ratio(forward.roundWallMs[0]!, forward.roundWallMs[1]!);
  const wallBackward = ratio(backward.roundWallMs[1]!, backward.roundWallMs[0]!);
  const sameEvents = forward.eventHashes[0] === forward.eventHashes[1] && backward.eventHashes[0] === backward.eventHashes[1];
  const hashed = [...forward.observationHashes, ...backward.observationHashes];
  const sameObservations = hashed.some((h) => h === null) ? null : forward.observationHashes[0] === forward.observationHashes[1] && backward.observationHashes[0] === backward.observationHashes[1];
  const ticksPerCpuSecond = (ms: number[]) => Math.round((o.roundTicks / (median(ms) / 1000)) * 10) / 10;
  const result = {
    old: oldDir,
    new: newDir,
    agents: o.agents,
    observeEvery: o.observeEvery,
    speedup: Math.round(Math.sqrt(ratioForward * ratioBackward) * 1000) / 1000,
    speedupNewSecond: Math.round(ratioForward * 1000) / 1000,
    speedupNewFirst: Math.round(ratioBackward * 1000) / 1000,
    // By the wall clock (the measure for worker threads, which add CPU time on the other core).
    wallSpeedup: Math.round(Math.sqrt(wallForward * wallBackward) * 1000) / 1000,
    threads: o.threads,
    pipelined: o.pipelined,
    sightEntities: o.sightEntities,
    ...(o.perceptionRange === undefined ? {} : { perceptionRange: o.perceptionRange }),
    oldTicksPerCpuSecond: ticksPerCpuSecond([...forward.roundMs[0]!, ...backward.roundMs[1]!]),
    newTicksPerCpuSecond: ticksPerCpuSecond([...forward.roundMs[1]!, ...backward.roundMs[0]!]),
    rounds: o.rounds,
    roundTicks: o.roundTicks,
    warmTicks: o.warmTicks,
    sameEvents,
    sameObservations,
    loadAvg: Math.round(loadavg()[0]! * 100) / 100,
  };
  console.log(JSON.stringify(result));
  if (!sameEvents) console.error('world-ab: the two builds\' worlds emitted different events (hashes differ): the change altered a world rule or its order');
}
