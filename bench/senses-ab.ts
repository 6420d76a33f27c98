/**
 * Compares the senses of two builds on the same eyes: `npm run bench -- senses-ab --builds OLD,NEW`
 * (`--agents N`, default 1,000; `--range R` gives every agent perception range R instead of 16..32,
 * or, with `--world`, instead of the world bench's default 32; `--world`: the agents of the world
 * bench after `--ticks` of it, digging pits, among mobs and items)
 * where OLD and NEW are copies of `dist/` inside the project, so that its node_modules resolve
 * (e.g. `cp -r dist dist-old` before a change, rebuild, then `--builds dist-old,dist`). Prints one JSON line: NEW's speed-up over OLD and both figures.
 *
 * Why this shape: on a shared machine the load moves a single bench run by ±10–20%, far more than
 * most changes. Here both builds live in one process and observe the same eyes (the bench's 1,000
 * agents after `--ticks` of its walk) in alternating rounds, so load hits both alike. In A/A runs
 * the build loaded second measured up to ~6% faster, so the comparison runs twice, in child
 * processes with the builds in either order, and reports the geometric mean of the two median
 * per-round ratios. A checksum of every visible block and entity count must agree, or the builds
 * do not see the same things and the comparison says so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { World } from '../src/world/index.js';
import { benchWalker, joinBenchAgents, median } from './senses.js';

interface ChildResult {
  builds: string[];
  /** CPU milliseconds per round, per build. */
  roundMs: number[][];
  checksums: number[];
}

/**
 * Eyes of the senses bench after `ticks` ticks of its walk (same seed, same agents, same moves).
 * Perception ranges cycle 16..32 as in the senses bench, or are all `range` when given (the world
 * bench's observations use the default 32).
 */
function benchEyes(seed: string, agents: number, ticks: number, range: number | null): Array<[number, number, number, number]> {
  const world = new World({ seed, terrain: { type: 'natural' } });
  const players = joinBenchAgents(world, agents, range ?? 16, range ?? 32);
  const act = benchWalker(world, players);
  for (let t = 0; t < ticks; t++) {
    act();
    world.step();
    world.takeEvents();
  }
  return players.map((p) => [p.pos.x, p.pos.y, p.pos.z, p.perceptionRange]);
}

/** What each observation computes: the block scan, the visible-entity list, or both (the entity list reusing the scan's aim). */
type SightPart = 'blocks' | 'entities' | 'both';

/** Where the eyes come from: the senses bench's walk (eyes put into a fresh world) or the world bench's own world. */
type EyeSource = { kind: 'walk'; eyes: Array<[number, number, number, number]> } | { kind: 'world'; agents: number; ticks: number; range: number | null };

/**
 * One build's world with the agents, and a function observing all of them once. With the world
 * bench as the source, each build steps its own copy of that bench (same seed, same world code:
 * the same pits dug, items dropped and mobs about) and its agents are observed where they stand.
 */
async function loadBuild(dir: string, seed: string, source: EyeSource, part: SightPart) {
  const url = (rel: string) => pathToFileURL(resolve(dir, rel)).href;
  const w = (await import(url('src/world/index.js'))) as typeof import('../src/world/index.js');
  const s = (await import(url('src/skills/senses/index.js'))) as typeof import('../src/skills/senses/index.js');
  let world: InstanceType<typeof w.World>;
  let players: ReturnType<typeof w.joinPlayer>[];
  if (source.kind === 'walk') {
    world = new w.World({ seed, terrain: { type: 'natural' } });
    players = source.eyes.map(([x, y, z, r], i) => w.joinPlayer(world, `a${i}`, { x, y, z }, { perceptionRange: r }));
  } else {
    const wb = (await import(url('bench/world.js'))) as typeof import('./world.js');
    const bench = wb.createWorldBench({ agents: source.agents, terrain: 'natural', seed, observeEvery: 0, ...(source.range === null ? {} : { perceptionRange: source.range }) });
    for (let t = 0; t < source.ticks; t++) bench.step();
    world = bench.world;
    players = [...world.entities.values()].filter((e): e is ReturnType<typeof w.joinPlayer> => e.kind === 'player');
  }
  let checksum = 0;
  const visit = (state: number, x: number, y: number, z: number) => {
    checksum = (checksum + state * 7 + x * 31 + y * 17 + z * 13) % 1_000_000_007;
  };
  const observeAll = () => {
    for (const p of players) {
      if (part !== 'entities') s.scanVisibleBlocks(world, p, {}, visit, { order: 'any' });
      if (part === 'blocks') continue;
      // Which entities, and their distances to the bit, not only how many.
      for (const e of s.visibleEntities(world, p)) checksum = (checksum * 31 + e.id + Math.round(e.distance * 1e6)) % 1_000_000_007;
    }
  };
  return { observeAll, checksum: () => checksum };
}

async function child(builds: string[], rounds: number, seed: string, ticks: number, agents: number, range: number | null, fromWorld: boolean, part: SightPart): Promise<ChildResult> {
  const source: EyeSource = fromWorld ? { kind: 'world', agents, ticks, range } : { kind: 'walk', eyes: benchEyes(seed, agents, ticks, range) };
  const loaded = [];
  for (const b of builds) loaded.push(await loadBuild(b, seed, source, part));
  for (const l of loaded) for (let i = 0; i < 2; i++) l.observeAll(); // warm-up
  const roundMs = builds.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? loaded.map((_, i) => i) : loaded.map((_, i) => loaded.length - 1 - i);
    for (const i of order) {
      const c0 = process.cpuUsage();
      loaded[i]!.observeAll();
      const c = process.cpuUsage(c0);
      roundMs[i]!.push((c.user + c.system) / 1000);
    }
  }
  // The checksums only count the measured rounds' equal share: compare them across builds.
  return { builds, roundMs, checksums: loaded.map((l) => l.checksum()) };
}

