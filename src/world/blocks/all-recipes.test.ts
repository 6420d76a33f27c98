/**
 * Every crafting recipe of minecraft-data 1.20.4, variant by variant, straight from the registry's raw
 * data (not through crafting.ts' own normalisation, so a reading mistake there shows up here): the
 * player holds exactly that variant's ingredients and crafts once. Recipes that fit a 2x2 grid must
 * work with no crafting table around; larger ones must be refused without a table and work with one.
 * Failures are reported by item name and variant.
 */
import { describe, expect, it } from 'vitest';
import { craft } from './crafting.js';
import { flatWorld, standingPlayer } from './test-helpers.js';
import { CRAFTING_REMAINDERS } from '../facts/crafting-remainders.js';
import type { Registry } from '../registry.js';

interface RawVariant {
  result: string;
  count: number;
  ingredients: Record<string, number>;
  /** Fits the player's 2x2 grid: a shape whose used cells span at most 2x2, or at most 4 shapeless items. */
  small: boolean;
}

type RawRecipe = { result: { id: number; count: number }; inShape?: (number | null)[][]; ingredients?: number[] };

function rawVariants(registry: Registry): RawVariant[] {
  const recipes = registry.data.recipes as unknown as Record<string, RawRecipe[]>;
  const out: RawVariant[] = [];
  for (const list of Object.values(recipes)) {
    for (const r of list) {
      const ingredients: Record<string, number> = {};
      const add = (id: number) => {
        const name = registry.itemName(id);
        ingredients[name] = (ingredients[name] ?? 0) + 1;
      };
      let small: boolean;
      if (r.inShape) {
        const rows: number[] = [], cols: number[] = [];
        r.inShape.forEach((row, y) => row.forEach((id, x) => {
          if (id === null || id < 0) return;
          add(id);
          rows.push(y);
          cols.push(x);
        }));
        small = Math.max(...rows) - Math.min(...rows) < 2 && Math.max(...cols) - Math.min(...cols) < 2;
      } else {
        for (const id of r.ingredients ?? []) add(id);
        small = (r.ingredients ?? []).length <= 4;
      }
      out.push({ result: registry.itemName(r.result.id), count: r.result.count, ingredients, small });
    }
  }
  return out;
}

describe('every minecraft-data 1.20.4 recipe', () => {
  it('crafts each variant from exactly its ingredients: 2x2 without a table, 3x3 only with one', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    const variants = rawVariants(w.registry);
    const table = { x: 2, y: -60, z: 0 };
    const failures: string[] = [];
    const give = (v: RawVariant) => {
      p.inventory.takeAll();
      for (const [name, count] of Object.entries(v.ingredients)) p.inventory.add({ name, count });
    };
    // A bigger variant may still be made without a table when a small variant of the same item is
    // payable from the same items (vanilla would match the small one in the 2x2 grid).
    const smallAlternative = (v: RawVariant) =>
      variants.some((o) => o.result === v.result && o.small && Object.entries(o.ingredients).every(([n, c]) => (v.ingredients[n] ?? 0) >= c));

    let small = 0;
    variants.forEach((v, i) => {
      const label = `${v.result} (variant ${i}, ${v.small ? '2x2' : '3x3'}, from ${JSON.stringify(v.ingredients)})`;
      w.setBlock(table, 'air');
      give(v);
      if (v.small) {
        small++;
      } else {
        const refused = craft(w, p, v.result);
        if (refused.ok ? !smallAlternative(v) : refused.reason !== 'no_crafting_table') {
          failures.push(`${label}: without a table gave ${refused.ok ? 'a craft' : refused.reason}`);
        }
        give(v);
        w.setBlock(table, 'crafting_table');
      }
      const r = craft(w, p, v.result);
      if (!r.ok) {
        failures.push(`${label}: ${r.reason} ${r.details}`);
        return;
      }
      if (r.item !== v.result || r.count !== v.count) failures.push(`${label}: made ${r.count} ${r.item}, expected ${v.count}`);
      // What was used left the inventory; the result and any returned containers arrived.
      for (const [name, given] of Object.entries(v.ingredients)) {
        const used = r.used[name] ?? 0;
        const back = (name === v.result ? r.count : 0) + (CRAFTING_REMAINDERS[name] === name ? used : 0);
        if (used > given || p.inventory.count(name) !== given - used + back) failures.push(`${label}: ${name} went from ${given} to ${p.inventory.count(name)} using ${used}`);
      }
      if (!(v.result in v.ingredients) && p.inventory.count(v.result) !== r.count) failures.push(`${label}: inventory holds ${p.inventory.count(v.result)} ${v.result}`);
    });
    expect(failures).toEqual([]);
    // minecraft-data 1.20.4 lists 2,409 variants; the 2x2 ones must have been crafted without a table.
    expect(variants.length).toBe(2409);
    expect(small).toBeGreaterThan(100);
  });
});
