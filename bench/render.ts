/**
 * Rendering throughput: first-person frames of an agent looking around a natural world (raw RGB,
 * and with PNG encoding), plus top-down maps.
 * Prints {"size","framesPerSecond","framesPerSecondPng","msPerFrame","mapsPerSecond",...} (one JSON
 * line with --json). Target: >= 200 first-person frames/s at 64x64.
 */
import { parseArgs } from 'node:util';
import { World, joinPlayer } from '../src/world/index.js';
import { renderFirstPerson, renderFirstPersonRgb, renderTopDown } from '../src/skills/render/index.js';

function makeWorld(seed: string, terrain: string): { world: World; terrain: string } {
  if (terrain === 'natural') {
    try {
      return { world: new World({ seed, terrain: { type: 'natural' }, gamerules: { doMobSpawning: false } }), terrain };
    } catch {
      // natural terrain not available in this build: fall through to flat
    }
  }
  return { world: new World({ seed, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } }), terrain: 'flat' };
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

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      width: { type: 'string', default: '64' },
      height: { type: 'string', default: '64' },
      seconds: { type: 'string', default: '3' },
      terrain: { type: 'string', default: 'natural' },
      seed: { type: 'string', default: 'bench' },
      json: { type: 'boolean', default: false },
    },
  });
  const width = Number(values.width);
  const height = Number(values.height);
  const seconds = Number(values.seconds);
  const { world, terrain } = makeWorld(values.seed!, values.terrain!);
  // A few agents on land near the origin, so views hold terrain, trees, water and other players.
  const players = [];
  for (let i = 0; i < 8; i++) {
    const x = 30 + i * 3 + 0.5;
    const z = 66 + (i % 3) * 2 + 0.5;
    players.push(joinPlayer(world, `a${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z }));
  }
  const viewer = players[0]!;
  const opts = { width, height };
  const turn = (i: number) => {
    viewer.yaw = (i * 7) % 360; // look all around: sky, ground, far and near
    viewer.pitch = ((i * 3) % 60) - 30;
  };
  const out = new Uint8Array(width * height * 3);
  timeLoop(0.5, (i) => { turn(i); renderFirstPersonRgb(world, viewer, opts, out); }); // warm-up
  const fps = timeLoop(seconds, (i) => { turn(i); renderFirstPersonRgb(world, viewer, opts, out); });
  const fpsPng = timeLoop(seconds, (i) => { turn(i); renderFirstPerson(world, viewer, opts); });
  const maps = timeLoop(seconds / 2, () => renderTopDown(world, viewer.pos, 32, { scale: 2 }));
  const result = {
    terrain,
    size: `${width}x${height}`,
    framesPerSecond: Math.round(fps.wall),
    framesPerCpuSecond: Math.round(fps.cpu),
    framesPerSecondPng: Math.round(fpsPng.wall),
    framesPerCpuSecondPng: Math.round(fpsPng.cpu),
    msPerFrame: Math.round((1000 / fps.wall) * 1000) / 1000,
    mapsPerSecond: Math.round(maps.wall),
    mapSize: '130x130 (radius 32, scale 2)',
  };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(`render: ${result.size} first-person ${result.framesPerSecond} frames/s (${result.framesPerSecondPng} with PNG), top-down ${result.mapsPerSecond} maps/s (${terrain})`);
}
