/** A short, self-contained world demo for newcomers: no LLM, no network, finishes in seconds. */
import { InputError } from '../../core/errors.js';
import { World, joinPlayer, type TerrainSpec } from '../../world/index.js';

export interface WorldDemoOptions {
  seed: string;
  agents: number;
  seconds: number;
  terrain: string;
}

export function runWorldDemo(opts: WorldDemoOptions): string {
  if (opts.terrain !== 'flat' && opts.terrain !== 'natural') {
    throw new InputError(`unknown terrain '${opts.terrain}'`, "use --terrain flat or --terrain natural");
  }
  const terrain: TerrainSpec = { type: opts.terrain };
  const world = new World({ seed: opts.seed, terrain });
  const rng = world.rng('demo-agents');
  const agents = Array.from({ length: opts.agents }, (_, i) => {
    const x = i * 3 + 0.5;
    const z = 0.5;
    return joinPlayer(world, `agent${i}`, { x, y: world.terrain.surfaceY(Math.floor(x), Math.floor(z)), z });
  });
  const counts = new Map<string, number>();
  world.onAny((e) => counts.set(e.type, (counts.get(e.type) ?? 0) + 1));
  const ticks = opts.seconds * 20;
  const started = process.hrtime.bigint();
  for (let t = 0; t < ticks; t++) {
    if (t % 40 === 0) {
      for (const a of agents) {
        a.yaw = rng.range(0, 360);
        a.controls.forward = 1;
      }
    }
    for (const a of agents) a.controls.jump = a.collidedHorizontally;
    world.step();
    world.takeEvents();
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const lines = [
    `guildcraft demo: ${opts.agents} agents, ${opts.seconds} simulated seconds on ${opts.terrain} terrain (seed ${opts.seed})`,
    `simulated ${ticks} ticks in ${ms.toFixed(0)} ms (${((ticks / 20) / (ms / 1000)).toFixed(0)}x real time)`,
    'agents:',
    ...agents.map(
      (a) =>
        `  ${a.name} at (${a.pos.x.toFixed(1)}, ${a.pos.y.toFixed(1)}, ${a.pos.z.toFixed(1)}) health ${a.health} food ${a.food}`,
    ),
    'world events:',
    ...[...counts.entries()].sort().map(([k, v]) => `  ${k}: ${v}`),
  ];
  return lines.join('\n');
}
