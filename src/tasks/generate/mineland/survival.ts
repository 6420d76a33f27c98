/**
 * MineLand survival family: stay alive for N Minecraft days, with the day-night cycle and natural
 * mob spawning on, × starting kit × difficulty. The kits follow the paper's survival experiment
 * (an agent starting with 2 bread) plus an empty-handed and a prepared start; logs, stone and
 * animals are laid out nearby so shelter and food are within reach.
 */
import type { RawTaskSpec } from '../../spec.js';
import { agentRow, flatWorld, resourceField, taskId, type MineLandParams } from './layout.js';

export const SURVIVAL_DAYS = [1, 2, 3, 5, 7] as const;
export const SURVIVAL_DIFFICULTIES = ['easy', 'normal', 'hard'] as const;
export const SURVIVAL_KITS: Readonly<Record<string, Record<string, number>>> = {
  empty: {},
  bread: { bread: 2 },
  prepared: { bread: 8, stone_pickaxe: 1, stone_axe: 1, stone_sword: 1, torch: 16 },
};

/** Seconds in a Minecraft day (24000 ticks at 20 per second). */
const DAY_SECONDS = 1200;

export function survivalTasks(p: MineLandParams): RawTaskSpec[] {
  const out: RawTaskSpec[] = [];
  for (const days of SURVIVAL_DAYS) {
    for (const [kit, inventory] of Object.entries(SURVIVAL_KITS)) {
      for (const difficulty of SURVIVAL_DIFFICULTIES) {
        const field = resourceField({ blocks: new Set(['oak_log', 'stone', 'dirt']), mobs: new Set(['cow', 'pig', 'sheep', 'chicken']) }, 40);
        out.push({
          id: taskId('survival', [`${days}d`, kit, difficulty], p),
          description: `MineLand survival: survive ${days} day(s) on ${difficulty} starting with the ${kit} kit`,
          task: {
            type: 'survival',
            goal: `Survive for ${days} day${days > 1 ? 's' : ''}`,
            guidance: { text: 'Eat when hungry, build a shelter before night, avoid or fight hostile mobs.' },
            mode: p.mode,
            // Cooperative: the whole team must live; competitive: whoever lives longest wins.
            success: { type: 'survive_days', days, who: p.mode === 'cooperative' ? 'all' : 'any' },
          },
          agents: { count: p.agents, spawn: agentRow(p, inventory) },
          environment: {
            max_steps: days * DAY_SECONDS,
            world: flatWorld(difficulty, { doMobSpawning: true, doDaylightCycle: true }),
            materials: { grid: field.grid },
            entities: { passives: field.passives, hostiles: [] },
          },
        });
      }
    }
  }
  return out;
}
