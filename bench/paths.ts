/**
 * Pathfinding throughput: many random 32-block paths between standable positions on a natural world
 * (`--terrain flat`, or natural terrain unavailable: flat ground with random pillars, walls and ponds).
 * Prints {"pathsPerSecond","meanNodes","successRate","pathLength","terrain","cpuPathsPerSecond"} (one JSON line
 * with --json); pathsPerSecond is by wall clock, cpuPathsPerSecond by this process's CPU time.
 */
import { parseArgs } from 'node:util';
import { World, type Rng } from '../src/world/index.js';
import { findPath, goalBlock } from '../src/skills/pathfinding/index.js';
import type { Vec3 } from '../src/core/vec3.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      paths: { type: 'string', default: '2000' },
      length: { type: 'string', default: '32' },
      terrain: { type: 'string', default: 'natural' },
      seed: { type: 'string', default: 'bench' },
      seconds: { type: 'string', default: '3' },
      json: { type: 'boolean', default: false },
    },
  });
  const count = Number(values.paths);
  const length = Number(values.length);
  const { world, terrain } = makeWorld(values.seed!, values.terrain!);
  const rng = world.rng('bench-paths');

  const pairs: { from: Vec3; to: Vec3 }[] = [];
  for (let tries = 0; pairs.length < count && tries < count * 20; tries++) {
    const from = standable(world, rng.int(-256, 256), rng.int(-256, 256));
    if (!from) continue;
    const angle = rng.range(0, 2 * Math.PI);
    const to = standable(world, from.x + Math.round(length * Math.cos(angle)), from.z + Math.round(length * Math.sin(angle)));
    if (to) pairs.push({ from, to });
  }

  // Warm-up pass: generates the terrain the searches touch and lets the JIT settle; not timed.
  for (const p of pairs) findPath(world, p.from, goalBlock(p.to));

  let searched = 0, succeeded = 0, nodes = 0;
  const budgetNs = BigInt(Math.round(Number(values.seconds) * 1e9));
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < budgetNs) {
    for (const p of pairs) {
      const r = findPath(world, p.from, goalBlock(p.to));
      searched++;
      nodes += r.nodesExpanded;
      if (r.ok) succeeded++;
    }
  }
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  const result = {
    pathsPerSecond: Math.round(searched / elapsedS),
    meanNodes: Math.round((nodes / searched) * 10) / 10,
    successRate: Math.round((succeeded / searched) * 1000) / 1000,
    pathLength: length,
    terrain,
    // Per second of this process's CPU time: the one-core figure when other work shares the machine.
    cpuPathsPerSecond: Math.round(searched / cpuS),
  };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(`paths: ${result.pathsPerSecond} paths/s of ${length} blocks on ${terrain} terrain, ${result.meanNodes} nodes expanded on average, ${result.successRate * 100}% found`);
}

/**
 * The requested terrain; `flat` means flat ground with random obstacles (bare flat ground is a straight
 * line every time), which is also the fallback when the requested terrain type is not available.
 */
function makeWorld(seed: string, terrain: string): { world: World; terrain: string } {
  if (terrain !== 'flat') {
    try {
      return { world: new World({ seed, terrain: { type: terrain as 'natural' }, gamerules: { doMobSpawning: false } }), terrain };
    } catch (err) {
      console.error(`paths: '${terrain}' terrain is not available (${(err as Error).message}); using flat ground with random obstacles`);
    }
  }
  const world = new World({ seed, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
  scatterObstacles(world, world.rng('bench-obstacles'), 300);
  return { world, terrain: 'flat+obstacles' };
}

/** Pillars of 1–3 blocks (one in eight columns), short walls and shallow ponds over a square of ±radius. */
function scatterObstacles(world: World, rng: Rng, radius: number): void {
  const ground = world.terrain.surfaceY(0, 0);
  for (let x = -radius; x <= radius; x++) {
    for (let z = -radius; z <= radius; z++) {
      if (!rng.chance(1 / 8)) continue;
      const h = rng.int(1, 3);
      for (let y = 0; y < h; y++) world.setBlock({ x, y: ground + y, z }, 'cobblestone');
    }
  }
  for (let i = 0; i < (radius * radius) / 100; i++) {
    const x = rng.int(-radius, radius), z = rng.int(-radius, radius), len = rng.int(4, 12);
    const alongX = rng.chance(0.5);
    for (let k = 0; k < len; k++) {
      for (let y = 0; y < 2; y++) world.setBlock({ x: alongX ? x + k : x, y: ground + y, z: alongX ? z : z + k }, 'stone');
    }
  }
  for (let i = 0; i < (radius * radius) / 400; i++) {
    const x = rng.int(-radius, radius), z = rng.int(-radius, radius), r = rng.int(2, 4);
    for (let dx = -r; dx <= r; dx++) for (let dz = -r; dz <= r; dz++) world.setBlock({ x: x + dx, y: ground - 1, z: z + dz }, 'water');
  }
}

/** The feet block of a place to stand in column (x, z) near the surface, or null (water, no floor). */
function standable(world: World, x: number, z: number): Vec3 | null {
  const top = world.terrain.surfaceY(x, z) + 1; // the generator's surface, or one block on top of it
  for (let y = top; y > top - 24; y--) {
    if (world.isSolid(x, y - 1, z) && !world.isSolid(x, y, z) && !world.isSolid(x, y + 1, z)) {
      const fluid = world.registry.fluidByState;
      if (fluid[world.stateAt(x, y, z)] !== 0 || fluid[world.stateAt(x, y - 1, z)] !== 0) return null;
      return { x, y, z };
    }
  }
  return null;
}
