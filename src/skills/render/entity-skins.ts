/**
 * Entity skins: the PNGs under minecraft-assets' `entity/` folder for the world's version (the
 * nearest assets version at or below it, as for block textures), decoded once per version into
 * packed texels for the ray caster. A skin the package lacks is `null`, and the entity is then
 * drawn as a banded box (`entity-look.ts`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { assetsDataDir, nearestAssetsVersion } from './block-textures.js';

export interface EntitySkin {
  width: number;
  height: number;
  /** width × height texels, row-major from the top, packed 0xAARRGGBB. */
  texels: Uint32Array;
}

const byVersion = new Map<string, Map<string, EntitySkin | null>>();

/** The skin at `path` (e.g. `zombie/zombie`) for Minecraft `version`, or null when the package has none. */
export function entitySkin(version: string, path: string): EntitySkin | null {
  let skins = byVersion.get(version);
  if (!skins) byVersion.set(version, (skins = new Map()));
  const hit = skins.get(path);
  if (hit !== undefined) return hit;
  const root = assetsDataDir();
  const file = join(root, nearestAssetsVersion(version, readdirSync(root)), 'entity', `${path}.png`);
  let skin: EntitySkin | null = null;
  if (existsSync(file)) {
    const png = PNG.sync.read(readFileSync(file));
    const texels = new Uint32Array(png.width * png.height);
    for (let i = 0; i < texels.length; i++) {
      const d = png.data;
      texels[i] = ((d[i * 4 + 3]! << 24) | (d[i * 4]! << 16) | (d[i * 4 + 1]! << 8) | d[i * 4 + 2]!) >>> 0;
    }
    skin = { width: png.width, height: png.height, texels };
  }
  skins.set(path, skin);
  return skin;
}
