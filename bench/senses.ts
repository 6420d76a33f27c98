/**
 * Senses throughput: N agents walk a world while each builds an observation (visible-blocks summary
 * plus visible entities) every `--every` ticks, staggered so a tick observes N/every agents.
 * Prints {"agents","terrain","observationsPerSecond","usPerObservation","ticksPerSecond",...}
 * (one JSON line with --json). Target: 1,000 agents every 10 ticks in real time = 2,000 obs/s.
 *
 * Also the first look in a fresh world (every episode starts one): `firstLookMs` is one agent's
 * first observation (range 32) including the terrain generated on the way, `firstLookSensesMs`
 * the same with the terrain generated beforehand (the senses' own caches only). Measured once with
 * a cold JIT before the run (`…Cold`) and once after it.
 */
import { parseArgs } from 'node:util';
import { World, joinPlayer, type Player } from '../src/world/index.js';
import { summarizeVisibleBlocks, visibleEntities, ExposedBlocks } from '../src/skills/senses/index.js';

/** The natural terrain may not exist in this build; fall back to flat ground with scattered features. */
function makeWorld(seed: string, terrain: string): { world: World; terrain: string } {
  if (terrain === 'natural') {
    try {
      return { world: new World({ seed, terrain: { type: 'natural' } }), terrain: 'natural' };
    } catch {
      terrain = 'flat+scattered';
    }
  }
  const world = new World({ seed, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
  if (terrain === 'flat+scattered') scatter(world, 200);
  return { world, terrain };
}

/** Trees, stone pillars and ponds every few blocks over the agents' area, from the seeded stream. */
function scatter(world: World, half: number): void {
  const rng = world.rng('bench-scatter');
  for (let i = 0; i < (half * half) / 12; i++) {
    const x = rng.int(-half, half);
    const z = rng.int(-half, half);
    const kind = rng.int(0, 2);
    if (kind === 0) {
      for (let y = -60; y < -56; y++) world.setBlock({ x, y, z }, 'oak_log');
      for (let dx = -1; dx <= 1; dx++) for (let dz = -1; dz <= 1; dz++) world.setBlock({ x: x + dx, y: -56, z: z + dz }, 'oak_leaves');
    } else if (kind === 1) {
      for (let y = -60; y < -57; y++) world.setBlock({ x, y, z }, rng.int(0, 4) === 0 ? 'iron_ore' : 'stone');
    } else {
      for (let dx = 0; dx < 3; dx++) for (let dz = 0; dz < 3; dz++) world.setBlock({ x: x + dx, y: -61, z: z + dz }, 'water');
    }
  }
}

/** The bench's agents: a grid 4 blocks apart on the ground, perception ranges cycling rMin..rMax. */
export function joinBenchAgents(world: World, agents: number, rMin: number, rMax: number): Player[] {
  const players: Player[] = [];
  const side = Math.ceil(Math.sqrt(agents));
  for (let i = 0; i < agents; i++) {
    const x = (i % side) * 4 - side * 2 + 0.5;
    const z = Math.floor(i / side) * 4 - side * 2 + 0.5;
    const perceptionRange = rMin + (i % (rMax - rMin + 1));
    players.push(joinPlayer(world, `a${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z }, { perceptionRange }));
  }
  return players;
}

/** The bench's walk, to call once per tick before stepping: a new random heading every 2 s, jumping into obstacles. */
export function benchWalker(world: World, players: Player[]): () => void {
  const rng = world.rng('bench-agents');
  return () => {
    for (const p of players) {
      if (world.tick % 40 === p.id % 40) {
        p.yaw = rng.range(0, 360);
        p.controls.forward = 1;
      }
      p.controls.jump = p.collidedHorizontally;
    }
  };
}

/** Milliseconds of one agent's first observation in a fresh world, with or without terrain generation. */
function firstLook(seed: string, terrain: string, pregenerate: boolean): number {
  const { world } = makeWorld(seed, terrain);
  const p = joinPlayer(world, 'first', { x: 0.5, y: world.terrain.surfaceY(0, 0), z: 0.5 }, { perceptionRange: 32 });
  if (pregenerate) for (let cx = -4; cx <= 4; cx++) for (let cz = -4; cz <= 4; cz++) world.blocks.get(cx * 16, 0, cz * 16);
  const t0 = process.hrtime.bigint();
  summarizeVisibleBlocks(world, p);
  visibleEntities(world, p);
  return Math.round(Number(process.hrtime.bigint() - t0) / 1e5) / 10;
}

/** Middle value (mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      agents: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '10' },
      every: { type: 'string', default: '10' },
      terrain: { type: 'string', default: 'natural' },
      'range-min': { type: 'string', default: '16' },
      'range-max': { type: 'string', default: '32' },
      seed: { type: 'string', default: 'bench' },
      json: { type: 'boolean', default: false },
    },
  });
  const agents = Number(values.agents);
  const seconds = Number(values.seconds);
  const every = Number(values.every);
  const rMin = Number(values['range-min']);
  const rMax = Number(values['range-max']);
  const firstLookMsCold = firstLook(`${values.seed!}-first-a`, values.terrain!, false);
  const firstLookSensesMsCold = firstLook(`${values.seed!}-first-b`, values.terrain!, true);
  const { world, terrain } = makeWorld(values.seed!, values.terrain!);
  const players = joinBenchAgents(world, agents, rMin, rMax);
  const act = benchWalker(world, players);
  let observations = 0;
  let visibleBlocks = 0;
  let visibleEnts = 0;
  let obsNs = 0n;
  let obsCpuUs = 0;
  // A round is `every` ticks: each agent observed once. Rates per round, for a median that a
  // neighbour's burst of load on the shared machine does not drag down.
  let roundCpuUs = 0;
  let roundObservations = 0;
  let roundTicks = 0;
  const roundRates: number[] = [];
  const observe = () => {
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    let n = 0;
    for (let i = world.tick % every; i < players.length; i += every) {
      const p = players[i]!;
      const blocks = summarizeVisibleBlocks(world, p);
      const ents = visibleEntities(world, p);
      visibleBlocks += blocks.total;
      visibleEnts += ents.length;
      n++;
    }
    observations += n;
    obsNs += process.hrtime.bigint() - t0;
    const c = process.cpuUsage(c0);
    obsCpuUs += c.user + c.system;
    roundCpuUs += c.user + c.system;
    roundObservations += n;
    roundTicks++;
    if (world.tick % every === every - 1) {
      if (roundTicks === every) roundRates.push(roundObservations / (roundCpuUs / 1e6)); // whole rounds only
      roundCpuUs = roundObservations = roundTicks = 0;
    }
  };
  // Warm-up: every agent observes once (builds the exposed-block cache and generates terrain).
  const warm0 = process.hrtime.bigint();
  for (let t = 0; t < every; t++) {
    act();
    world.step();
    observe();
    world.takeEvents();
  }
  const warmupS = Number(process.hrtime.bigint() - warm0) / 1e9;
  observations = visibleBlocks = visibleEnts = 0;
  obsNs = 0n;
  obsCpuUs = 0;
  roundCpuUs = roundObservations = roundTicks = 0;
  roundRates.length = 0;
  const start = process.hrtime.bigint();
  let ticks = 0;
  const budgetNs = BigInt(seconds) * 1_000_000_000n;
  while (process.hrtime.bigint() - start < budgetNs) {
    act();
    world.step();
    observe();
    world.takeEvents();
    ticks++;
  }
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
  const firstLookMs = firstLook(`${values.seed!}-first-c`, values.terrain!, false);
  const firstLookSensesMs = firstLook(`${values.seed!}-first-d`, values.terrain!, true);
  const obsS = Number(obsNs) / 1e9;
  const result = {
    agents,
    terrain,
    every,
    perceptionRange: [rMin, rMax],
    observationsPerSecond: Math.round(observations / obsS),
    usPerObservation: Math.round((obsS * 1e6) / observations),
    observationsPerCpuSecond: Math.round(observations / (obsCpuUs / 1e6)),
    medianRoundObservationsPerCpuSecond: Math.round(median(roundRates)),
    rounds: roundRates.length,
    avgVisibleBlocks: Math.round(visibleBlocks / observations),
    avgVisibleEntities: Math.round((visibleEnts / observations) * 10) / 10,
    ticksPerSecond: Math.round((ticks / elapsedS) * 10) / 10,
    warmupSeconds: Math.round(warmupS * 10) / 10,
    cachedSections: ExposedBlocks.of(world).cachedSections,
    firstLookMs,
    firstLookSensesMs,
    firstLookMsCold,
    firstLookSensesMsCold,
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(`senses: ${agents} agents (${terrain}), ${result.observationsPerSecond} observations/s, ${result.usPerObservation} µs each, ${result.ticksPerSecond} ticks/s with observations every ${every} ticks; first look in a fresh world ${firstLookMs} ms (${firstLookSensesMs} ms without terrain generation)`);
}
