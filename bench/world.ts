/**
 * World throughput: N agents walk, dig and pick up on a natural world with mobs.
 * Prints {"agents","ticksPerSecond","msPerTick","rssMB"} (one JSON line with --json); what the agents
 * and mobs did goes to stderr, so a reader can see the load was real.
 *
 * Agents start 4 blocks apart on the nearest dry land. Each loops: walk a random way for 2–5 s
 * (jumping when blocked, turning back from water and toward its start when more than 16 blocks away),
 * then stop and dig the block in front of its feet (or the one below that, or the one under it)
 * through the world's digging rule with an iron pickaxe, and wait for the drop to be picked up. But
 * when it carries a block it places it instead, into the hole in front of it or in front of its feet,
 * when it can: every block dug and picked up goes back, so the ground keeps its height over a long run. Mob
 * spawning is on, the world starts at night so hostiles spawn, and one mob per 10 agents is spawned
 * among them at the start; mobs fight back, and dead agents drop their items and respawn, on the
 * ground under their spawn point (an agent moves its spawn point down when the ground under it was dug).
 * Agents eat a bread when their food drops to 15.
 *
 * `--observe-every N`: each agent also gets its full observation (the one a sim agent gets: senses,
 * body, inventory, mailbox of events) once every N ticks, N/N-th of the agents per tick, so the cost
 * is spread evenly; the JSON line then adds observations per second and the longest gap between two
 * observations of one agent, in ticks and in wall-clock seconds.
 *
 * `--threads N`: N sight worker threads compute part of the observations' block summaries
 * (SightThreads), balanced against the main thread by measured costs; the JSON adds the main thread's
 * milliseconds on its own agents and waiting for the workers, the workers' busy milliseconds and
 * their share. `--pipelined`: the observations due at tick t are delivered after the world's step
 * of t + 1, the workers computing them during that step; with any thread count, the same
 * observations at the same ticks.
 *
 * `--sim`: `--seconds` counts simulated seconds (20 ticks each), run as fast as the machine goes, with
 * a line per simulated minute on stderr (that minute's ticks/s by the wall clock and per CPU-second of
 * this process, memory, what the world holds) and a final JSON line comparing the first minute with
 * the last, by both clocks.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  World,
  joinPlayer,
  spawnMob,
  startDigging,
  startUsing,
  placeBlock,
  blockForItem,
  MIN_Y,
  NaturalTerrain,
  TICKS_PER_SECOND,
  type Player,
  type Rng,
} from '../src/world/index.js';
import { WorldMailboxes, createObserverState, observe, type ObserverState } from '../src/skills/observe/index.js';
import type { Observation } from '../src/core/observation.js';
import { ExposedBlocks } from '../src/skills/senses/index.js';
import { DEFAULT_WORKER_YOUNG_MB, SightThreads, sightQueryOf } from '../src/skills/sight-threads/index.js';

const TOOL = 'iron_pickaxe';
/** What the agents eat, the slot it takes when the inventory is full, and the food level they eat at (bread gives 5: none is wasted at 15). */
const FOOD = 'bread';
const FOOD_SLOT = 8;
const HUNGRY = 15;
const MOB_TYPES = ['zombie', 'skeleton', 'spider', 'creeper', 'cow', 'pig', 'sheep', 'chicken'] as const;
/** Start at night (vanilla 13000) so natural spawning produces hostiles on the surface too. */
const NIGHT = 13000;
const HOME_RANGE = 16;
/** The chat range of a task file that does not set one (tasks/spec.ts): the mailboxes route sounds by it too. */
const CHAT_RANGE = 32;
const TICKS_PER_MINUTE = 60 * TICKS_PER_SECOND;

interface Agent {
  player: Player;
  /** Where the agent works: it heads back when it strays beyond HOME_RANGE or into water. */
  home: { x: number; z: number };
  phase: 'walk' | 'dig';
  /** Tick at which the current phase ends (a dig also waits for its drop to be picked up). */
  until: number;
}

export interface WorldBenchOptions {
  agents: number;
  terrain: 'natural' | 'flat';
  seed: string;
  /** Observe each agent once every this many ticks; 0 for no observations. */
  observeEvery: number;
  /** Worker threads computing the observations' block summaries beside the main thread (0: all on the main thread). */
  threads?: number;
  /** Observations due at tick t are delivered after the step of t + 1, the workers computing them during that step (SightThreads' pipelined mode). */
  pipelined?: boolean;
  /** With threads: whether the workers list the visible entities too, or the main thread does (default). */
  entitiesOnWorkers?: boolean;
  /** With threads: the most each worker's young generation may grow to, in MB (default DEFAULT_WORKER_YOUNG_MB, 16; 0 for V8's own). */
  workerYoungMb?: number;
  /**
   * The agents' perception range in blocks (default: a player's, 32). Sight's cost grows with the
   * volume it covers: TickingCollab's agents see 10–24 blocks.
   */
  perceptionRange?: number;
  /** Keep a running hash of every observation (`counts.observationHash`), to compare runs; costs a JSON string per observation. */
  hashObservations?: boolean;
}

