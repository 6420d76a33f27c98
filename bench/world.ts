/**
 * World throughput: N agents walk, dig and pick up on a natural world with mobs.
 * Prints {"agents","ticksPerSecond","msPerTick","rssMB"} (one JSON line with --json).
 */
import { parseArgs } from 'node:util';
import { World, joinPlayer, type Player } from '../src/world/index.js';

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
  const agents = Number(values.agents);
  const seconds = Number(values.seconds);
  const world = new World({ seed: values.seed!, terrain: { type: values.terrain as 'natural' } });
  const players: Player[] = [];
  const side = Math.ceil(Math.sqrt(agents));
  for (let i = 0; i < agents; i++) {
    const x = (i % side) * 4 + 0.5;
    const z = Math.floor(i / side) * 4 + 0.5;
    players.push(joinPlayer(world, `a${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z }));
  }
  const rng = world.rng('bench-agents');
  const act = () => {
    for (const p of players) {
      if (world.tick % 40 === p.id % 40) {
        p.yaw = rng.range(0, 360);
        p.controls.forward = 1;
      }
      p.controls.jump = p.collidedHorizontally;
    }
  };
  // Warm-up: generate the terrain around the agents and let the JIT settle.
  for (let t = 0; t < 40; t++) {
    act();
    world.step();
    world.takeEvents();
  }
  const start = process.hrtime.bigint();
  let ticks = 0;
  const budgetNs = BigInt(seconds) * 1_000_000_000n;
  while (process.hrtime.bigint() - start < budgetNs) {
    act();
    world.step();
    world.takeEvents();
    ticks++;
  }
  const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
  const result = {
    agents,
    ticksPerSecond: Math.round((ticks / elapsedS) * 10) / 10,
    msPerTick: Math.round((elapsedS * 1000 * 1000) / ticks) / 1000,
    rssMB: Math.round(process.memoryUsage().rss / 1e6),
  };
  if (values.json) console.log(JSON.stringify(result));
  else console.log(`world: ${agents} agents, ${result.ticksPerSecond} ticks/s, ${result.msPerTick} ms/tick, ${result.rssMB} MB RSS`);
}
