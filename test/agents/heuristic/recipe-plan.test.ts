import { describe, expect, it } from 'vitest';
import { planRecipe, sourceBlocks, type PlanStep } from '../../../src/agents/heuristic/recipe-plan.js';
import { Registry } from '../../../src/world/index.js';

const reg = Registry.get();
const kinds = (steps: PlanStep[]): string[] => steps.map((s) => (s.kind === 'smelt' ? `smelt ${s.input}` : `${s.kind} ${'item' in s ? s.item : ''}`));

/** Replays a plan on an inventory with the real recipes' counts, failing on any missing ingredient. */
function replay(steps: PlanStep[], start: Record<string, number>): Record<string, number> {
  const inv = { ...start };
  for (const s of steps) {
    if (s.kind === 'gather' || s.kind === 'hunt') inv[s.item] = (inv[s.item] ?? 0) + s.count;
    if (s.kind === 'smelt') {
      expect(inv[s.input] ?? 0).toBeGreaterThanOrEqual(s.count);
      inv[s.input]! -= s.count;
      inv[s.output] = (inv[s.output] ?? 0) + s.count;
    }
  }
  return inv;
}

describe('planRecipe', () => {
  it('plans a stone pickaxe from nothing: logs, planks, sticks, table, wooden pickaxe, then cobblestone', () => {
    const r = planRecipe(reg, 'stone_pickaxe', 1, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const k = kinds(r.steps);
    expect(k[0]).toBe('gather oak_log');
    expect(k.indexOf('craft wooden_pickaxe')).toBeLessThan(k.indexOf('gather cobblestone'));
    expect(k.at(-1)).toBe('craft stone_pickaxe');
    const cobble = r.steps.find((s) => s.kind === 'gather' && s.item === 'cobblestone');
    expect(cobble).toMatchObject({ count: 3 });
    expect((cobble as { blocks: string[] }).blocks).toContain('stone');
  });

  it('smelts iron: raw iron from iron ore with a stone pickaxe, a furnace and fuel before the smelt', () => {
    const r = planRecipe(reg, 'iron_ingot', 2, { stone_pickaxe: 1, furnace: 1, coal: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.steps).toEqual([
      { kind: 'gather', item: 'raw_iron', blocks: ['iron_ore', 'deepslate_iron_ore'], count: 2 },
      { kind: 'smelt', input: 'raw_iron', output: 'iron_ingot', count: 2, fuel: 'coal' },
    ]);
  });

  it('uses what the inventory holds, and plans nothing when the item is already there', () => {
    expect(planRecipe(reg, 'oak_log', 3, { oak_log: 5 })).toEqual({ ok: true, steps: [] });
    const r = planRecipe(reg, 'stick', 4, { oak_planks: 2 });
    expect(r).toEqual({ ok: true, steps: [{ kind: 'craft', item: 'stick', count: 4, crafts: 1, table: false }] });
  });

  it('makes planks from the wood the agent holds rather than oak', () => {
    const r = planRecipe(reg, 'crafting_table', 1, { birch_log: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(kinds(r.steps)).toEqual(['craft birch_planks', 'craft crafting_table']);
  });

  it('plans an iron pickaxe from scratch: smelts exactly the raw iron it gathers, with one furnace', () => {
    const r = planRecipe(reg, 'iron_pickaxe', 1, {});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const inv = replay(r.steps, {});
    expect(inv.raw_iron ?? 0).toBe(0);
    expect(kinds(r.steps).filter((k) => k === 'craft furnace')).toHaveLength(1);
    expect(kinds(r.steps).at(-1)).toBe('craft iron_pickaxe');
  });

  it('refuses unknown items and items nothing can make', () => {
    expect(planRecipe(reg, 'unobtainium', 1, {})).toMatchObject({ ok: false });
    const bedrock = planRecipe(reg, 'bedrock', 1, {});
    expect(bedrock.ok).toBe(false);
  });
});

describe('sourceBlocks', () => {
  it('names the blocks that drop an item, the same-named block first', () => {
    expect(sourceBlocks(reg, 'cobblestone')[0]).toBe('cobblestone');
    expect(sourceBlocks(reg, 'cobblestone')).toContain('stone');
    expect(sourceBlocks(reg, 'raw_iron')).toEqual(['iron_ore', 'deepslate_iron_ore']);
    expect(sourceBlocks(reg, 'diamond_pickaxe')).toEqual([]);
  });
});
