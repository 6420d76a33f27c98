/**
 * World throughput: N agents walk, dig and pick up on a natural world with mobs.
 * Prints {"agents","ticksPerSecond","msPerTick","rssMB"} (one JSON line with --json); what the agents
 * and mobs did goes to stderr, so a reader can see the load was real.
 *
 * Agents start 4 blocks apart on the nearest dry land. Each loops: walk a random way for 2–5 s
 * (jumping when blocked, turning back from water and toward its start when more than 16 blocks away),
 * then stop and dig the block in front of its feet (or the one below that, or the one under it)
 * through the world's digging rule with an iron pickaxe, and wait for the drop to be picked up. Mob
 * spawning is on, the world starts at night so hostiles spawn, and one mob per 10 agents is spawned
 * among them at the start; mobs fight back, and dead agents drop their items and respawn.
 */
import { parseArgs } from 'node:util';
import {
  World,
  joinPlayer,
  spawnMob,
  startDigging,
  MIN_Y,
  NaturalTerrain,
  type Player,
  type Rng,
} from '../src/world/index.js';

const TOOL = 'iron_pickaxe';
const MOB_TYPES = ['zombie', 'skeleton', 'spider', 'creeper', 'cow', 'pig', 'sheep', 'chicken'] as const;
/** Start at night (vanilla 13000) so natural spawning produces hostiles on the surface too. */
const NIGHT = 13000;
const HOME_RANGE = 16;

interface Agent {
  player: Player;
  /** Where the agent works: it heads back when it strays beyond HOME_RANGE or into water. */
  home: { x: number; z: number };
  phase: 'walk' | 'dig';
  /** Tick at which the current phase ends (a dig also waits for its drop to be picked up). */
  until: number;
}

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      agents: { type: 'string', default: '8' },
      seconds: { type: 'string', default: '10' },
      terrain: { type: 'string', default: 'natural' },
      seed: { type: 'string', default: 'bench' },
      json: { type: 'boolean', default: false },
    },
  });
  const agentCount = Number(values.agents);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(agentCount) || agentCount < 1 || !(seconds > 0)) {
    console.error('usage: npm run bench -- world --agents <N >= 1> --seconds <S > 0> [--terrain natural|flat] [--seed s] [--json]');
    process.exit(2);
  }
  const world = new World({
    seed: values.seed!,
    terrain: { type: values.terrain as 'natural' },
    timeOfDay: NIGHT,
    gamerules: { doMobSpawning: true },
  });
  const rng = world.rng('bench-agents');
  const agents: Agent[] = [];
  const side = Math.ceil(Math.sqrt(agentCount));
  const origin = landOrigin(world, side * 4);
  for (let i = 0; i < agentCount; i++) {
    const x = origin.x + (i % side) * 4 + 0.5;
    const z = origin.z + Math.floor(i / side) * 4 + 0.5;
    const player = joinPlayer(world, `a${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z });
    player.inventory.slots[0] = { name: TOOL, count: 1 };
    agents.push({ player, home: { x, z }, phase: 'walk', until: rng.int(0, 60) });
  }
  for (let i = 0; i < Math.max(1, Math.floor(agentCount / 10)); i++) {
    const x = origin.x + rng.int(-8, side * 4 + 8) + 0.5;
    const z = origin.z + rng.int(-8, side * 4 + 8) + 0.5;
    spawnMob(world, MOB_TYPES[i % MOB_TYPES.length]!, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z });
  }

  const stats = { dug: 0, pickedUp: 0, mobsSpawned: 0, deaths: 0 };
  const causes: Record<string, number> = {};
  world.on('block_broken', () => stats.dug++);
  world.on('item_picked_up', () => stats.pickedUp++);
  world.on('entity_spawned', (e) => { if (e.kind === 'mob') stats.mobsSpawned++; });
  world.on('player_died', (e) => { stats.deaths++; causes[e.cause] = (causes[e.cause] ?? 0) + 1; });
  const step = () => {
    for (const a of agents) act(world, rng, a);
    world.step();
    world.takeEvents();
  };

  // Warm-up: generate the terrain around the agents and let the JIT settle.
  for (let t = 0; t < 40; t++) step();
  const counted = { ...stats };
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  let ticks = 0;
  const budgetNs = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < budgetNs) {
    step();
    ticks++;
  }
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpuStart);
  // Other processes share the CPU: ticks per second of this process's own CPU time shows the cost alone.
  const ticksPerCpuSecond = Math.round(ticks / ((cpu.user + cpu.system) / 1e6));
  const result = {
    agents: agentCount,
    ticksPerSecond: Math.round((ticks / elapsedS) * 10) / 10,
    msPerTick: Math.round((elapsedS * 1000 * 1000) / ticks) / 1000,
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  };
  let mobs = 0, items = 0;
  for (const _ of world.mobs()) mobs++;
  for (const _ of world.items()) items++;
  const load = `${ticks} ticks (${ticksPerCpuSecond} per CPU-second): ${stats.dug - counted.dug} blocks dug, ${stats.pickedUp - counted.pickedUp} pickups, ` +
    `${stats.mobsSpawned - counted.mobsSpawned} mobs spawned (${mobs} alive), ${items} items on the ground, ${stats.deaths - counted.deaths} agent deaths (all run, by cause: ${JSON.stringify(causes)})`;
  if (values.json) {
    console.log(JSON.stringify(result));
    console.error(`world bench: ${load}`);
  } else {
    console.log(`world: ${agentCount} agents, ${result.ticksPerSecond} ticks/s, ${result.msPerTick} ms/tick, ${result.rssMB} MB RSS (${load})`);
  }
}

/** One agent's controls for this tick: walk, or stand and dig, as a simple agent loop would. */
function act(world: World, rng: Rng, a: Agent): void {
  const p = a.player;
  if (p.dead) {
    a.phase = 'walk';
    a.until = world.tick + 20;
    return;
  }
  if (!p.inventory.held) p.inventory.slots[p.inventory.selected] = { name: TOOL, count: 1 }; // worn out or lost on death
  if (a.phase === 'walk') {
    p.controls.forward = 1;
    p.controls.jump = p.collidedHorizontally || p.inWater; // climb steps, swim up
    // Keep out of water, as the bench always has (figures stay comparable with earlier runs).
    if (p.inWater) {
      if (world.tick % 20 === p.id % 20) p.yaw = p.collidedHorizontally ? rng.range(0, 360) : yawToward(p, a.home, rng);
    } else if (waterAhead(world, p)) {
      p.yaw += 180;
    }
    if (world.tick < a.until || p.inWater) return; // swim on to dry ground before digging
    p.controls.forward = 0;
    p.controls.jump = false;
    if (!p.onGround) return; // land first: digging in the air is five times slower
    const dig = startDigging(world, p, digTarget(world, p));
    if (dig.ok) {
      a.phase = 'dig';
      a.until = world.tick + dig.ticksNeeded + 15; // 10 ticks of pickup delay, then the drop is in reach
      return;
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

/** Whether stepping forward would put the feet in water (looking down a drop of up to 4 blocks). */
function waterAhead(world: World, p: Player): boolean {
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
  return false;
}

/** The yaw that faces `to`, give or take 45 degrees. */
function yawToward(p: Player, to: { x: number; z: number }, rng: Rng): number {
  return (Math.atan2(-(to.x - p.pos.x), to.z - p.pos.z) * 180) / Math.PI + rng.range(-45, 45);
}

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
