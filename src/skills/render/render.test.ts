import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { World, joinPlayer } from '../../world/index.js';
import { renderFirstPerson, renderFirstPersonRgb } from './first-person.js';
import { entitySkin } from './entity-skins.js';
import { skyAt } from './sky.js';
import { renderTopDown } from './top-down.js';
import { FirstPersonViews } from './view-schedule.js';

/** At noon, so daylight is full and colours are the textures' own. */
const newWorld = () => new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false }, timeOfDay: 6000 });

/** Share of grey pixels (channels within `tol` of each other), as stone shows at any shade. */
function greyShare(rgb: Uint8Array, tol: number): number {
  let n = 0;
  for (let i = 0; i < rgb.length; i += 3) if (Math.max(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) - Math.min(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!) <= tol) n++;
  return n / (rgb.length / 3);
}

/** Sky pixels: blue clearly above red, as on the horizon-to-zenith gradient. */
function skyShare(rgb: Uint8Array, timeOfDay: number): number {
  const sky = skyAt(timeOfDay);
  let n = 0;
  for (let i = 0; i < rgb.length; i += 3) if (rgb[i + 2]! >= Math.min(sky.horizon[2], sky.zenith[2]) - 5 && rgb[i + 2]! - rgb[i]! > 40) n++;
  return n / (rgb.length / 3);
}

describe('first-person view', () => {
  it('encodes a PNG of the requested size', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    const frame = renderFirstPerson(world, p, { width: 48, height: 32 });
    const png = PNG.sync.read(frame.png);
    expect([png.width, png.height]).toEqual([48, 32]);
    expect(frame.rgb.length).toBe(48 * 32 * 3);
    // The PNG holds the same pixels as the raw buffer.
    expect([png.data[0], png.data[1], png.data[2]]).toEqual([frame.rgb[0], frame.rgb[1], frame.rgb[2]]);
  });

  it('is mostly stone when facing a stone wall', () => {
    const world = newWorld();
    for (let x = -30; x <= 30; x++) for (let y = -60; y <= -30; y++) world.setBlock({ x, y, z: 3 }, 'stone');
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    p.yaw = 0; // facing +z, at the wall
    const { rgb } = renderFirstPersonRgb(world, p, { width: 64, height: 64 });
    // The stone texture is grey at every face shade; grass and sky are not.
    expect(greyShare(rgb, 12)).toBeGreaterThan(0.8);
  });

  it('is mostly sky when looking up into open sky', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    p.pitch = -50; // negative pitch looks up
    const { rgb } = renderFirstPersonRgb(world, p, { width: 64, height: 64 });
    expect(skyShare(rgb, world.timeOfDay)).toBeGreaterThan(0.9);
  });

  it('draws a player in front with the Steve skin: the back of its head at eye height', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    joinPlayer(world, 'b', { x: 0.5, y: -60, z: 3.5 }); // facing +z too: its back is to the viewer
    const { rgb, width, height } = renderFirstPersonRgb(world, p, { width: 32, height: 32 });
    // The centre ray meets the head's back face (skin texels 24..32 x 8..16), shaded as a z face (0.8).
    const mid = ((height / 2) * width + width / 2) * 3;
    const skin = entitySkin(world.registry.version, 'player/wide/steve')!;
    const backOfHead = new Set<string>();
    for (let v = 8; v < 16; v++) for (let u = 24; u < 32; u++) {
      const t = skin.texels[v * skin.width + u]!;
      backOfHead.add([(t >> 16) & 255, (t >> 8) & 255, t & 255].map((c) => Math.floor(c * 0.8)).join(','));
    }
    expect(backOfHead.has([rgb[mid], rgb[mid + 1], rgb[mid + 2]].join(','))).toBe(true);
  });

  it('writes a name tag over a player in view', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    joinPlayer(world, 'b', { x: 0.5, y: -60, z: 6.5 });
    const withTag = renderFirstPersonRgb(world, p, { width: 64, height: 64 }).rgb;
    const white = (rgb: Uint8Array) => { let n = 0; for (let i = 0; i < rgb.length; i += 3) if (rgb[i] === 255 && rgb[i + 1] === 255 && rgb[i + 2] === 255) n++; return n; };
    // The letter B in the 3x5 font has 10 set pixels; the sky is never pure white.
    expect(white(withTag)).toBe(10);
  });

  it('darkens the world at night', () => {
    const day = newWorld();
    const night = new World({ seed: 1, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false }, timeOfDay: 18000 });
    const mean = (w: World) => {
      const p = joinPlayer(w, 'a', { x: 0.5, y: -60, z: 0.5 });
      p.pitch = 30;
      const { rgb } = renderFirstPersonRgb(w, p, { width: 32, height: 32 });
      return rgb.reduce((a, v) => a + v, 0) / rgb.length;
    };
    expect(mean(night)).toBeLessThan(mean(day) * 0.4);
  });

  it('re-renders a view only every N ticks', () => {
    const world = newWorld();
    const p = joinPlayer(world, 'a', { x: 0.5, y: -60, z: 0.5 });
    const views = new FirstPersonViews({ width: 8, height: 8, everyTicks: 5 });
    const first = views.view(world, p);
    world.run(4);
    expect(views.view(world, p)).toBe(first);
    world.run(1);
    expect(views.view(world, p)).not.toBe(first);
  });
});

describe('top-down map', () => {
  it('shows water where water is, grass elsewhere, at the requested size', () => {
    const world = newWorld();
    for (let x = 2; x <= 4; x++) for (let z = -1; z <= 1; z++) world.setBlock({ x, y: -61, z }, 'water');
    const png = PNG.sync.read(renderTopDown(world, { x: 0, y: -60, z: 0 }, 8, { scale: 2, entities: false }));
    expect([png.width, png.height]).toEqual([34, 34]);
    const at = (bx: number, bz: number) => {
      const i = ((bz + 8) * 2 * png.width + (bx + 8) * 2) * 4;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
    };
    const water = at(3, 0);
    expect(water[2]! > water[0]! + 60 && water[2]! > water[1]! + 40).toBe(true); // blue
    const grass = at(-5, -5);
    expect(grass[1]! > grass[0]! && grass[1]! > grass[2]!).toBe(true); // green
  });

  it('marks players as dots', () => {
    const world = newWorld();
    joinPlayer(world, 'a', { x: 1.5, y: -60, z: 1.5 });
    const png = PNG.sync.read(renderTopDown(world, { x: 0, y: -60, z: 0 }, 4));
    const i = ((1 + 4) * png.width + (1 + 4)) * 4;
    expect([png.data[i], png.data[i + 1], png.data[i + 2]]).toEqual([235, 60, 235]);
  });

  it('paints each column with its top texture at larger scales', () => {
    const world = newWorld();
    world.setBlock({ x: 0, y: -61, z: 0 }, 'stone');
    const png = PNG.sync.read(renderTopDown(world, { x: 0, y: -60, z: 0 }, 2, { scale: 16, entities: false }));
    // The stone cell (centre) holds more than one shade: a texture, not a flat fill.
    const shades = new Set<string>();
    for (let y = 32; y < 48; y++) for (let x = 32; x < 48; x++) { const i = (y * png.width + x) * 4; shades.add(`${png.data[i]},${png.data[i + 1]},${png.data[i + 2]}`); }
    expect(shades.size).toBeGreaterThan(2);
  });
});
