/**
 * The mob AI rule: once per tick, before physics, every mob turns what it knows into `controls` and
 * `yaw` (physics then moves it). Cheap by construction: passive mobs do arithmetic and a few block reads,
 * hostiles query the spatial index only every 10 ticks while they have no target, and sky checks run
 * once a second per undead.
 */
import type { WorldSystem } from '../system.js';
import { mobAi } from './ai-state.js';
import { tickArcher } from './archer.js';
import { tickCreeper } from './creeper.js';
import { tickMelee } from './melee.js';
import { startPanic, tickPassive } from './passive.js';
import { stop } from './steering.js';
import { checkSunBurn, SUN_CHECK_INTERVAL } from './sunlight.js';
import { currentTarget } from './targeting.js';

export function mobAiSystem(): WorldSystem {
  return {
    name: 'mob-ai',
    attach(world) {
      // Passive mobs panic when hurt, whatever hurt them (vanilla PanicGoal reacts to any damage).
      world.on('entity_hurt', (ev) => {
        const mob = world.entity(ev.entity);
        if (!mob || mob.kind !== 'mob' || mob.dead || mob.removed) return;
        const ai = mobAi(mob);
        if (ai?.behaviour === 'passive') startPanic(world, mob, ai, world.rng('mob-ai'));
      });
    },
    tick(world) {
      const rng = world.rng('mob-ai');
      const peaceful = world.difficulty === 'peaceful';
      for (const e of world.mobEntities.values()) {
        if (e.removed || e.dead) continue;
        const ai = mobAi(e);
        if (!ai?.behaviour) continue; // a mob built outside spawnMob has no AI memory
        if (ai.attackCooldown > 0) ai.attackCooldown--;
        if (ai.burnsInDaylight && (world.tick + e.id) % SUN_CHECK_INTERVAL === 0) checkSunBurn(world, e);
        if (ai.behaviour === 'passive') {
          tickPassive(world, e, ai, rng);
          continue;
        }
        if (peaceful) {
          stop(e);
          continue;
        }
        const target = currentTarget(world, e, ai);
        if (ai.behaviour === 'melee') tickMelee(world, e, ai, target);
        else if (ai.behaviour === 'archer') tickArcher(world, e, ai, target, rng);
        else tickCreeper(world, e, ai, target);
      }
    },
  };
}
