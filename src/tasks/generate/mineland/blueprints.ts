/**
 * Construction blueprints for the MineLand construction family. The paper's blueprints are pictures
 * scored by a VLM; these are block grids scored block by block (the `blueprint` goal), named after the
 * paper's examples ("A Monument", "A Stone Stele") plus small buildings of the same kind.
 * Layers go bottom-up; rows run along +z, characters along +x; `.` must stay air, a space is free.
 */
export interface Blueprint {
  name: string;
  description: string;
  palette: Readonly<Record<string, string>>;
  layers: readonly (readonly string[])[];
}

export const BLUEPRINTS: readonly Blueprint[] = [
  {
    name: 'stone-stele',
    description: 'A stone stele: a stone-brick plinth carrying an upright stone slab with a chiseled cap',
    palette: { B: 'stone_bricks', S: 'stone', C: 'chiseled_stone_bricks' },
    layers: [['BBB', 'BBB'], ['.S.', '...'], ['.S.', '...'], ['.S.', '...'], ['.C.', '...']],
  },
  {
    name: 'monument',
    description: 'A monument: a stepped stone-brick base, a cobblestone obelisk and a gold block on top',
    palette: { B: 'stone_bricks', O: 'cobblestone', G: 'gold_block' },
    layers: [
      ['BBBBB', 'BBBBB', 'BBBBB', 'BBBBB', 'BBBBB'],
      ['.....', '.BBB.', '.BBB.', '.BBB.', '.....'],
      ['     ', ' ... ', ' .O. ', ' ... ', '     '],
      ['     ', ' ... ', ' .O. ', ' ... ', '     '],
      ['     ', ' ... ', ' .O. ', ' ... ', '     '],
      ['     ', '     ', '  G  ', '     ', '     '],
    ],
  },
  {
    name: 'wooden-hut',
    description: 'A 5x5 oak hut with a door gap and a flat roof',
    palette: { P: 'oak_planks', L: 'oak_log' },
    layers: [
      ['PPPPP', 'PPPPP', 'PPPPP', 'PPPPP', 'PPPPP'],
      ['LP.PL', 'P...P', 'P...P', 'P...P', 'LPPPL'],
      ['LP.PL', 'P...P', 'P...P', 'P...P', 'LPPPL'],
      ['LPPPL', 'P...P', 'P...P', 'P...P', 'LPPPL'],
      ['PPPPP', 'PPPPP', 'PPPPP', 'PPPPP', 'PPPPP'],
    ],
  },
  {
    name: 'watchtower',
    description: 'A hollow 3x3 cobblestone tower five blocks high with a plank lookout floor',
    palette: { C: 'cobblestone', P: 'oak_planks' },
    layers: [['CCC', 'C.C', 'CCC'], ['CCC', 'C.C', 'CCC'], ['CCC', 'C.C', 'CCC'], ['CCC', 'C.C', 'CCC'], ['PPP', 'PPP', 'PPP']],
  },
  {
    name: 'archway',
    description: 'A stone-brick archway: two pillars three blocks high joined by a lintel',
    palette: { B: 'stone_bricks' },
    layers: [['B...B'], ['B...B'], ['B...B'], ['BBBBB']],
  },
  {
    name: 'pyramid',
    description: 'A small sandstone pyramid',
    palette: { S: 'sandstone', C: 'cut_sandstone' },
    layers: [['SSSSS', 'SSSSS', 'SSSSS', 'SSSSS', 'SSSSS'], ['     ', ' SSS ', ' SSS ', ' SSS ', '     '], ['     ', '     ', '  C  ', '     ', '     ']],
  },
  {
    name: 'bridge',
    description: 'A raised oak walkway on log piers with fence rails',
    palette: { L: 'oak_log', P: 'oak_planks', F: 'oak_fence' },
    layers: [['L.....L', '.......', 'L.....L'], ['PPPPPPP', 'PPPPPPP', 'PPPPPPP'], ['FFFFFFF', '.......', 'FFFFFFF']],
  },
  {
    name: 'wall',
    description: 'A seven-block stone-brick wall with a cobblestone-wall crest',
    palette: { B: 'stone_bricks', W: 'cobblestone_wall' },
    layers: [['BBBBBBB'], ['BBBBBBB'], ['WWWWWWW']],
  },
];

/** Blocks a blueprint uses, with how many of each. */
export function blueprintMaterials(bp: Blueprint): Record<string, number> {
  const out: Record<string, number> = {};
  for (const layer of bp.layers) {
    for (const row of layer) {
      for (const ch of row) {
        const block = bp.palette[ch];
        if (block) out[block] = (out[block] ?? 0) + 1;
      }
    }
  }
  return out;
}