/** What the bench world did so far (cumulative from its start). */
export interface WorldBenchCounts {
  dug: number;
  /** Blocks the agents placed. */
  placed: number;
  /**
   * Item entities dropped, by where they came from: a block an agent broke, a dead agent's inventory,
   * anything else (mob loot, explosions, containers); and item entities that despawned (their 5
   * minutes up, or merged into another stack). What piles up on the ground over a long run, and why.
   */
  dropped: { dug: number; died: number; other: number; despawned: number };
  pickedUp: number;
  mobsSpawned: number;
  deaths: number;
  observations: number;
  /** Sum of visible block types and entities listed in the observations (a check that they saw things). */
  observedThings: number;
  /** FNV-1a of every observation's JSON in order (with `hashObservations`; otherwise the initial value). */
  observationHash: number;
}

/** FNV-1a over a string, continued from `h`: a cheap running hash of a log. */
export function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619) >>> 0;
  return h;
}
const FNV_START = 2166136261;

/**
 * The bench's world, agents and observers, stepped one tick at a time by `step()`. Exported so a
 * side-by-side harness can load two builds' benches in one process and step them alternately.
 */
export function createWorldBench(o: WorldBenchOptions) {
  const world = new World({
    seed: o.seed,
    terrain: { type: o.terrain },
    timeOfDay: NIGHT,
    gamerules: { doMobSpawning: true },
  });
  const rng = world.rng('bench-agents');
  const agents: Agent[] = [];
  const side = Math.ceil(Math.sqrt(o.agents));
  const origin = landOrigin(world, side * 4);
  for (let i = 0; i < o.agents; i++) {
    const x = origin.x + (i % side) * 4 + 0.5;
    const z = origin.z + Math.floor(i / side) * 4 + 0.5;
    const player = joinPlayer(world, `a${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z });
    player.inventory.slots[0] = { name: TOOL, count: 1 };
    if (o.perceptionRange !== undefined) player.perceptionRange = o.perceptionRange;
    agents.push({ player, home: { x, z }, phase: 'walk', until: rng.int(0, 60) });
  }
  for (let i = 0; i < Math.max(1, Math.floor(o.agents / 10)); i++) {
    const x = origin.x + rng.int(-8, side * 4 + 8) + 0.5;
    const z = origin.z + rng.int(-8, side * 4 + 8) + 0.5;
    spawnMob(world, MOB_TYPES[i % MOB_TYPES.length]!, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z });
  }
  world.takeEvents(); // the joins and spawns are set-up, not load

  const counts: WorldBenchCounts = { dug: 0, placed: 0, dropped: { dug: 0, died: 0, other: 0, despawned: 0 }, pickedUp: 0, mobsSpawned: 0, deaths: 0, observations: 0, observedThings: 0, observationHash: FNV_START };
  const causes: Record<string, number> = {};
  world.on('block_broken', () => counts.dug++);
  world.on('block_placed', () => counts.placed++);
  world.on('item_dropped', (e) => {
    const by = e.by === null ? undefined : world.entity(e.by);
    if (by?.kind !== 'player') counts.dropped.other++;
    else if (by.dead) counts.dropped.died++;
    else counts.dropped.dug++;
  });
  world.on('entity_despawned', (e) => { if (e.entityType === 'item') counts.dropped.despawned++; });
  world.on('item_picked_up', () => counts.pickedUp++);
  world.on('entity_spawned', (e) => { if (e.kind === 'mob') counts.mobsSpawned++; });
  world.on('player_died', (e) => { counts.deaths++; causes[e.cause] = (causes[e.cause] ?? 0) + 1; });

  // Observers are made after the joins, as an env does after set-up, so nobody's first mailbox holds
  // 10,000 "joined" lines.
  const every = o.observeEvery;
  const observers: ObserverState[] = [];
  if (every > 0) {
    const mailboxes = new WorldMailboxes(world, { chatRange: CHAT_RANGE });
    for (const a of agents) {
      mailboxes.register(a.player.name);
      observers.push(createObserverState({ mailboxes }));
    }
  }
  /** Per agent: the tick and the wall-clock time (ns) of its last observation; -1 before the first. */
  const lastTick = new Float64Array(o.agents).fill(-1);
  const lastNs = new Float64Array(o.agents).fill(-1);
  const gaps = { ticks: 0, ns: 0 };
  // The block summaries of the tick's living observed agents are split between this thread and
  // the workers (SightThreads; with no worker, all here); the rest of each observation (body, inbox,
  // entities, touch) is built here at the same tick. Pipelined, the batch begun at tick t is
  // finished after the world's step of t + 1 (the workers compute while this thread steps), and
  // its observations, which describe tick t, are delivered then. Observations are counted and
  // hashed in agent order whichever thread saw first.
  const pipelined = o.pipelined ?? false;
  const sight = every > 0 ? new SightThreads(world, o.threads ?? 0, { pipelined, entitiesOnWorkers: o.entitiesOnWorkers ?? false, ...(o.workerYoungMb === undefined ? {} : { workerYoungGenerationMb: o.workerYoungMb }) }) : null;
  /** The observations begun and not delivered yet: the due agents, and the dead ones' observations (made here, outside the threads). */
  let batch: { due: number[]; made: Observation[]; seeing: number[] } | null = null;
  const beginDue = () => {
    const due: number[] = [];
    for (let i = world.tick % every; i < agents.length; i += every) due.push(i);
    const made: Observation[] = new Array<Observation>(due.length);
    const seeing: number[] = [];
    due.forEach((i, n) => {
      if (agents[i]!.player.dead) made[n] = observe(world, agents[i]!.player, observers[i]!);
      else seeing.push(n);
    });
    sight!.begin(seeing.map((n) => agents[due[n]!]!.player), seeing.map((n) => sightQueryOf(observers[due[n]!]!)), (j, ahead) => {
      const i = due[seeing[j]!]!;
      return observe(world, agents[i]!.player, observers[i]!, ahead);
    });
    batch = { due, made, seeing };
  };
  const deliverDue = () => {
    if (!batch) return;
    const { due, made, seeing } = batch;
    batch = null;
    const seen = sight!.finish<Observation>();
    seeing.forEach((n, j) => {
      made[n] = seen[j]!;
    });
    const now = Number(process.hrtime.bigint());
    for (let n = 0; n < due.length; n++) {
      const i = due[n]!;
      const obs = made[n]!;
      counts.observations++;
      counts.observedThings += obs.nearbyBlocks.length + obs.entities.length;
      if (o.hashObservations) counts.observationHash = fnv(counts.observationHash, JSON.stringify(obs));
      // Gaps in ticks count the ticks the observations describe (pipelined, one before delivery).
      if (lastTick[i]! >= 0) {
        gaps.ticks = Math.max(gaps.ticks, obs.tick - lastTick[i]!);
        gaps.ns = Math.max(gaps.ns, now - lastNs[i]!);
      }
      lastTick[i] = obs.tick;
      lastNs[i] = now;
    }
  };

  return {
    world,
    counts,
    causes,
    /**
     * One tick: the agents' controls, the world's step, then the observations due this tick (pipelined:
     * first the delivery of those begun at the tick before, which the workers computed during the step).
     */
    step(): void {
      for (const a of agents) act(world, rng, a);
      world.step();
      world.takeEvents();
      if (every === 0) return;
      if (pipelined) deliverDue();
      beginDue();
      if (!pipelined) deliverDue();
    },
    /** Delivers the observations begun and not delivered yet (pipelined: the last tick's), so the counts cover every tick stepped. */
    flush(): void {
      deliverDue();
    },
    /**
     * Threads computing block summaries (1 without workers); summaries the workers computed, and those they handed back
     * to the main thread; the main thread's milliseconds on its own agents, on the rest of the workers' agents' observations
     * and waiting for the workers; the workers'
     * milliseconds on their batches; the workers' share now.
     */
    sight: () => ({
      threads: sight?.threads ?? 1,
      pipelined,
      /** Every agent's perception range, in blocks (the players' own: the option's, or a player's default). */
      perceptionRange: agents[0]!.player.perceptionRange,
      /** Who lists the workers' agents' visible entities. */
      entities: o.entitiesOnWorkers ? 'workers' : 'main',
      /** The workers' young-generation bound in MB (0: V8's own). */
      workerYoungMb: o.workerYoungMb ?? DEFAULT_WORKER_YOUNG_MB,
      byWorkers: sight?.byWorkers ?? 0,
      redone: sight?.redone ?? 0,
      ownMs: Math.round(sight?.ownMs ?? 0),
      waitMs: Math.round(sight?.waitMs ?? 0),
      restMs: Math.round(sight?.restMs ?? 0),
      workerBusyMs: Math.round(sight?.workerBusyMs ?? 0),
      workerShare: Math.round((sight?.workerShare ?? 0) * 100) / 100,
    }),
    /** Stops the worker threads, if any. */
    close(): void {
      sight?.close();
    },
    /** The longest gap seen between two observations of one agent, then forgets it (per measured span). */
    takeMaxGap(): { ticks: number; seconds: number } {
      const out = { ticks: gaps.ticks, seconds: gaps.ns / 1e9 };
      gaps.ticks = gaps.ns = 0;
      return out;
    },
    /** What the world holds now: the contents that may make memory grow. */
    contents() {
      let mobs = 0, items = 0;
      for (const e of world.entities.values()) {
        if (e.removed) continue;
        if (e.kind === 'mob') mobs++;
        else if (e.kind === 'item') items++;
      }
      return {
        entities: world.entities.size,
        mobs,
        items,
        /** Items moving or counting a pickup delay down: the only ones the rules visit every tick. */
        busyItems: world.itemTurns.busyCount,
        columns: world.blocks.generatedColumns,
        sections: world.blocks.allocatedSections,
        senseCachedSections: every > 0 ? ExposedBlocks.of(world).cachedSections : 0,
        blockEntities: world.blockEntities.size,
        /** Occupied inventory slots per living agent: what a death drops. */
        stacksPerAgent: stacksPerLivingAgent(agents),
      };
    },
  };
}

export type WorldBench = ReturnType<typeof createWorldBench>;

function stacksPerLivingAgent(agents: readonly Agent[]): number {
  let stacks = 0;
  let alive = 0;
  for (const a of agents) {
    if (a.player.dead) continue;
    alive++;
    for (const slot of a.player.inventory.slots) if (slot) stacks++;
  }
  return alive > 0 ? round(stacks / alive, 2) : 0;
}

const round = (n: number, digits: number): number => Math.round(n * 10 ** digits) / 10 ** digits;
const loadAverage = (): number => round(loadavg()[0]!, 2);
/**
 * RSS, the JS heap in use and reserved, and memory outside the heap (typed arrays: block sections,
 * the senses' caches), so growth of RSS can be told apart from growth of what the world holds.
 */
const memory = () => {
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1e6);
  return { rssMB: mb(m.rss), heapMB: mb(m.heapUsed), heapTotalMB: mb(m.heapTotal), externalMB: mb(m.external) };
};

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      agents: { type: 'string', default: '8' },
      seconds: { type: 'string', default: '10' },
      terrain: { type: 'string', default: 'natural' },
      seed: { type: 'string', default: 'bench' },
      'observe-every': { type: 'string', default: '0' },
      threads: { type: 'string', default: '0' },
      pipelined: { type: 'boolean', default: false },
      'sight-entities': { type: 'string', default: 'main' },
      'perception-range': { type: 'string' },
      'worker-young-mb': { type: 'string' },
      sim: { type: 'boolean', default: false },
      'fresh-rounds': { type: 'string', default: '6' },
      json: { type: 'boolean', default: false },
    },
  });
  const agentCount = Number(values.agents);
  const seconds = Number(values.seconds);
  const observeEvery = Number(values['observe-every']);
  const threads = Number(values.threads);
  const perceptionRange = values['perception-range'] === undefined ? undefined : Number(values['perception-range']);
  const workerYoungMb = values['worker-young-mb'] === undefined ? undefined : Number(values['worker-young-mb']);
  const freshRounds = Number(values['fresh-rounds']);
  if (!Number.isInteger(freshRounds) || freshRounds < 0 || !Number.isInteger(agentCount) || agentCount < 1 || !(seconds > 0) || !Number.isInteger(observeEvery) || observeEvery < 0 ||
      !Number.isInteger(threads) || threads < 0 || (values['sight-entities'] !== 'workers' && values['sight-entities'] !== 'main') ||
      (perceptionRange !== undefined && !(perceptionRange > 0 && perceptionRange <= 128)) ||
      (workerYoungMb !== undefined && !(workerYoungMb >= 0)) ||
      (values.terrain !== 'natural' && values.terrain !== 'flat')) {
    console.error('usage: npm run bench -- world --agents <N >= 1> --seconds <S > 0> [--observe-every <ticks, 0 = off>] [--threads <workers, 0 = none>] [--pipelined] [--sight-entities main|workers] [--perception-range <blocks, default 32>] [--worker-young-mb <MB>] [--sim] [--terrain natural|flat] [--seed s] [--json]\n' +
      '  --threads: worker threads computing the observations\' block summaries beside the main thread\n' +
      '  --pipelined: observations due at tick t are delivered after the step of t + 1, the workers computing them during that step\n' +
      '  --sight-entities: who lists the visible entities of the workers\' agents (default main)\n' +
      '  --perception-range: every agent\'s perception range in blocks (sight costs grow with its volume)\n' +
      '  --worker-young-mb: the most each sight worker\'s young generation may grow to (default 16; 0 = V8\'s own; RSS)\n' +
      '  --sim: S simulated seconds as fast as possible, a line per simulated minute on stderr\n' +
      '  --fresh-rounds: with --sim, rounds of 100 ticks the aged world and a fresh one step alternately at the end (default 6, 0 = none)');
    process.exit(2);
  }
  const terrain = values.terrain; // narrowed by the check above, for the closure
  const start = () => {
    const bench = createWorldBench({ agents: agentCount, terrain, seed: values.seed!, observeEvery, threads, pipelined: values.pipelined, entitiesOnWorkers: values['sight-entities'] === 'workers', perceptionRange, ...(workerYoungMb === undefined ? {} : { workerYoungMb }) });
    // Warm-up: generate the terrain around the agents and let the JIT settle; with observations, one
    // full round so every agent has been observed once (its first look fills the senses' caches).
    for (let t = 0; t < Math.max(40, observeEvery); t++) bench.step();
    bench.takeMaxGap();
    return bench;
  };
  const bench = start();
  if (values.sim) simulate(bench, agentCount, seconds, observeEvery, values.json, freshRounds > 0 ? { rounds: freshRounds, start } : undefined);
  else measure(bench, agentCount, seconds, observeEvery, values.json);
  bench.close();
}

/** Steps for `seconds` of wall-clock time and prints the rates. */
function measure(bench: WorldBench, agentCount: number, seconds: number, observeEvery: number, json: boolean): void {
  const counted = { ...bench.counts };
  const sight0 = bench.sight();
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  let ticks = 0;
  const budgetNs = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < budgetNs) {
    bench.step();
    ticks++;
  }
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const c = bench.counts;
  const sight1 = bench.sight();
  const result: Record<string, unknown> = {
    agents: agentCount,
    ticksPerSecond: round(ticks / elapsedS, 1),
    msPerTick: round((elapsedS * 1000) / ticks, 3),
    rssMB: memory().rssMB,
  };
  if (observeEvery > 0) {
    const gap = bench.takeMaxGap();
    Object.assign(result, {
      observeEvery,
      observationsPerSecond: Math.round((c.observations - counted.observations) / elapsedS),
      maxObservationGapTicks: gap.ticks,
      maxObservationGapSimSeconds: gap.ticks / TICKS_PER_SECOND,
      maxObservationGapWallSeconds: round(gap.seconds, 2),
      ticksPerCpuSecond: round(ticks / cpuS, 1),
      // The process's CPU time counts every thread: with workers, ticks per CPU-second is per core-second.
      threads: sight1.threads,
      pipelined: sight1.pipelined,
      perceptionRange: sight1.perceptionRange,
      ...(sight0.threads > 1 ? { sightEntities: sight1.entities } : {}),
      ...(sight0.threads > 1 && sight1.workerYoungMb !== undefined ? { workerYoungMb: sight1.workerYoungMb } : {}),
      // With workers: this thread's milliseconds on its own share of the observations, on the rest of the workers' agents'
      // observations (all but the block summaries), and waiting for the workers;
      // the workers' milliseconds on their batches and the share they hold; summaries redone here.
      ...(sight0.threads > 1 ? {
        sightOwnMs: sight1.ownMs - sight0.ownMs,
        sightWaitMs: sight1.waitMs - sight0.waitMs,
        sightRestMs: sight1.restMs - sight0.restMs,
        workerBusyMs: sight1.workerBusyMs - sight0.workerBusyMs,
        measuredMs: Math.round(elapsedS * 1000),
        workerShare: sight1.workerShare,
        redoneOnMain: sight1.redone,
      } : {}),
      loadAvg: loadAverage(),
    });
  }
  const w = bench.contents();
  // Other processes share the CPU: ticks per second of this process's own CPU time shows the cost alone.
  const load = `${ticks} ticks (${Math.round(ticks / cpuS)} per CPU-second): ${c.dug - counted.dug} blocks dug, ${c.pickedUp - counted.pickedUp} pickups, ` +
    `${c.mobsSpawned - counted.mobsSpawned} mobs spawned (${w.mobs} alive), ${w.items} items on the ground, ${c.deaths - counted.deaths} agent deaths (all run, by cause: ${JSON.stringify(bench.causes)})` +
    (observeEvery > 0 ? `; ${c.observations - counted.observations} observations listing ${round((c.observedThings - counted.observedThings) / Math.max(1, c.observations - counted.observations), 1)} block types + entities each` : '') +
    `; load average ${loadAverage()}`;
  if (json) {
    console.log(JSON.stringify(result));
    console.error(`world bench: ${load}`);
  } else {
    const senses = observeEvery > 0 ? `, ${String(result.observationsPerSecond)} observations/s (each agent every ${observeEvery} ticks; longest gap ${String(result.maxObservationGapTicks)} ticks, ${String(result.maxObservationGapWallSeconds)} s wall)` : '';
    console.log(`world: ${agentCount} agents, ${String(result.ticksPerSecond)} ticks/s, ${String(result.msPerTick)} ms/tick${senses}, ${String(result.rssMB)} MB RSS (${load})`);
  }
}

/**
 * The end of a long run, judged side by side: the aged world and a fresh one (same seed, same agents,
 * stepped through its first simulated minute) step alternately in rounds of `ticks` ticks in this one
 * process, each side first in every other round. Minute 1 and minute 60 of a soak were measured an hour
 * apart, under whatever load the machine had then; here both sides share the same moments, so the
 * ratio of their median CPU per round says what the run's history costs, whatever the load.
 */
function agedAgainstFresh(aged: WorldBench, start: () => WorldBench, rounds: number, ticks: number) {
  const fresh = start();
  try {
    for (let t = 0; t < TICKS_PER_MINUTE; t++) fresh.step();
    const cpuOf = (b: WorldBench): number => {
      const before = process.cpuUsage();
      for (let t = 0; t < ticks; t++) b.step();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1e6;
    };
    const agedCpu: number[] = [], freshCpu: number[] = [];
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        agedCpu.push(cpuOf(aged));
        freshCpu.push(cpuOf(fresh));
      } else {
        freshCpu.push(cpuOf(fresh));
        agedCpu.push(cpuOf(aged));
      }
    }
    const median = (xs: number[]): number => {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    };
    const agedTicksPerCpuSecond = round(ticks / median(agedCpu), 1);
    const freshTicksPerCpuSecond = round(ticks / median(freshCpu), 1);
    return {
      rounds,
      roundTicks: ticks,
      agedTicksPerCpuSecond,
      freshTicksPerCpuSecond,
      /** The fresh world's simulated minute when the rounds ended (it starts them after minute 1). */
      freshMinute: round(fresh.world.tick / TICKS_PER_MINUTE, 2),
      agedToFreshCpu: round(agedTicksPerCpuSecond / freshTicksPerCpuSecond, 3),
      loadAvg: loadAverage(),
    };
  } finally {
    fresh.close();
  }
}

/** Per key, how much `now` grew since `before` (keys that did not grow left out). */
function countsSince(now: Readonly<Record<string, number>>, before: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(now)) if (v > (before[k] ?? 0)) out[k] = v - (before[k] ?? 0);
  return out;
}

/** Steps `seconds` simulated seconds flat out, printing a line per simulated minute and a summary. */
function simulate(bench: WorldBench, agentCount: number, seconds: number, observeEvery: number, json: boolean, sideBySide?: { rounds: number; start: () => WorldBench }): void {
  const totalTicks = Math.round(seconds * TICKS_PER_SECOND);
  const minutes: Array<{ minute: number; ticksPerSecond: number; ticksPerCpuSecond: number; rssMB: number; heapMB: number }> = [];
  let minuteStart = process.hrtime.bigint();
  // Per minute also ticks per second of this process's own CPU time: on a shared machine the wall
  // clock moves with other processes' load, so a slowdown is judged by the CPU figure.
  let minuteCpu = process.cpuUsage();
  let minuteObs = bench.counts.observations;
  let minuteCauses: Record<string, number> = { ...bench.causes };
  const start = minuteStart;
  let peakRssMB = 0;
  for (let t = 1; t <= totalTicks; t++) {
    bench.step();
    if (t % TICKS_PER_MINUTE !== 0 && t !== totalTicks) continue;
    const now = process.hrtime.bigint();
    const spanS = Number(now - minuteStart) / 1e9;
    const cpu = process.cpuUsage(minuteCpu);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    const ticks = t % TICKS_PER_MINUTE === 0 ? TICKS_PER_MINUTE : t % TICKS_PER_MINUTE;
    global.gc?.(); // memory after a full collection: what is live, not what the collector has not reached yet
    const mem = memory();
    peakRssMB = Math.max(peakRssMB, mem.rssMB);
    const gap = bench.takeMaxGap();
    const line = {
      minute: round(t / TICKS_PER_MINUTE, 2),
      ticksPerSecond: round(ticks / spanS, 1),
      ticksPerCpuSecond: round(ticks / cpuS, 1),
      ...(observeEvery > 0 ? { observationsPerSecond: Math.round((bench.counts.observations - minuteObs) / spanS), maxObservationGapTicks: gap.ticks, threads: bench.sight().threads, pipelined: bench.sight().pipelined } : {}),
      ...mem,
      ...bench.contents(),
      dug: bench.counts.dug,
      placed: bench.counts.placed,
      deaths: bench.counts.deaths,
      deathsThisMinute: countsSince(bench.causes, minuteCauses),
      dropped: { ...bench.counts.dropped },
      loadAvg: loadAverage(),
    };
    minuteCauses = { ...bench.causes };
    if (ticks === TICKS_PER_MINUTE) minutes.push({ minute: line.minute, ticksPerSecond: line.ticksPerSecond, ticksPerCpuSecond: line.ticksPerCpuSecond, rssMB: mem.rssMB, heapMB: mem.heapMB });
    console.error(`world sim: ${JSON.stringify(line)}`);
    minuteStart = process.hrtime.bigint(); // after the gc, so collection time is not charged to the next minute
    minuteObs = bench.counts.observations;
    minuteCpu = process.cpuUsage();
  }
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  const result = {
    agents: agentCount,
    simulatedSeconds: seconds,
    observeEvery,
    threads: bench.sight().threads,
    pipelined: bench.sight().pipelined,
    ...(observeEvery > 0 ? { perceptionRange: bench.sight().perceptionRange } : {}),
    ticksPerSecond: round(totalTicks / elapsedS, 1),
    firstMinuteTicksPerSecond: first?.ticksPerSecond ?? null,
    lastMinuteTicksPerSecond: last?.ticksPerSecond ?? null,
    lastToFirst: first && last ? round(last.ticksPerSecond / first.ticksPerSecond, 3) : null,
    firstMinuteTicksPerCpuSecond: first?.ticksPerCpuSecond ?? null,
    lastMinuteTicksPerCpuSecond: last?.ticksPerCpuSecond ?? null,
    lastToFirstCpu: first && last ? round(last.ticksPerCpuSecond / first.ticksPerCpuSecond, 3) : null,
    firstMinuteHeapMB: first?.heapMB ?? null,
    lastMinuteHeapMB: last?.heapMB ?? null,
    peakRssMB,
    wallSeconds: round(elapsedS, 1),
    loadAvg: loadAverage(),
    // Only after a run of more than a minute: the fresh world is stepped through one first.
    ...(sideBySide && totalTicks > TICKS_PER_MINUTE ? { sideBySide: agedAgainstFresh(bench, sideBySide.start, sideBySide.rounds, 100) } : {}),
  };
  if (json) console.log(JSON.stringify(result));
  else console.log(`world sim: ${agentCount} agents, ${seconds} simulated seconds in ${result.wallSeconds} s (${result.ticksPerSecond} ticks/s); first minute ${String(result.firstMinuteTicksPerSecond)} ticks/s, last ${String(result.lastMinuteTicksPerSecond)} (×${String(result.lastToFirst)}; per CPU-second ${String(result.firstMinuteTicksPerCpuSecond)} → ${String(result.lastMinuteTicksPerCpuSecond)}, ×${String(result.lastToFirstCpu)}); peak RSS ${peakRssMB} MB` +
    (result.sideBySide ? `; side by side with a fresh world: ${result.sideBySide.agedTicksPerCpuSecond} against ${result.sideBySide.freshTicksPerCpuSecond} ticks per CPU-second (×${result.sideBySide.agedToFreshCpu})` : ''));
}

/** One agent's controls for this tick: walk, or stand and dig, as a simple agent loop would. */
function act(world: World, rng: Rng, a: Agent): void {
  const p = a.player;
  if (p.dead) {
    // Respawn on the ground, as a player would set its spawn (/spawnpoint) where it can stand. Left
    // where it joined, the spawn point of an agent whose home column had been dug out was in the air
    // over a shaft: the agent fell to its death at every respawn, every few seconds, and those
    // deaths' drops piled up (docs/world-performance.md, "The hour's workload").
    p.spawnPoint.y = floorUnder(world, p.spawnPoint);
    a.phase = 'walk';
    a.until = world.tick + 20;
    return;
  }
  if (!p.inventory.held) p.inventory.slots[p.inventory.selected] = { name: TOOL, count: 1 }; // worn out or lost on death
  if (p.food <= HUNGRY && !p.using) eat(world, p);
  if (a.phase === 'walk') {
    p.controls.forward = 1;
    p.controls.jump = p.collidedHorizontally || p.inWater; // climb steps, swim up
    // Keep out of water, as the bench always has, and off drops that hurt.
    if (p.inWater) {
      if (world.tick % 20 === p.id % 20) p.yaw = p.collidedHorizontally ? rng.range(0, 360) : yawToward(p, a.home, rng);
    } else if (hazardAhead(world, p)) {
      p.yaw += 180;
    }
    if (world.tick < a.until || p.inWater) return; // swim on to dry ground before digging
    p.controls.forward = 0;
    p.controls.jump = false;
    if (!p.onGround) return; // land first: digging in the air is five times slower
    if (!placeAhead(world, p)) {
      const dig = startDigging(world, p, digTarget(world, p));
      if (dig.ok) {
        a.phase = 'dig';
        a.until = world.tick + dig.ticksNeeded + 15; // 10 ticks of pickup delay, then the drop is in reach
        return;
      }
    }
  } else if (p.digging || world.tick < a.until) {
    return;
  }
  if (p.inventory.slots.every((s) => s !== null)) {
    p.inventory.takeAll(); // a full inventory would stop pickups; an agent would store or drop things
  }
  a.phase = 'walk';
  a.until = world.tick + rng.int(40, 100);
  const strayed = Math.hypot(p.pos.x - a.home.x, p.pos.z - a.home.z) > HOME_RANGE;
  p.yaw = strayed ? yawToward(p, a.home, rng) : rng.range(0, 360);
}

/** The height of the feet standing on the first solid block at or below `at` in its column (`at.y` when it stands already). */
function floorUnder(world: World, at: { x: number; y: number; z: number }): number {
  const x = Math.floor(at.x), z = Math.floor(at.z);
  let y = Math.floor(at.y) - 1;
  if (world.isSolid(x, y, z)) return at.y;
  while (y > MIN_Y && !world.isSolid(x, y, z)) y--;
  return y + 1;
}

/**
 * Eats a bread from the agent's food slot, which the bench refills, as an agent's loop eats when
 * hungry. Agents that never ate starved: by simulated minute 15 of a 1,000-agent run, a third of them
 * were at 1 health, any fall of 4 blocks killed them, and their dropped inventories piled up
 * (docs/world-performance.md, "The hour's workload").
 */
function eat(world: World, p: Player): void {
  const slots = p.inventory.slots;
  if (!slots.some((s) => s?.name === FOOD)) {
    const free = slots.indexOf(null);
    slots[free >= 0 ? free : FOOD_SLOT] = { name: FOOD, count: 1 }; // a full inventory gives up one stack, as its clear-out gives up all
  }
  startUsing(world, p, FOOD);
}

/**
 * Whether stepping forward would put the feet in water, or over a drop of 4 blocks or more (the
 * first that hurts), looking down at most that far. An agent turns back from both, as a path
 * finder's agent would not walk off such a drop: the bench's agents walked into the shafts others
 * had dug, and by the hour's last minute 670 of them a minute died of the fall, their inventories
 * piling up on the ground (docs/world-performance.md, "The hour's workload").
 */
function hazardAhead(world: World, p: Player): boolean {
  const rad = (p.yaw * Math.PI) / 180;
  const fx = Math.floor(p.pos.x - Math.sin(rad));
  const fz = Math.floor(p.pos.z + Math.cos(rad));
  const y = Math.floor(p.pos.y);
  const fluid = world.registry.fluidByState;
  for (let dy = 0; dy >= -4; dy--) {
    const state = world.stateAt(fx, y + dy, fz);
    if (fluid[state] === 1) return true;
    if (world.registry.solidByState[state] === 1) return false;
  }
  return true; // nothing to stand on within 3 blocks below the feet
}

/** The yaw that faces `to`, give or take 45 degrees. */
function yawToward(p: Player, to: { x: number; z: number }, rng: Rng): number {
  return (Math.atan2(-(to.x - p.pos.x), to.z - p.pos.z) * 180) / Math.PI + rng.range(-45, 45);
}

/**
 * Places a block the agent carries into a hole beside it (a block one down, open, on something),
 * else beside its feet (on solid ground), trying the block ahead first, then the four around it;
 * false when it carries no block or no spot is open (or a body is in the way). An agent places what it carries before it
 * digs again, so the ground stays about as high as it was: the agents do not sink into the world over a
 * long run.
 */
function placeAhead(world: World, p: Player): boolean {
  const item = p.inventory.slots.find((s) => s !== null && s.name !== TOOL && s.name !== FOOD && blockForItem(world.registry, s.name) !== null);
  if (!item) return false;
  const rad = (p.yaw * Math.PI) / 180;
  const x = Math.floor(p.pos.x), y = Math.floor(p.pos.y), z = Math.floor(p.pos.z);
  const ahead = [Math.floor(p.pos.x - Math.sin(rad)) - x, Math.floor(p.pos.z + Math.cos(rad)) - z] as const;
  for (const [dx, dz] of [ahead, ...SIDES]) {
    if (dx === 0 && dz === 0) continue;
    for (const at of [y - 1, y]) {
      if (world.isSolid(x + dx, at, z + dz) || !world.isSolid(x + dx, at - 1, z + dz)) continue;
      if (placeBlock(world, p, { x: x + dx, y: at, z: z + dz }, item.name).ok) return true;
    }
  }
  return false;
}
/** The four blocks beside the one an agent stands in, tried after the one ahead of it (which its own body may be in). */
const SIDES = [[1, 0], [0, 1], [-1, 0], [0, -1]] as const;

/** The solid block in front of the feet, else the one below it, else the one under the player. */
function digTarget(world: World, p: Player): { x: number; y: number; z: number } {
  const rad = (p.yaw * Math.PI) / 180;
  const fx = Math.floor(p.pos.x - Math.sin(rad));
  const fz = Math.floor(p.pos.z + Math.cos(rad));
  const y = Math.floor(p.pos.y);
  if (world.isSolid(fx, y, fz)) return { x: fx, y, z: fz };
  if (y - 1 > MIN_Y && world.isSolid(fx, y - 1, fz)) return { x: fx, y: y - 1, z: fz };
  return { x: Math.floor(p.pos.x), y: Math.max(MIN_Y, y - 1), z: Math.floor(p.pos.z) };
}

/**
 * The corner of the nearest dry square of `size` blocks with a 16-block dry margin (sampled every 4), so agents start on
 * land as players would rather than on a sea floor; the origin on flat terrain or when none is found.
 */
function landOrigin(world: World, size: number): { x: number; z: number } {
  const terrain = world.terrain;
  if (!(terrain instanceof NaturalTerrain)) return { x: 0, z: 0 };
  const dry = (x0: number, z0: number): boolean => {
    for (let x = x0 - 16; x <= x0 + size + 16; x += 4) {
      for (let z = z0 - 16; z <= z0 + size + 16; z += 4) if (terrain.groundHeight(x, z) <= terrain.seaLevel) return false;
    }
    return true;
  };
  const step = 32;
  for (let ring = 0; ring <= 64; ring++) {
    for (let i = -ring; i <= ring; i++) {
      for (const [dx, dz] of [[i, -ring], [i, ring], [-ring, i], [ring, i]] as const) {
        if (dry(dx * step, dz * step)) return { x: dx * step, z: dz * step };
      }
    }
  }
  return { x: 0, z: 0 };
}
