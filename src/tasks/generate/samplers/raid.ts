/**
 * Drafts a "raid a boss" task (TickingCollab §2.1 Task #3): a boss that sends waves of minions while
 * it lives, agents with different life points and weapons, and chests of healing potions scattered
 * around the arena for agents who disengage to heal.
 */
import type { RawTaskSpec } from '../../spec.js';
import type { ParamSpace } from '../param-space.js';
import { agentName, CHEST_POSITION, type Triple } from './sampler.js';

const BOSSES = ['zombie', 'spider'];
const MINIONS = ['zombie', 'skeleton', 'spider'];
const WEAPONS = ['wooden_sword', 'stone_sword', 'iron_sword', 'golden_sword', 'diamond_sword', 'stone_axe', 'iron_axe', 'diamond_axe'];

export function sampleRaid(space: ParamSpace, description: string): RawTaskSpec {
  const rng = space.random;
  const maxSteps = space.int('environment.max_steps', [60, 240]);
  const start = space.int('events.trigger.start', [2, 10]);
  const interval = space.int('events.trigger.interval', [8, 16]);
  const bossMob = space.name('events.actions.mob', BOSSES);
  const kinds = space.int('events.actions.minion_kinds', [1, 2]);
  const minions = space.sample(space.names('events.actions.minions.mob', MINIONS), kinds).map((mob) => ({
    mob,
    count: space.int('events.actions.minions.count', [1, 4]),
    health: space.int('events.actions.minions.health', [20, 40]),
    damage: space.int('events.actions.minions.damage', [2, 6]),
  }));
  const bossPosition: Triple = [rng.int(-4, 4), 64, space.int('events.actions.position.z', [18, 30])];

  const count = space.int('agents.count', [3, 8]);
  const weapons = space.names('agents.spawn.inventory', WEAPONS);
  const spawn = Array.from({ length: count }, (_, i) => {
    const weapon = rng.pick(weapons);
    const position: Triple = [rng.int(-5, 5), 64, rng.int(-5, 2)];
    return {
      name: agentName(i),
      position,
      inventory: { [weapon]: { count: 1, unbreakable: true } },
      equipment: { hand: weapon },
      capabilities: {
        max_health: space.int('agents.spawn.capabilities.max_health', [16, 40]),
        speed_bps: space.real('agents.spawn.capabilities.speed_bps', [3.5, 5.5]),
        perception_range: space.int('agents.spawn.capabilities.perception_range', [12, 32]),
      },
    };
  });

  const potionChests = Array.from({ length: space.int('environment.chest.count', [1, 3]) }, (_, i) => ({
    position: (i === 0 ? CHEST_POSITION : [rng.int(-15, 15), 64, rng.int(-10, 25)]) as Triple,
    items: [{ name: 'potion', potion: 'healing', count: space.int('environment.chest.potions', [1, 4]) }],
  }));

  return {
    description,
    task: {
      type: 'raid_boss',
      goal: `Defeat the ${bossMob} boss while it summons waves of minions`,
      guidance: { text: 'Agents differ in life points and weapons. Healing potions are stored in the chests.' },
      success: { type: 'kill_boss', name: 'Boss' },
    },
    events: [
      {
        id: 'boss_raid',
        trigger: { start, end: maxSteps, interval },
        actions: [
          {
            type: 'spawn_boss',
            mob: bossMob,
            name: 'Boss',
            position: bossPosition,
            health: space.int('events.actions.health', [150, 300]),
            damage: space.int('events.actions.damage', [4, 10]),
            minions,
            minion_radius: 4,
          },
        ],
      },
    ],
    agents: { count, spawn },
    environment: {
      max_steps: maxSteps,
      world: { world_type: 'flatgrass', difficulty: 'normal', time: 'day', gamerules: { doMobSpawning: false, doDaylightCycle: false } },
      chest: potionChests,
    },
  };
}
