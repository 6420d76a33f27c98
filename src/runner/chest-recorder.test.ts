/**
 * The chest recorder writes a chest's whole contents once per change, at the tick of the deposit or take that made
 * it, notices changes no event names when polled, and writes nothing for positions that never held a container.
 */
import { describe, expect, it } from 'vitest';
import { runRecordSchema, type RunRecord } from '../core/run-records.js';
import type { Vec3 } from '../core/vec3.js';
import { ChestRecorder } from './chest-recorder.js';

/** A world with chests: position key → contents (absent: no container there). */
function fakeWorld(): { chests: Map<string, Record<string, number>>; admin: { chestContents(p: Vec3): Record<string, number> | null } } {
  const chests = new Map<string, Record<string, number>>();
  return { chests, admin: { chestContents: (p) => chests.get(`${p.x},${p.y},${p.z}`) ?? null } };
}

function recorderOver(chestsAt: Vec3[] = []) {
  const w = fakeWorld();
  const written: RunRecord[] = [];
  const recorder = new ChestRecorder(w.admin, { write: (r) => written.push(r), close() {} }, chestsAt);
  return { ...w, written, recorder };
}

const at = { x: 0, y: 64, z: 0 };

describe('ChestRecorder', () => {
  it("writes the scenario's chests once at the start, then a record per change with the contents sorted by name", () => {
    const { chests, written, recorder } = recorderOver([at]);
    chests.set('0,64,0', { bread: 2 });
    recorder.poll(0);
    recorder.poll(5);
    expect(written).toEqual([{ type: 'chest', tick: 0, pos: at, items: [{ name: 'bread', count: 2 }] }]);
    chests.set('0,64,0', { raw_iron: 3, bread: 2 });
    recorder.event({ type: 'item_deposited', tick: 12, by: 1, pos: at, item: 'raw_iron', count: 3 });
    expect(written[1]).toEqual({ type: 'chest', tick: 12, pos: at, items: [{ name: 'bread', count: 2 }, { name: 'raw_iron', count: 3 }] });
    for (const r of written) expect(runRecordSchema.safeParse(r).success).toBe(true);
  });

  it('tracks a chest first named by a take, and records a refill no event names at the next poll', () => {
    const { chests, written, recorder } = recorderOver();
    const pos = { x: 5, y: 70, z: -3 };
    chests.set('5,70,-3', { oak_log: 4 });
    recorder.event({ type: 'item_taken', tick: 30, by: 2, pos, item: 'oak_log', count: 2 });
    chests.set('5,70,-3', { oak_log: 64 });
    recorder.poll(40);
    expect(written.map((r) => [r.tick, (r as { items: unknown }).items])).toEqual([
      [30, [{ name: 'oak_log', count: 4 }]],
      [40, [{ name: 'oak_log', count: 64 }]],
    ]);
  });

  it('writes null when a known chest is broken, and nothing for a furnace an agent fed', () => {
    const { chests, written, recorder } = recorderOver([at]);
    chests.set('0,64,0', {});
    recorder.poll(0);
    chests.delete('0,64,0');
    recorder.event({ type: 'block_broken', tick: 7, by: 1, pos: at, block: 'chest', drops: [] });
    recorder.event({ type: 'item_deposited', tick: 9, by: 1, pos: { x: 3, y: 64, z: 3 }, item: 'coal', count: 1 });
    recorder.poll(20);
    expect(written.map((r) => [r.tick, (r as { items: unknown }).items])).toEqual([
      [0, []],
      [7, null],
    ]);
  });

  it('polls at most every `every` ticks when asked to', () => {
    const { chests, written, recorder } = recorderOver([at]);
    chests.set('0,64,0', { a: 1 });
    recorder.poll(0, 20);
    chests.set('0,64,0', { a: 2 });
    recorder.poll(10, 20);
    expect(written).toHaveLength(1);
    recorder.poll(20, 20);
    expect(written).toHaveLength(2);
  });
});
