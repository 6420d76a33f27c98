// One catalog skill run tick by tick on a bare world, as the backends run skills (docs/skills.md).
import { World, joinPlayer } from '../src/world/index.js';
const world = new World({ seed: 7, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false } });
for (let y = -60; y < -56; y++) for (const x of [3, 5]) world.setBlock({ x, y, z: 2 }, 'oak_log'); // two small trunks
const player = joinPlayer(world, 'alex', { x: 0.5, y: -60, z: 0.5 });

// #region doc
import { SkillExecutor } from '../src/skills/skill-executor.js';
import { simSkill } from '../src/env/sim/skills/registry.js';

const exec = new SkillExecutor(world, player, simSkill); // { omniscient: true } only for the oracle
exec.start('collect', { block: 'oak_log', count: 6 }); // pre-empts a running skill
for (;;) { // each tick, before world.step():
  const done = exec.tick();
  if (done) { console.log(done.result); break; } // { ok: true, collected: 6, drops: [...] }
  world.step();
}
exec.cancel(); // stops between two ticks; reason 'cancelled'
// #endregion doc
