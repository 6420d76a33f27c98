/**
 * The 10 CuisineWorld location types. Source: /work/shared/reference/cuisineworld.md §1 (MindAgent `overcooked/game.py`,
 * `LocationType` and the per-type constants). `occupiedTime` is what `activate` sets the counter to; the counter goes down at
 * the end of every step, including the activate step, so a tool is blocked for `occupiedTime - 1` further steps.
 */
export type ToolType =
  | 'storage'
  | 'servingtable'
  | 'chopboard'
  | 'blender'
  | 'pan'
  | 'fryer'
  | 'mixer'
  | 'pot'
  | 'steamer'
  | 'oven';

export interface ToolDef {
  /** Steps the tool's counter is set to on activate. */
  readonly occupiedTime: number;
  /** Most items it holds; -1 for no limit. */
  readonly capacity: number;
  /** The activating agent is marked occupied too (it is cleared at the end of the same step, so it never bites). */
  readonly needWatch: boolean;
  /** You may always take what is inside (storage: base ingredients; chopboard: a raw item back). */
  readonly alwaysPickable: boolean;
}

export const TOOLS: Readonly<Record<ToolType, ToolDef>> = {
  storage: { occupiedTime: 0, capacity: -1, needWatch: false, alwaysPickable: true },
  servingtable: { occupiedTime: 0, capacity: -1, needWatch: false, alwaysPickable: false },
  chopboard: { occupiedTime: 1, capacity: 1, needWatch: true, alwaysPickable: true },
  blender: { occupiedTime: 2, capacity: 5, needWatch: false, alwaysPickable: false },
  pan: { occupiedTime: 2, capacity: 5, needWatch: false, alwaysPickable: false },
  fryer: { occupiedTime: 2, capacity: 5, needWatch: false, alwaysPickable: false },
  mixer: { occupiedTime: 0, capacity: 5, needWatch: false, alwaysPickable: false },
  pot: { occupiedTime: 3, capacity: 5, needWatch: false, alwaysPickable: false },
  steamer: { occupiedTime: 3, capacity: 5, needWatch: false, alwaysPickable: false },
  oven: { occupiedTime: 3, capacity: 5, needWatch: false, alwaysPickable: false },
};

export const TOOL_TYPES = Object.keys(TOOLS) as ToolType[];

export function isToolType(name: string): name is ToolType {
  return Object.prototype.hasOwnProperty.call(TOOLS, name);
}
