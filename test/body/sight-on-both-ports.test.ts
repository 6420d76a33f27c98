/**
 * The one sight walk (skills/senses: exposed blocks, heightmap window, horizon, column walk) on
 * both body ports — the embedded world and the Minecraft backend's port over a bot's chunk store —
 * against a brute-force voxel walk, over the same block grids. The Minecraft port under test is
 * the real one (env/minecraft/body-port.ts); only the bot under it is a stand-in whose
 * `world.getBlockStateId` reads a copy of the grid. Eyes and targets sit on block edges and corners
 * too, where a walk must break ties the one documented way (docs/senses.md: a boundary crossing
 * time per boundary; at equal times z steps first, then y, then x).
 */
import minecraftData from 'minecraft-data';
import { describe, expect, it } from 'vitest';
import { Vec3 } from 'vec3';
import { PLAYER_EYE_HEIGHT } from '../../src/core/body.js';
import type { Vec3 as P } from '../../src/core/vec3.js';
import { mcBodyPort, mcViewer, type BodyBot } from '../../src/env/minecraft/body-port.js';
import { mineflayerPitch, mineflayerYaw } from '../../src/env/minecraft/bot-geometry.js';
import { simBodyPort } from '../../src/env/sim/body-port.js';
import type { BodyPort, Viewer } from '../../src/skills/body-port.js';
import { airByState } from '../../src/skills/senses/air.js';
import { eyePosition } from '../../src/skills/senses/eyes.js';
import { blockVisibleFrom, FACE_EPSILON, facesToward, segmentClear, segmentClearOverTops } from '../../src/skills/senses/line-of-sight.js';
import { OpaqueHeightmap } from '../../src/skills/senses/opaque-heightmap.js';
import { scanVisibleBlocks } from '../../src/skills/senses/perception.js';
import { World } from '../../src/world/index.js';

const VERSION = '1.20.4';
const R = 14; // the grid spans x, z in [-R, R]
const Y0 = -64;
const Y1 = -40;

