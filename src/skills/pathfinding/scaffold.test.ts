import { describe, expect, it } from 'vitest';
import { Inventory } from '../../world/inventory.js';
import { Registry } from '../../world/registry.js';
import { countScaffoldBlocks } from './scaffold.js';

describe('countScaffoldBlocks', () => {
  it('counts only the allowed blocks', () => {
    const inv = new Inventory(Registry.get());
    inv.add({ name: 'dirt', count: 40 });
    inv.add({ name: 'cobblestone', count: 3 });
    inv.add({ name: 'oak_planks', count: 10 });
    expect(countScaffoldBlocks(inv)).toBe(43);
    expect(countScaffoldBlocks(inv, ['oak_planks'])).toBe(10);
  });
});