/** Median over rounds of old/new CPU time: > 1 means `new` is faster. */
function medianRatio(oldMs: number[], newMs: number[]): number {
  return median(oldMs.map((t, i) => t / newMs[i]!));
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      builds: { type: 'string' },
      rounds: { type: 'string', default: '14' },
      ticks: { type: 'string', default: '400' },
      seed: { type: 'string', default: 'bench' },
      agents: { type: 'string', default: '1000' },
      range: { type: 'string' },
      world: { type: 'boolean', default: false },
      sight: { type: 'string', default: 'both' },
      child: { type: 'boolean', default: false },
    },
  });
  const builds = (values.builds ?? '').split(',').filter((b) => b !== '').map((b) => (isAbsolute(b) ? b : resolve(b)));
  if (builds.length !== 2) {
    console.error('usage: npm run bench -- senses-ab --builds OLD,NEW [--rounds 14] [--ticks 400] [--agents 1000] [--range R] [--world] [--sight blocks|entities|both]\n  OLD and NEW are copies of dist/ inside the project (cp -r dist dist-old before a change, rebuild, then --builds dist-old,dist)');
    process.exit(2);
  }
  for (const b of builds) {
    if (!existsSync(resolve(b, 'src/skills/senses/index.js'))) {
      console.error(`senses-ab: ${b} is not a build (no src/skills/senses/index.js in it): pass copies of dist/ made after npm run build`);
      process.exit(2);
    }
  }
  const rounds = Number(values.rounds);
  const ticks = Number(values.ticks);
  const agents = Number(values.agents);
  const range = values.range === undefined ? null : Number(values.range);
  if (!Number.isInteger(agents) || agents < 1 || (range !== null && !(Number.isInteger(range) && range >= 1))) {
    console.error('senses-ab: --agents must be a whole number >= 1 and --range (every agent\'s perception range; default cycles 16..32) a whole number >= 1 (with --world: instead of the world bench\'s default 32)');
    process.exit(2);
  }
  const part = values.sight as SightPart;
  if (part !== 'blocks' && part !== 'entities' && part !== 'both') {
    console.error(`senses-ab: --sight must be blocks, entities or both, got ${values.sight}`);
    process.exit(2);
  }
  if (values.child) {
    console.log(JSON.stringify(await child(builds, rounds, values.seed!, ticks, agents, range, values.world!, part)));
    return;
  }
  const self = fileURLToPath(new URL('./main.js', import.meta.url));
  const runChild = (order: string[]): ChildResult => {
    const out = spawnSync(process.execPath, ['--expose-gc', self, 'senses-ab', '--child', '--builds', order.join(','), '--rounds', String(rounds), '--ticks', String(ticks), '--seed', values.seed!, '--agents', String(agents), ...(range === null ? [] : ['--range', String(range)]), ...(values.world ? ['--world'] : []), '--sight', part], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (out.status !== 0) {
      const hint = out.stderr.includes('ERR_MODULE_NOT_FOUND') ? ' (a build copied outside the project cannot find its packages: copy dist/ to a folder inside the project, e.g. dist-old)' : '';
      throw new Error(`senses-ab: measuring ${order.join(' then ')} failed${hint}:\n${out.stderr}`);
    }
    return JSON.parse(out.stdout.trim().split('\n').pop()!) as ChildResult;
  };
  const [oldDir, newDir] = builds as [string, string];
  const forward = runChild([oldDir, newDir]);
  const backward = runChild([newDir, oldDir]);
  const ratioForward = medianRatio(forward.roundMs[0]!, forward.roundMs[1]!);
  const ratioBackward = medianRatio(backward.roundMs[1]!, backward.roundMs[0]!);
  const sameSight = forward.checksums[0] === forward.checksums[1] && backward.checksums[0] === backward.checksums[1];
  const perSecond = (ms: number[]) => Math.round(1000 / (median(ms) / 1000));
  const result = {
    old: oldDir,
    new: newDir,
    speedup: Math.round(Math.sqrt(ratioForward * ratioBackward) * 1000) / 1000,
    speedupNewSecond: Math.round(ratioForward * 1000) / 1000,
    speedupNewFirst: Math.round(ratioBackward * 1000) / 1000,
    oldObservationsPerCpuSecond: perSecond([...forward.roundMs[0]!, ...backward.roundMs[1]!]),
    newObservationsPerCpuSecond: perSecond([...forward.roundMs[1]!, ...backward.roundMs[0]!]),
    rounds,
    agents,
    eyes: values.world ? 'world bench' : 'senses bench walk',
    range: range ?? (values.world ? 'player default' : '16-32'),
    sight: part,
    sameSight,
    loadAvg: Math.round(loadavg()[0]! * 100) / 100,
  };
  console.log(JSON.stringify(result));
  if (!sameSight) console.error('senses-ab: the builds do not see the same blocks and entities (checksums differ): the change altered what agents see');
}
