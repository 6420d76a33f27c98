import { describe, expect, it } from 'vitest';
import { spawnMob, World } from '../../world/index.js';
import { entityBoxes, skinTexel, type EntityBox } from './entity-boxes.js';
import { ENTITY_MODELS } from './entity-models.js';
import { entitySkin } from './entity-skins.js';
import { cameraOf, project, renderViewRgb, type ViewPose } from './first-person.js';

const newWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false }, timeOfDay: 6000 });
const version = newWorld().registry.version;
const texelAt = (skinPath: string, u: number, v: number): number => {
  const skin = entitySkin(version, skinPath)!;
  return skin.texels[v * skin.width + u]!;
};

/** The model boxes of one mob standing at (0.5, 0, 0.5) facing `yaw`. */
function boxesOf(type: string, yaw: number): EntityBox[] {
  const world = newWorld();
  const mob = spawnMob(world, type, { x: 0.5, y: 0, z: 0.5 });
  mob.yaw = yaw;
  return entityBoxes(world, undefined, { x: 0.5, y: 1, z: 0.5 }, 8, new Map()).boxes;
}
const part = (boxes: EntityBox[], u: number, v: number, w: number): EntityBox => boxes.find((b) => b.u === u && b.v === v && b.w === w)!;

describe('entity models textured from minecraft-assets skins', () => {
  it('finds a skin for players and every mob the issue names, in the default version', () => {
    for (const type of ['player', 'zombie', 'skeleton', 'creeper', 'spider', 'cow', 'pig', 'sheep', 'chicken']) {
      const model = ENTITY_MODELS[type];
      expect(model, type).toBeDefined();
      const skin = entitySkin(version, model!.skin);
      expect(skin, `${type}: ${model!.skin}.png`).not.toBeNull();
      expect(skin!.width).toBe(64);
    }
    expect(entitySkin(version, 'no_such/mob')).toBeNull();
  });

  it("paints a creeper's face from the skin's head-front texels, whichever way it faces", () => {
    // Facing -z (yaw 180): the head front is its z = 0.25 face and the creeper's right is +x.
    // A point near its right edge and bottom row is texel (8 + 0, 8 + 7) of the 64x32 skin.
    const south = part(boxesOf('creeper', 180), 0, 0, 8);
    expect(south.z0).toBeCloseTo(0.25);
    const bottomRow = 18 / 16 + 0.01;
    expect(skinTexel(south, 0.7, bottomRow, 0.25, 2, 1)).toBe(texelAt('creeper/creeper', 8, 15));
    // Facing -x (yaw 90): the same spot of the face is now on its x = 0.25 face, its right towards -z.
    const west = part(boxesOf('creeper', 90), 0, 0, 8);
    expect(west.x0).toBeCloseTo(0.25);
    expect(skinTexel(west, 0.25, bottomRow, 0.3, 0, 1)).toBe(texelAt('creeper/creeper', 8, 15));
    // Its back, seen from behind, is the back region (24..32).
    expect(skinTexel(south, 0.7, bottomRow, 0.75, 2, -1)).toBe(texelAt('creeper/creeper', 24 + 7, 15));
  });

  it("lays a cow's body forward: seen from above it shows the skin's back region, the spine", () => {
    const body = part(boxesOf('cow', 0), 18, 4, 12); // facing +z
    expect(body.y1 - body.y0).toBeCloseTo(10 / 16);
    expect(body.z1 - body.z0).toBeCloseTo(18 / 16);
    // Its right-front corner of the top face (right is -x when facing +z).
    const texel = skinTexel(body, body.x0 + 0.01, body.y1, body.z1 - 0.01, 1, -1);
    expect(texel).toBe(texelAt('cow/cow', 18 + 2 * 10 + 12 + 11, 4 + 10));
  });

  it("mirrors a skeleton's left leg: its outer side shows what the right leg's outer side shows", () => {
    const boxes = boxesOf('skeleton', 180); // facing -z: its right is +x
    const [right, left] = boxes.filter((b) => b.u === 0 && b.v === 16);
    expect(right!.mirror).toBe(false);
    expect(left!.mirror).toBe(true);
    const y = 0.3;
    const z = 0.5 - 0.02; // the same depth on both
    const rightOuter = skinTexel(right!, right!.x1, y, z, 0, -1);
    const leftOuter = skinTexel(left!, left!.x0, y, z, 0, 1);
    expect(leftOuter).toBe(rightOuter);
  });

  it('draws a sheep facing the viewer with its face from the skin', () => {
    const world = newWorld();
    const g = world.terrain.surfaceY(0, 0);
    const sheep = spawnMob(world, 'sheep', { x: 0.5, y: g, z: 4.5 });
    sheep.yaw = 180;
    const pose: ViewPose = { eye: { x: 0.5, y: g + 1.2, z: 1.5 }, yaw: 0, pitch: 0 };
    const size = 96;
    const rgb = renderViewRgb(world, pose, { width: size, height: size }).rgb;
    // The head's front face: 14 model pixels ahead of the sheep's feet, 16..22 up.
    const at = project(cameraOf(pose, size, size), { x: 0.5, y: g + 19.5 / 16, z: 4.5 - 14 / 16 })!;
    const i = (Math.floor(at.y) * size + Math.floor(at.x)) * 3;
    const face = new Set<string>();
    for (let v = 8; v < 14; v++) for (let u = 8; u < 14; u++) {
      const t = texelAt('sheep/sheep', u, v);
      face.add([(t >> 16) & 255, (t >> 8) & 255, t & 255].map((c) => Math.floor(c * 0.8)).join(','));
    }
    expect(face.has([rgb[i], rgb[i + 1], rgb[i + 2]].join(','))).toBe(true);
  });
});
