/**
 * Double chests in the viewer (web/viewer/double-chests.ts): two chest blocks side by side show as one chest of 54
 * slots with both halves' contents, as vanilla shows them; other neighbours, levels, kinds and barrels stay apart.
 */
import { describe, expect, it } from 'vitest';
import { contentsText, singleChest, type ShownChest } from '../../web/viewer/chests.js';
import { joinDoubleChests } from '../../web/viewer/double-chests.js';

const chest = (x: number, y: number, z: number, items: ShownChest['items'], block = 'chest'): ShownChest => singleChest({ x, y, z }, block, items);

describe('double chests in the viewer', () => {
  it('joins two chest blocks side by side into one chest of 54 slots holding both halves', () => {
    const shown = joinDoubleChests([
      chest(1, 64, 0, [{ name: 'oak_log', count: 5 }]),
      chest(0, 64, 0, [{ name: 'oak_log', count: 3 }, { name: 'stick', count: 2 }]),
    ]);
    expect(shown).toHaveLength(1);
    const [double] = shown;
    expect(double!.slots).toBe(54);
    expect(double!.key).toBe('0,64,0');
    expect(double!.parts).toEqual([{ x: 0, y: 64, z: 0 }, { x: 1, y: 64, z: 0 }]);
    expect(contentsText(double!)).toBe('8 oak_log, 2 stick');
  });

  it('joins along z too, but not across levels, not diagonally, not a chest with a trapped chest, never barrels', () => {
    const shown = joinDoubleChests([
      chest(0, 64, 0, []),
      chest(0, 64, 1, []),
      chest(5, 64, 0, []),
      chest(5, 65, 0, []),
      chest(8, 64, 0, []),
      chest(9, 64, 1, []),
      chest(12, 64, 0, []),
      chest(13, 64, 0, [], 'trapped_chest'),
      chest(20, 64, 0, [], 'barrel'),
      chest(21, 64, 0, [], 'barrel'),
    ]);
    expect(shown.map((c) => [c.key, c.slots])).toEqual([
      ['0,64,0', 54],
      ['5,64,0', 27],
      ['5,65,0', 27],
      ['8,64,0', 27],
      ['9,64,1', 27],
      ['12,64,0', 27],
      ['13,64,0', 27],
      ['20,64,0', 27],
      ['21,64,0', 27],
    ]);
  });

  it('pairs a row of three as one double and one single, and says when one half was not recorded', () => {
    const shown = joinDoubleChests([chest(0, 64, 0, null), chest(1, 64, 0, [{ name: 'dirt', count: 1 }]), chest(2, 64, 0, null)]);
    expect(shown.map((c) => c.slots)).toEqual([54, 27]);
    expect(contentsText(shown[0]!)).toBe('1 dirt (other half not recorded)');
    expect(contentsText(shown[1]!)).toBe('contents not recorded');
  });
});
