/**
 * The page's chunk loading as the camera moves (web/viewer/chunk-loader.ts): it asks for the missing chunks around the
 * camera nearest first, never twice while a request is out, forgets chunks far from the camera unless an agent is
 * near them, and a block change outside the rows a chunk holds drops that chunk so it is asked for again.
 */
import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src/server/viewer/protocol.js';
import { BlockWorld } from '../../web/viewer/block-world.js';
import { ChunkLoader, REQUEST_EVERY_MS, UNLOAD_CHUNKS, VIEW_CHUNKS } from '../../web/viewer/chunk-loader.js';

/** A chunk of stone from y 60 to 63. */
function stone(cx: number, cz: number): Chunk {
  const data = new Uint16Array(256 * 4).fill(0);
  return { cx, cz, minY: 60, height: 4, palette: ['stone'], data: Buffer.from(data.buffer).toString('base64') };
}

function loader() {
  const world = new BlockWorld();
  const asked: { cx: number; cz: number }[][] = [];
  return { world, asked, loader: new ChunkLoader(world, (at) => asked.push(at)) };
}

const side = 2 * VIEW_CHUNKS + 1;

describe('ChunkLoader', () => {
  it('asks for every chunk around the camera it lacks, nearest first, and not again while they are on their way', () => {
    const { world, asked, loader: l } = loader();
    world.put(stone(0, 0));
    l.update(0, { x: 8, z: 8 }, []);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(side * side - 1);
    expect(asked[0]![0]).toEqual({ cx: 0, cz: -1 });
    expect(asked[0]!.some((c) => c.cx === 0 && c.cz === 0)).toBe(false);
    l.update(REQUEST_EVERY_MS * 2, { x: 8, z: 8 }, []);
    expect(asked).toHaveLength(1);
    // Dropped as stale: asked again at the next turn, and only that one.
    l.settled([{ cx: 1, cz: 1 }]);
    l.update(REQUEST_EVERY_MS * 2 + 1, { x: 8, z: 8 }, []);
    expect(asked).toHaveLength(1); // too soon after the last turn
    l.update(REQUEST_EVERY_MS * 4, { x: 8, z: 8 }, []);
    expect(asked[1]).toEqual([{ cx: 1, cz: 1 }]);
  });

  it('follows the camera: flying east asks for the new column of chunks only', () => {
    const { world, asked, loader: l } = loader();
    for (let cx = -VIEW_CHUNKS; cx <= VIEW_CHUNKS; cx++) for (let cz = -VIEW_CHUNKS; cz <= VIEW_CHUNKS; cz++) world.put(stone(cx, cz));
    l.update(0, { x: 8, z: 8 }, []);
    expect(asked).toHaveLength(0);
    l.update(1000, { x: 24, z: 8 }, []);
    expect(asked[0]!.map((c) => c.cx)).toEqual(Array(side).fill(VIEW_CHUNKS + 1));
  });

  it('forgets chunks far from the camera, but keeps those near an agent', () => {
    const { world, loader: l } = loader();
    const far = UNLOAD_CHUNKS + 1;
    world.put(stone(far, 0));
    world.put(stone(-far, 0));
    world.put(stone(UNLOAD_CHUNKS, 0));
    const forget = l.update(0, { x: 8, z: 8 }, [{ x: -far * 16 + 3, z: 40 }]);
    expect(forget).toEqual([`${far},0`]);
  });
});

describe('BlockWorld.apply', () => {
  it('drops a chunk when a change falls outside its rows, so it is asked for again', () => {
    const world = new BlockWorld();
    world.put(stone(0, 0));
    world.put(stone(1, 0));
    const dirty = world.apply([
      { x: 3, y: 61, z: 3, block: 'air' },
      { x: 20, y: 70, z: 3, block: 'oak_planks' },
    ]);
    expect(world.blockAt(3, 61, 3)).toBe('air');
    expect(world.chunks.has('1,0')).toBe(false);
    expect([...dirty].sort()).toEqual(['0,0', '1,0']);
  });
});
