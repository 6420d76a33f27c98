/** Line of sight over a bot's chunks: the embedded world's senses on the Minecraft body port. */
import minecraftData from 'minecraft-data';
import { describe, expect, it } from 'vitest';
import { Vec3 } from 'vec3';
import { mcBodyPort, mcViewer, type BodyBot } from '../../src/env/minecraft/body-port.js';
import { mineflayerPitch, mineflayerYaw } from '../../src/env/minecraft/bot-geometry.js';
import { blockVisibleFrom, segmentClear, visibleBlocks } from '../../src/skills/senses/index.js';

const data = minecraftData('1.16.5');
const AIR = data.blocksByName.air!.minStateId!;
const STONE = data.blocksByName.stone!.minStateId!;
const GLASS = data.blocksByName.glass!.minStateId!;

/** Ground (stone) below y = 0, air above, plus the given blocks; x >= 100 was never sent (null). */
function bot(blocks: Record<string, number>): BodyBot {
  return {
    registry: data,
    world: {
      getBlockStateId: (p: Vec3) => (p.x >= 100 ? null : (blocks[`${p.x},${p.y},${p.z}`] ?? (p.y < 0 ? STONE : AIR))),
    },
    entities: {},
    entity: { id: 1, position: new Vec3(0.5, 0, 0.5), yaw: mineflayerYaw(0), pitch: mineflayerPitch(0) },
    username: 'seer',
    on: () => undefined,
    off: () => undefined,
  } as unknown as BodyBot;
}

const eye = { x: 0.5, y: 1.62, z: 0.5 };

describe('sight on a bot view', () => {
  it('sees a block in the open and not behind a wall; glass lets sight through', () => {
    const open = mcBodyPort(bot({ '5,0,0': STONE }));
    expect(blockVisibleFrom(open, eye, 5, 0, 0)).toBe(true);
    const wall: Record<string, number> = { '5,0,0': STONE };
    for (let y = 0; y < 4; y++) for (let z = -3; z <= 3; z++) wall[`3,${y},${z}`] = STONE;
    expect(blockVisibleFrom(mcBodyPort(bot(wall)), eye, 5, 0, 0)).toBe(false);
    for (const k of Object.keys(wall)) if (k.startsWith('3,')) wall[k] = GLASS;
    expect(blockVisibleFrom(mcBodyPort(bot(wall)), eye, 5, 0, 0)).toBe(true);
  });

  it('does not see into chunks the server never sent', () => {
    const port = mcBodyPort(bot({}));
    expect(segmentClear(port, eye.x, eye.y, eye.z, 104.5, 1, 0.5)).toBe(false);
    expect(segmentClear(port, eye.x, eye.y, eye.z, 50.5, 1, 0.5)).toBe(true);
  });

  it('limits sight to the view cone when one is set', () => {
    // Two pillars, one 10 blocks south (+z, where the bot looks), one 10 blocks north.
    const b = bot({ '0,0,10': GLASS, '0,1,10': STONE, '0,0,-10': GLASS, '0,1,-10': STONE });
    const port = mcBodyPort(b);
    const stones = (fovDegrees?: number): string[] =>
      visibleBlocks(port, mcViewer(b, { perceptionRange: 16, omniscient: false, hiddenPlayers: new Set(), ...(fovDegrees !== undefined ? { fovDegrees } : {}) }), { names: ['stone'] })
        .filter((s) => s.pos.y === 1)
        .map((s) => `${s.pos.x},${s.pos.z}`);
    expect(stones(90)).toEqual(['0,10']);
    expect(stones(undefined).sort()).toEqual(['0,-10', '0,10']);
  });
});