/** A flat world with pillars, walls, glass, leaves and water, set through `world.setBlock`. */
function buildSim(seed: number): World {
  const world = new World({ seed: `ports-${seed}`, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
  let s = seed * 2654435761 >>> 0;
  const rand = (n: number): number => {
    s = (s * 1103515245 + 12345) >>> 0;
    return (s >>> 8) % n;
  };
  const kinds = ['stone', 'stone', 'oak_log', 'glass', 'oak_leaves', 'water', 'dirt'];
  for (let i = 0; i < 90; i++) {
    const x = rand(2 * R - 1) - R + 1;
    const z = rand(2 * R - 1) - R + 1;
    const h = 1 + rand(5);
    const block = kinds[rand(kinds.length)]!;
    for (let y = -60; y < -60 + h; y++) world.setBlock({ x, y, z }, block);
  }
  // A wall with a one-block window, whose edges many rays graze.
  for (let x = -6; x <= 6; x++) for (let y = -60; y <= -56; y++) world.setBlock({ x, y, z: 5 }, x === 0 && y === -58 ? 'air' : 'cobblestone');
  return world;
}

/** A mineflayer-shaped stand-in whose chunk store holds a copy of the sim world's blocks in the grid (air outside it). */
function standInBot(world: World): BodyBot & { entity: { position: Vec3; yaw: number; pitch: number; id: number } } {
  const size = 2 * R + 1;
  const grid = new Uint16Array(size * size * (Y1 - Y0 + 1));
  const at = (x: number, y: number, z: number): number => ((y - Y0) * size + (z + R)) * size + (x + R);
  for (let y = Y0; y <= Y1; y++) for (let z = -R; z <= R; z++) for (let x = -R; x <= R; x++) grid[at(x, y, z)] = world.blocks.get(x, y, z);
  const air = world.registry.airState;
  return {
    registry: minecraftData(VERSION),
    world: {
      getBlockStateId: (p: Vec3) => {
        const x = Math.floor(p.x);
        const y = Math.floor(p.y);
        const z = Math.floor(p.z);
        if (x < -R || x > R || z < -R || z > R || y < Y0 || y > Y1) return air;
        return grid[at(x, y, z)];
      },
    },
    entities: {},
    entity: { id: 1, position: new Vec3(0, 0, 0), yaw: 0, pitch: 0 },
    username: 'seer',
    on: () => undefined,
    off: () => undefined,
  } as unknown as BodyBot & { entity: { position: Vec3; yaw: number; pitch: number; id: number } };
}

/**
 * The reference walk: every boundary the segment crosses, from the same per-boundary crossing time
 * (`(boundary − origin) × (1 / direction)`), sorted by time, equal times z before y before x; then
 * the cells in that order. The eyes' own cell is not tested; entering `target` succeeds.
 */
function bruteClear(port: BodyPort, o: P, t: P, target?: P): boolean {
  const see = port.registry.seeThroughByState;
  const origin = [o.x, o.y, o.z];
  const end = [t.x, t.y, t.z];
  const events: { time: number; axis: number; step: number }[] = [];
  for (let axis = 0; axis < 3; axis++) {
    const d = end[axis]! - origin[axis]!;
    if (d === 0) continue;
    const step = d > 0 ? 1 : -1;
    const inv = 1 / d;
    const off = step > 0 ? 1 : 0;
    for (let c = Math.floor(origin[axis]!); ; c += step) {
      const time = (c + off - origin[axis]!) * inv;
      if (time > 1) break;
      events.push({ time, axis, step });
    }
  }
  const rank = [2, 1, 0]; // x last, z first
  events.sort((a, b) => a.time - b.time || rank[a.axis]! - rank[b.axis]!);
  const cell = origin.map(Math.floor);
  const last = end.map(Math.floor);
  if (cell.every((v, i) => v === last[i])) return true;
  for (const e of events) {
    cell[e.axis]! += e.step;
    if (target && cell[0] === target.x && cell[1] === target.y && cell[2] === target.z) return true;
    if (see[port.blocks.get(cell[0]!, cell[1]!, cell[2]!)] !== 1) return false;
    if (cell.every((v, i) => v === last[i])) return true;
  }
  return true;
}

const FACES: [number, P][] = [
  [4, { x: 0, y: 1, z: 0 }], [8, { x: 0, y: -1, z: 0 }],
  [1, { x: 1, y: 0, z: 0 }], [2, { x: -1, y: 0, z: 0 }],
  [16, { x: 0, y: 0, z: 1 }], [32, { x: 0, y: 0, z: -1 }],
];

/** What the eye sees by brute force: every non-air block in the sphere with an open face toward the eye, by the reference walk. */
function bruteVisible(port: BodyPort, eye: P, range: number): Set<string> {
  const air = airByState(port.registry);
  const see = port.registry.seeThroughByState;
  const id = port.registry.blockIdOfState;
  const out = new Set<string>();
  for (let x = Math.floor(eye.x - range); x <= Math.floor(eye.x + range); x++) {
    for (let y = Math.floor(eye.y - range); y <= Math.floor(eye.y + range); y++) {
      for (let z = Math.floor(eye.z - range); z <= Math.floor(eye.z + range); z++) {
        if ((x + 0.5 - eye.x) ** 2 + (y + 0.5 - eye.y) ** 2 + (z + 0.5 - eye.z) ** 2 > range * range) continue;
        const s = port.blocks.get(x, y, z);
        if (air[s] === 1) continue;
        const toward = facesToward(eye, x, y, z);
        let sawFace = false;
        let anyFace = false;
        for (const [bit, n] of FACES) {
          const t = port.blocks.get(x + n.x, y + n.y, z + n.z);
          if (see[t] !== 1 || id[t] === id[s] || !(toward & bit)) continue;
          anyFace = true;
          const point = { x: x + 0.5 + n.x * (0.5 + FACE_EPSILON), y: y + 0.5 + n.y * (0.5 + FACE_EPSILON), z: z + 0.5 + n.z * (0.5 + FACE_EPSILON) };
          if (bruteClear(port, eye, point, { x, y, z })) sawFace = true;
        }
        if (!anyFace) continue;
        if (sawFace || bruteClear(port, eye, { x: x + 0.5, y: y + 0.5, z: z + 0.5 }, { x, y, z })) out.add(`${x},${y},${z},${s}`);
      }
    }
  }
  return out;
}

function scanned(port: BodyPort, viewer: Viewer): Set<string> {
  const out = new Set<string>();
  scanVisibleBlocks(port, viewer, {}, (s, x, y, z) => out.add(`${x},${y},${z},${s}`), { order: 'any' });
  return out;
}

describe('one sight walk on both body ports', () => {
  it('the Minecraft port reads the same blocks and tables as the embedded world', () => {
    const world = buildSim(1);
    const mc = mcBodyPort(standInBot(world));
    const sim = simBodyPort(world);
    for (let x = -R; x <= R; x++) for (let z = -R; z <= R; z++) for (let y = -62; y <= -54; y++) expect(mc.blocks.get(x, y, z)).toBe(sim.blocks.get(x, y, z));
    expect(mc.registry.seeThroughByState.subarray(0, sim.registry.seeThroughByState.length)).toEqual(sim.registry.seeThroughByState);
  });

  it('sees exactly what the brute-force voxel walk sees, from eyes in cells, on edges and on corners', () => {
    const eyes: P[] = [
      { x: 0.5, y: -60 + 0.3, z: 0.5 },
      { x: 0.37, y: -58.9, z: -2.71 },
      { x: 0, y: -59.2, z: 0 }, // corner column
      { x: 3, y: -59.2, z: 1.5 }, // on an x edge
      { x: -2.5, y: -57.4, z: 2 }, // on a z edge
      ...[-1, 0, 1].map((i) => ({ x: i, y: -60 + PLAYER_EYE_HEIGHT, z: 2 - i })), // standing on the ground, on a column corner
      { x: 0.5, y: -59 + PLAYER_EYE_HEIGHT, z: 4 }, // on a pillar, on the wall's row
    ];
    let total = 0;
    for (const seed of [1, 2, 3]) {
      const world = buildSim(seed);
      const bot = standInBot(world);
      const ports: [string, BodyPort, (feet: P) => Viewer][] = [
        ['sim', simBodyPort(world), (p) => ({ id: 99, kind: 'player', type: 'player', name: 'seer', pos: p, height: 1.8, removed: false, yaw: 0, pitch: 0, perceptionRange: 11 })],
        ['minecraft', mcBodyPort(bot), (p) => {
          bot.entity.position = new Vec3(p.x, p.y, p.z);
          bot.entity.yaw = mineflayerYaw(30);
          bot.entity.pitch = mineflayerPitch(10);
          return mcViewer(bot, { perceptionRange: 11, omniscient: false, hiddenPlayers: new Set() });
        }],
      ];
      for (const e of eyes) {
        const feetPos = { x: e.x, y: e.y - PLAYER_EYE_HEIGHT, z: e.z };
        const results: Set<string>[] = [];
        for (const [name, port, viewerAt] of ports) {
          const viewer = viewerAt(feetPos);
          const eye = eyePosition(viewer);
          const truth = bruteVisible(port, eye, 11);
          const seen = scanned(port, viewer);
          expect(seen, `${name} port, seed ${seed}, eye ${eye.x},${eye.y},${eye.z}`).toEqual(truth);
          results.push(seen);
          total += seen.size;
        }
        expect(results[1]).toEqual(results[0]);
      }
    }
    expect(total).toBeGreaterThan(3000);
  });

  it('answers point and block rays exactly as the brute-force walk, with targets on edges and corners', () => {
    const world = buildSim(4);
    const ports: BodyPort[] = [simBodyPort(world), mcBodyPort(standInBot(world))];
    const eyes: P[] = [{ x: 0.5, y: -58.38, z: 0.5 }, { x: 0, y: -58.38, z: 0 }, { x: 2, y: -59.2, z: -3.5 }, { x: 0, y: -58, z: 0 }, { x: 2, y: -59, z: -3.5 }, { x: -1.5, y: -57, z: 1 }];
    let clear = 0;
    let blocked = 0;
    let columnRays = 0;
    for (const port of ports) {
      const tops = OpaqueHeightmap.of(port).window(-R, -R, 2 * R + 1, undefined, -40);
      for (const eye of eyes) {
        for (let x = -9; x <= 9; x++) {
          for (let z = -9; z <= 9; z++) {
            for (const y of [-61, -60, -59, -58, -57]) {
              // Targets on a block corner, on a vertical edge, on the two horizontal edges, on face centres.
              const targets = [{ x, y, z }, { x, y: y + 0.5, z }, { x: x + 0.5, y, z }, { x, y, z: z + 0.5 }, { x, y: y + 0.5, z: z + 0.5 }, { x: x + 0.5, y: y + 0.5, z }];
              for (const t of targets) {
                const want = bruteClear(port, eye, t);
                expect(segmentClear(port, eye.x, eye.y, eye.z, t.x, t.y, t.z), `ray ${eye.x},${eye.y},${eye.z} -> ${t.x},${t.y},${t.z}`).toBe(want);
                // The column walk (entities' rays) agrees wherever a ray cannot cross a horizontal
                // block edge exactly: it passes such an edge between the two blocks that meet there,
                // the voxel walk enters one of them (docs/senses.md, "Not done yet").
                if (!Number.isInteger(eye.y) && !Number.isInteger(t.y)) {
                  expect(segmentClearOverTops(port, tops, eye.x, eye.y, eye.z, t.x, t.y, t.z), `column walk ${eye.x},${eye.y},${eye.z} -> ${t.x},${t.y},${t.z}`).toBe(want);
                  columnRays++;
                }
                if (want) clear++;
                else blocked++;
              }
              const faces = facesToward(eye, x, y, z);
              let want = false;
              for (const [bit, n] of FACES) {
                if (!(faces & bit)) continue;
                const point = { x: x + 0.5 + n.x * (0.5 + FACE_EPSILON), y: y + 0.5 + n.y * (0.5 + FACE_EPSILON), z: z + 0.5 + n.z * (0.5 + FACE_EPSILON) };
                if (bruteClear(port, eye, point, { x, y, z })) want = true;
              }
              want ||= bruteClear(port, eye, { x: x + 0.5, y: y + 0.5, z: z + 0.5 }, { x, y, z });
              expect(blockVisibleFrom(port, eye, x, y, z, faces)).toBe(want);
            }
          }
        }
      }
    }
    expect(clear).toBeGreaterThan(1000);
    expect(columnRays).toBeGreaterThan(3000);
    expect(blocked).toBeGreaterThan(1000);
  });
});
