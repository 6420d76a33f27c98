/**
 * The heuristic agents' reading of their assignment. The task's success criterion is public (the
 * papers hand it to agents as the goal), so when the brief carries it as structured goals
 * (`brief.goals`, validated here) they are used as they are. Otherwise the goal sentence is read
 * with a few patterns covering how the suites phrase their goals ("Mine 50 logs as a team",
 * "Obtain 8 oak logs", "Kill 3 zombies", "Make a iron_pickaxe", "Survive for 1 day",
 * "Build a 5x5 shelter at [10, 64, 10]"). An unreadable goal yields no goals: the agents then idle
 * rather than guess.
 */
import { z } from 'zod';
import type { TaskBrief } from '../../tasks/task-brief.js';
import { goalSchema, type GoalSpec } from '../../tasks/spec/goals.js';
import { registryFor } from './item-facts.js';

const LOGS = ['oak_log', 'birch_log', 'spruce_log', 'jungle_log', 'acacia_log', 'dark_oak_log', 'mangrove_log', 'cherry_log'];

/** Words for resource families in goal sentences, as item requirements. */
const FAMILIES: Readonly<Record<string, string[]>> = {
  log: LOGS,
  logs: LOGS,
  wood: LOGS,
  stone: ['cobblestone', 'stone'],
  stones: ['cobblestone', 'stone'],
  cobblestone: ['cobblestone', 'stone'],
  iron: ['raw_iron', 'iron_ingot', 'iron_ore'],
  irons: ['raw_iron', 'iron_ingot', 'iron_ore'],
};

export function goalsFromBrief(brief: TaskBrief & { goals?: unknown }): GoalSpec[] {
  if (brief.goals !== undefined) {
    const parsed = z.array(goalSchema).safeParse(brief.goals);
    if (parsed.success) return parsed.data;
  }
  const g = parseGoalText(brief.goal, brief.type);
  return g ? [g] : [];
}

/** One goal from a goal sentence, or null when none of the patterns fits. */
export function parseGoalText(text: string, type: string): GoalSpec | null {
  const t = text.trim();
  const reg = registryFor();
  const itemName = (words: string): string | null => {
    const w = words.toLowerCase().replace(/\s+/g, '_');
    for (const c of [w, w.replace(/s$/, ''), w.replace(/es$/, '')]) if (reg.isItem(c)) return c;
    return null;
  };
  let m = /\b(?:mine|collect|gather)\s+(\d+)\s+([a-z_ ]+?)(?:\s+as a team|\s+together)?[.!]?$/i.exec(t);
  if (m) {
    const count = Number(m[1]);
    const fam = FAMILIES[m[2]!.toLowerCase().trim()];
    if (fam) return { type: 'collection', items: [{ any_of: fam, count }] };
    const item = itemName(m[2]!);
    if (item) return { type: 'collection', items: [{ name: item, count }] };
  }
  m = /\b(?:obtain|get|harvest)\s+(\d+|an?)\s+([a-z_ ]+?)[.!]?$/i.exec(t);
  if (m) {
    const item = itemName(m[2]!);
    if (item) return { type: 'harvest', item, count: /^\d+$/.test(m[1]!) ? Number(m[1]) : 1 };
  }
  m = /\b(?:make|craft|obtain)\s+(?:an?\s+)?([a-z_]+(?:pickaxe|axe|sword|shovel|hoe))\b/i.exec(t);
  if (m) {
    const item = itemName(m[1]!);
    if (item) return { type: 'tech_tree', tool: item, path: [] };
  }
  m = /\bkill\s+(\d+)\s+([a-z_]+?)s?\b/i.exec(t);
  if (m) return { type: 'combat', mob: m[2]!.toLowerCase(), count: Number(m[1]) };
  m = /\bsurvive\s+(?:for\s+)?(\d+|one|a)\s+days?\b/i.exec(t);
  if (m) return { type: 'survive_days', days: /^\d+$/.test(m[1]!) ? Number(m[1]) : 1, who: 'all' };
  m = /\bshelter\s+at\s+\[\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*\]/i.exec(t);
  if (m || type === 'shelter') {
    const size = /(\d+)\s*x\s*(\d+)/i.exec(t);
    const origin = m ? { x: Number(m[1]), y: Number(m[2]), z: Number(m[3]) } : null;
    if (origin) {
      return {
        type: 'shelter',
        origin,
        width: size ? Number(size[1]) : 5,
        depth: size ? Number(size[2]) : 5,
        wall_height: 3,
        foundation: ['cobblestone', 'stone'],
        walls: ['oak_planks'],
        roof: ['cobblestone', 'stone'],
        door: true,
      };
    }
  }
  return null;
}
