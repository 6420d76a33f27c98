/**
 * MineLand combat family: kill N mobs of a type, for every mob the world simulates (its mob facts,
 * hostile and passive) × kill counts × starting gear. Hostile fights happen at night on normal
 * difficulty (MineLand's combat setting), so undead do not burn in the sun before the agents reach them.
 */
import { MOB_FACTS } from '../../../world/facts/mobs.js';
import type { RawTaskSpec } from '../../spec.js';
import { agentRow, flatWorld, GROUND_Y, taskId, type MineLandParams } from './layout.js';

export const COMBAT_COUNTS = [1, 2, 3, 5] as const;

export interface Gear {
  name: string;
  weapon: string | null;
  armor: string | null;
}

export const COMBAT_GEAR: readonly Gear[] = [
  { name: 'unarmed', weapon: null, armor: null },
  { name: 'wooden', weapon: 'wooden_sword', armor: null },
  { name: 'iron', weapon: 'iron_sword', armor: 'iron' },
  { name: 'diamond', weapon: 'diamond_sword', armor: 'diamond' },
];

/** Every mob type the world's mob facts cover, in their order. */
export const combatMobs = (): string[] => Object.keys(MOB_FACTS);

export function combatTasks(p: MineLandParams): RawTaskSpec[] {
  const out: RawTaskSpec[] = [];
  for (const mob of combatMobs()) {
    const hostile = MOB_FACTS[mob]!.hostile;
    for (const count of COMBAT_COUNTS) {
      for (const gear of COMBAT_GEAR) {
        const equipment = {
          ...(gear.weapon ? { hand: gear.weapon } : {}),
          ...(gear.armor ? { head: `${gear.armor}_helmet`, chest: `${gear.armor}_chestplate`, legs: `${gear.armor}_leggings`, feet: `${gear.armor}_boots` } : {}),
        };
        // In competitive mode every agent needs its own quarry, so the mobs scale with the team.
        const spawned = count * (p.mode === 'competitive' ? p.agents : 1);
        const group = { type: mob, position: [0, GROUND_Y, 12] as [number, number, number], count: spawned };
        out.push({
          id: taskId('combat', [mob, count, gear.name], p),
          description: `MineLand combat: kill ${count} ${mob} (${gear.name} gear)`,
          task: {
            type: 'combat',
            goal: `Kill ${count} ${mob}`,
            mode: p.mode,
            success: { type: 'combat', mob, count },
          },
          agents: { count: p.agents, spawn: agentRow(p, {}, Object.keys(equipment).length > 0 ? equipment : undefined) },
          environment: {
            max_steps: 120 + 60 * count,
            world: { ...flatWorld('normal'), time: hostile ? 'night' : 'day' },
            entities: hostile ? { hostiles: [group], passives: [] } : { hostiles: [], passives: [group] },
          },
        });
      }
    }
  }
  return out;
}
