/**
 * Blocks that are not full cubes but a few boxes inside their cell, for the ray caster: slabs (a
 * half-height box at the bottom or top; a double slab is a full cube) and stairs (a half slab plus
 * a quarter-block step on the side the stairs face, upside down when `half=top`). Stairs' corner
 * shapes (inner/outer) are drawn as straight stairs: the two-box approximation the renderer keeps.
 *
 * Boxes are in the cell's own coordinates (0..1 on each axis), as [x0, y0, z0, x1, y1, z1].
 */
import type { Registry } from '../../world/index.js';
import { blockProperty } from '../../world/blocks/block-state.js';

export type ShapeBox = readonly [number, number, number, number, number, number];

const BOTTOM_HALF: ShapeBox = [0, 0, 0, 1, 0.5, 1];
const TOP_HALF: ShapeBox = [0, 0.5, 0, 1, 1, 1];

/** The half of the cell on the side stairs face (north is −z, west is −x), between heights y0 and y1. */
function stepToward(facing: string, y0: number, y1: number): ShapeBox {
  switch (facing) {
    case 'north': return [0, y0, 0, 1, y1, 0.5];
    case 'south': return [0, y0, 0.5, 1, y1, 1];
    case 'west': return [0, y0, 0, 0.5, y1, 1];
    default: return [0.5, y0, 0, 1, y1, 1];
  }
}

/**
 * The boxes a block state is drawn as, or null for a full cube (every other block, and double
 * slabs). `name` is the state's block name.
 */
export function shapeOfState(registry: Registry, name: string, state: number): ShapeBox[] | null {
  if (name.endsWith('_slab')) {
    const type = blockProperty(registry, state, 'type');
    return type === 'top' ? [TOP_HALF] : type === 'bottom' ? [BOTTOM_HALF] : null;
  }
  if (name.endsWith('_stairs')) {
    const facing = blockProperty(registry, state, 'facing') ?? 'north';
    return blockProperty(registry, state, 'half') === 'top'
      ? [TOP_HALF, stepToward(facing, 0, 0.5)]
      : [BOTTOM_HALF, stepToward(facing, 0.5, 1)];
  }
  return null;
}
