/**
 * The replay rebuilds every chest's contents at any tick from the log's `chest` records: the latest record at or
 * before the tick, whatever order the records were written in, a broken chest gone, an old log with no chests.
 */
import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../../runner/run-log.js';
import { ReplayChests } from './replay-chests.js';

const chest = (tick: number, x: number, items: { name: string; count: number }[] | null): LogRecord => ({ type: 'chest', tick, pos: { x, y: 64, z: 0 }, items });

describe('ReplayChests', () => {
  const records: LogRecord[] = [
    { type: 'episode_start', tick: 0 },
    chest(0, 0, []),
    chest(0, 5, [{ name: 'bread', count: 3 }]),
    chest(514, 0, [{ name: 'cobblestone', count: 4 }]),
    chest(514, 0, [{ name: 'cobblestone', count: 4 }, { name: 'raw_iron', count: 2 }]),
    { type: 'world', tick: 530, event: 'block_broken' },
    chest(537, 0, [{ name: 'cobblestone', count: 7 }, { name: 'raw_iron', count: 2 }]),
    // a poll's record of another chest, written after a deposit logged at a later tick
    chest(520, 5, null),
  ];
  const chests = new ReplayChests(records);

  it('gives each chest its latest record at or before the tick', () => {
    expect(chests.at(0)).toEqual([
      { x: 0, y: 64, z: 0, items: [] },
      { x: 5, y: 64, z: 0, items: [{ name: 'bread', count: 3 }] },
    ]);
    expect(chests.at(513).find((c) => c.x === 0)?.items).toEqual([]);
    // two records at one tick: the later one counts
    expect(chests.at(514).find((c) => c.x === 0)?.items).toEqual([{ name: 'cobblestone', count: 4 }, { name: 'raw_iron', count: 2 }]);
    expect(chests.at(10_000).find((c) => c.x === 0)?.items).toEqual([{ name: 'cobblestone', count: 7 }, { name: 'raw_iron', count: 2 }]);
  });

  it('jumps back as well as forward, and drops a chest from the tick it was broken', () => {
    expect(chests.at(600).map((c) => c.x)).toEqual([0]);
    expect(chests.at(519).map((c) => c.x)).toEqual([0, 5]);
    expect(chests.at(536).find((c) => c.x === 0)?.items).toHaveLength(2);
  });

  it('knows no chests in a log written before chest records existed, and none before a chest is first recorded', () => {
    expect(new ReplayChests([{ type: 'episode_start', tick: 0 }, { type: 'world', tick: 5, event: 'item_deposited' }]).at(100)).toEqual([]);
    expect(new ReplayChests([chest(50, 1, [{ name: 'a', count: 1 }])]).at(49)).toEqual([]);
  });
});
