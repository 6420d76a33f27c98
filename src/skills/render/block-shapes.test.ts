import { describe, expect, it } from 'vitest';
import { World } from '../../world/index.js';
import { stateWith } from '../../world/terrain/block-states.js';
import { cameraOf, project, renderViewRgb, type ViewPose } from './first-person.js';

/** At noon, so colours are the textures' own. */
const newWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false }, timeOfDay: 6000 });
const SIZE = 96;

/** The frame's colour where the world point `p` appears. */
function pixelAt(world: World, pose: ViewPose, p: { x: number; y: number; z: number }): [number, number, number] {
  const rgb = renderViewRgb(world, pose, { width: SIZE, height: SIZE }).rgb;
  const at = project(cameraOf(pose, SIZE, SIZE), p)!;
  const i = (Math.floor(at.y) * SIZE + Math.floor(at.x)) * 3;
  return [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
}
const isGrey = ([r, g, b]: number[]) => Math.max(r!, g!, b!) - Math.min(r!, g!, b!) < 20 && r! > 60;
const isGold = ([r, g, b]: number[]) => r! > 150 && g! > 110 && b! < 0.6 * r!;

describe('slab and stair shapes', () => {
  it('draws a bottom slab half a block high: the upper half of its cell shows what is behind', () => {
    const world = newWorld();
    const g = world.terrain.surfaceY(0, 0);
    world.setBlock({ x: 0, y: g, z: 2 }, 'stone_slab'); // default state: type=bottom
    for (let y = g; y <= g + 2; y++) for (let x = -2; x <= 2; x++) world.setBlock({ x, y, z: 6 }, 'gold_block');
    const pose: ViewPose = { eye: { x: 0.5, y: g + 0.5, z: -1.5 }, yaw: 0, pitch: 0 }; // looking south at the slab's north face
    expect(isGrey(pixelAt(world, pose, { x: 0.5, y: g + 0.25, z: 2 }))).toBe(true);
    expect(isGold(pixelAt(world, pose, { x: 0.5, y: g + 0.8, z: 2 }))).toBe(true);
    // A top slab is the other way round.
    world.setBlock({ x: 0, y: g, z: 2 }, stateWith(world.registry, 'stone_slab', { type: 'top' }));
    expect(isGold(pixelAt(world, pose, { x: 0.5, y: g + 0.4, z: 2 }))).toBe(true); // under it, the gold wall above the ground
    expect(isGrey(pixelAt(world, pose, { x: 0.5, y: g + 0.75, z: 2 }))).toBe(true);
    // A double slab is a full block.
    world.setBlock({ x: 0, y: g, z: 2 }, stateWith(world.registry, 'stone_slab', { type: 'double' }));
    expect(isGrey(pixelAt(world, pose, { x: 0.5, y: g + 0.8, z: 2 }))).toBe(true);
  });

  it('draws stairs as a half slab with a step on the side they face', () => {
    const world = newWorld();
    const g = world.terrain.surfaceY(0, 0);
    world.setBlock({ x: 0, y: g, z: 0 }, stateWith(world.registry, 'stone_stairs', { facing: 'north', half: 'bottom' }));
    for (let y = g; y <= g + 2; y++) for (let z = -3; z <= 3; z++) world.setBlock({ x: -4, y, z }, 'gold_block');
    // From the east, looking west: the step stands on the north half (z 0..0.5), the south half is low.
    const pose: ViewPose = { eye: { x: 3.5, y: g + 0.75, z: 0.5 }, yaw: 90, pitch: 0 };
    expect(isGrey(pixelAt(world, pose, { x: 1, y: g + 0.25, z: 0.75 }))).toBe(true);
    expect(isGrey(pixelAt(world, pose, { x: 1, y: g + 0.75, z: 0.25 }))).toBe(true);
    expect(isGold(pixelAt(world, pose, { x: 1, y: g + 0.75, z: 0.75 }))).toBe(true);
  });
});
