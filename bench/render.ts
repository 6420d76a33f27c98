/**
 * Rendering throughput: textured first-person frames of an agent looking around a natural world
 * (raw RGB, and with PNG encoding) at 64x64, 128x128 and 256x256, plus textured top-down maps.
 * Prints {"terrain","sizes":[{"size","framesPerCpuSecond",...}],"mapsPerSecond",...} (one JSON line
 * with --json). Targets on one core: >= 400 frames per CPU-second at 64x64, >= 120 at 128x128.
 *
 * `--builds OLD,NEW` (copies of dist/ inside the project, e.g. `cp -r dist dist-old` before a change)
 * instead renders the same views with both builds in one process, in alternating rounds so the
 * machine's load hits both alike, and prints NEW's speed-up per size and whether every frame came
 * out byte for byte the same.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as worldModule from '../src/world/index.js';
import * as renderModule from '../src/skills/render/index.js';
import { median } from './senses.js';

type WorldModule = typeof worldModule;
type RenderModule = typeof renderModule;

/** The bench's scene in one build: a world, a viewer among seven other agents, and a way to turn it. */
function makeScene(w: WorldModule, seed: string, terrainWanted: string) {
  let world: InstanceType<WorldModule['World']>;
  let terrain = terrainWanted;
  try {
    world = new w.World({ seed, terrain: { type: terrain === 'natural' ? 'natural' : 'flat' }, gamerules: { doMobSpawning: false } });
  } catch {
    // natural terrain not available in this build: fall back to flat
    terrain = 'flat';
    world = new w.World({ seed, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
  }
  // A few agents on land near the origin, so views hold terrain, trees, water and other players.
  const players = [];
  for (let i = 0; i < 8; i++) {
    const x = 30 + i * 3 + 0.5;
    const z = 66 + (i % 3) * 2 + 0.5;
    players.push(w.joinPlayer(world, `a${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z }));
  }
  const viewer = players[0]!;
  const turn = (i: number) => {
    viewer.yaw = (i * 7) % 360; // look all around: sky, ground, far and near
    viewer.pitch = ((i * 3) % 60) - 30;
  };
  return { world, viewer, turn, terrain };
}

/** Runs `body` for `seconds` of wall time; returns rates per wall second and per CPU second (robust to a busy machine). */
function timeLoop(seconds: number, body: (i: number) => void): { wall: number; cpu: number } {
  const start = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const budget = BigInt(Math.round(seconds * 1e9));
  let n = 0;
  while (process.hrtime.bigint() - start < budget) body(n++);
  const cpu = process.cpuUsage(cpu0);
  return { wall: n / (Number(process.hrtime.bigint() - start) / 1e9), cpu: n / ((cpu.user + cpu.system) / 1e6) };
}

/** Frames rendered before timing starts at each size. */
const WARM_UP_FRAMES = 150;

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '64,128,256' },
      seconds: { type: 'string', default: '3' },
      terrain: { type: 'string', default: 'natural' },
      seed: { type: 'string', default: 'bench' },
      json: { type: 'boolean', default: false },
      builds: { type: 'string' },
      rounds: { type: 'string', default: '12' },
    },
  });
  const sizes = values.sizes!.split(',').map(Number);
  if (values.builds !== undefined) {
    await compareBuilds(values.builds, sizes, Number(values.rounds), values.seed!, values.terrain!);
    return;
  }
  const seconds = Number(values.seconds);
  const { renderFirstPerson, renderFirstPersonRgb, renderTopDown } = renderModule;
  const { world, viewer, turn, terrain } = makeScene(worldModule, values.seed!, values.terrain!);
  const perSize = sizes.map((side) => {
    const opts = { width: side, height: side };
    const out = new Uint8Array(side * side * 3);
    // Warm-up by frame count, not time: on a busy machine half a second may be too few frames for the JIT.
    for (let i = 0; i < WARM_UP_FRAMES; i++) { turn(i); renderFirstPersonRgb(world, viewer, opts, out); }
    const fps = timeLoop(seconds, (i) => { turn(i); renderFirstPersonRgb(world, viewer, opts, out); });
    const fpsPng = timeLoop(seconds / 2, (i) => { turn(i); renderFirstPerson(world, viewer, opts); });
    return {
      size: `${side}x${side}`,
      framesPerSecond: Math.round(fps.wall),
      framesPerCpuSecond: Math.round(fps.cpu),
      framesPerCpuSecondPng: Math.round(fpsPng.cpu),
      msPerFrame: Math.round((1000 / fps.wall) * 1000) / 1000,
    };
  });
  const maps = timeLoop(seconds / 2, () => renderTopDown(world, viewer.pos, 32, { scale: 2 }));
  const result = { terrain, sizes: perSize, mapsPerSecond: Math.round(maps.wall), mapSize: '130x130 (radius 32, scale 2)' };
  if (values.json) console.log(JSON.stringify(result));
  else {
    for (const r of perSize) console.log(`render: ${r.size} first-person ${r.framesPerCpuSecond} frames/CPU-s (${r.framesPerCpuSecondPng} with PNG)`);
    console.log(`render: top-down ${result.mapsPerSecond} maps/s (${terrain})`);
  }
}

/** Views per round of a side-by-side comparison: the first 360 of the bench's turn sequence cover every yaw step. */
const VIEWS_PER_ROUND = 360;

async function compareBuilds(list: string, sizes: number[], rounds: number, seed: string, terrainWanted: string): Promise<void> {
  const dirs = list.split(',').filter((b) => b !== '').map((b) => (isAbsolute(b) ? b : resolve(b)));
  if (dirs.length !== 2 || dirs.some((d) => !existsSync(resolve(d, 'src/skills/render/index.js')))) {
    console.error('usage: npm run bench -- render --builds OLD,NEW [--sizes 64,128] [--rounds 12]\n  OLD and NEW are copies of dist/ inside the project (cp -r dist dist-old before a change, rebuild, then --builds dist-old,dist)');
    process.exit(2);
  }
  const builds: { dir: string; render: RenderModule; scene: ReturnType<typeof makeScene> }[] = [];
  for (const dir of dirs) {
    const url = (rel: string) => pathToFileURL(resolve(dir, rel)).href;
    const w = (await import(url('src/world/index.js'))) as WorldModule;
    const r = (await import(url('src/skills/render/index.js'))) as RenderModule;
    builds.push({ dir, render: r, scene: makeScene(w, seed, terrainWanted) });
  }
  const perSize = sizes.map((side) => {
    const opts = { width: side, height: side };
    const outs = builds.map(() => new Uint8Array(side * side * 3));
    const reference = new Uint8Array(side * side * 3);
    let differingFrames = 0;
    // Warm-up round, which also checks that both builds draw every view identically.
    for (let i = 0; i < VIEWS_PER_ROUND; i++) {
      builds.forEach((b, k) => {
        b.scene.turn(i);
        b.render.renderFirstPersonRgb(b.scene.world, b.scene.viewer, opts, outs[k]);
      });
      reference.set(outs[0]!);
      if (!outs[1]!.every((v, j) => v === reference[j])) differingFrames++;
    }
    const cpuMs = builds.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        const b = builds[k]!;
        const c0 = process.cpuUsage();
        for (let i = 0; i < VIEWS_PER_ROUND; i++) {
          b.scene.turn(i);
          b.render.renderFirstPersonRgb(b.scene.world, b.scene.viewer, opts, outs[k]);
        }
        const c = process.cpuUsage(c0);
        cpuMs[k]!.push((c.user + c.system) / 1000);
      }
    }
    const perCpuSecond = (ms: number[]) => Math.round(VIEWS_PER_ROUND / (median(ms) / 1000));
    return {
      size: `${side}x${side}`,
      oldFramesPerCpuSecond: perCpuSecond(cpuMs[0]!),
      newFramesPerCpuSecond: perCpuSecond(cpuMs[1]!),
      speedup: Math.round(median(cpuMs[0]!.map((t, i) => t / cpuMs[1]![i]!)) * 1000) / 1000,
      differingFrames,
    };
  });
  console.log(JSON.stringify({ old: dirs[0], new: dirs[1], terrain: builds[0]!.scene.terrain, viewsPerRound: VIEWS_PER_ROUND, rounds, sizes: perSize }));
}
