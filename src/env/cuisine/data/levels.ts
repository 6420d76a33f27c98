/**
 * The 13 benchmark levels (MindAgent `assets/tasks_level_final.json`): orderable dishes and the kitchen's location types in
 * order (instances are numbered per type in this order: storage0, blender0, blender1, ...). Source: cuisineworld.md §4.1.
 * `num_agents` in the original file is only a default; the benchmark always sets the team size. level_12 is kept exactly as
 * published here (it has no fryer, so frenchFries is unmakeable); the fix lives in level.ts so the original stays available.
 */
import type { ToolType } from './tools.js';

export interface LevelDef {
  readonly name: string;
  readonly dishes: readonly string[];
  readonly kitchen: readonly ToolType[];
}

export const LEVELS: readonly LevelDef[] = [
  {
    name: 'level_0',
    dishes: ['salmonMeatcake'],
    kitchen: ['storage', 'servingtable', 'blender'],
  },
  {
    name: 'level_1',
    dishes: ['salmonMeatcake', 'lambMeatcake', 'lobsterMeatcake'],
    kitchen: ['storage', 'servingtable', 'blender', 'blender'],
  },
  {
    name: 'level_2',
    dishes: ['salmonSashimi', 'tunaSashimi', 'mixedSashimi'],
    kitchen: ['storage', 'servingtable', 'chopboard', 'chopboard', 'mixer', 'mixer'],
  },
  {
    name: 'level_3',
    dishes: ['salmonSushi', 'tunaSushi'],
    kitchen: ['storage', 'servingtable', 'pot', 'pot', 'chopboard', 'chopboard', 'mixer', 'mixer'],
  },
  {
    name: 'level_4',
    dishes: ['tomatoSalad', 'tomatoLettuceSalad', 'tomatoCucumberSalad', 'lettuceSalad'],
    kitchen: ['storage', 'servingtable', 'chopboard', 'chopboard', 'mixer', 'mixer'],
  },
  {
    name: 'level_5',
    dishes: ['tomatoPasta', 'beefPasta', 'porkPasta'],
    kitchen: ['storage', 'pan', 'pan', 'pot', 'pot', 'mixer', 'mixer', 'blender', 'blender', 'servingtable', 'chopboard', 'chopboard'],
  },
  {
    name: 'level_6',
    dishes: ['pepperoniPizza', 'hawaiianPizza', 'chickenPizza'],
    kitchen: ['storage', 'blender', 'blender', 'servingtable', 'oven', 'oven'],
  },
  {
    name: 'level_7',
    dishes: ['onionPotatoCarrotSoup', 'onionPotatoLeekSoup', 'onionBroccoliCheeseSoup'],
    kitchen: ['storage', 'pot', 'pot', 'servingtable'],
  },
  {
    name: 'level_8',
    dishes: ['porkDumpling', 'beefDumpling', 'salmonDumpling'],
    kitchen: ['storage', 'steamer', 'steamer', 'blender', 'blender', 'servingtable'],
  },
  {
    name: 'level_9',
    dishes: ['cheeseBurger', 'MaxJr', 'Hopper'],
    kitchen: ['storage', 'pan', 'pan', 'mixer', 'mixer', 'chopboard', 'chopboard', 'servingtable'],
  },
  {
    name: 'level_10',
    dishes: ['BurritodePastor', 'BurritodeAsada', 'BurritodePollo'],
    kitchen: ['storage', 'pan', 'pan', 'mixer', 'mixer', 'pot', 'pot', 'servingtable'],
  },
  {
    name: 'level_11',
    dishes: ['BurritodePastor', 'BurritodeAsada', 'BurritodePollo', 'salmonSushi', 'tunaSushi'],
    kitchen: ['storage', 'pan', 'pan', 'mixer', 'mixer', 'pot', 'pot', 'chopboard', 'chopboard', 'servingtable'],
  },
  {
    name: 'level_12',
    dishes: ['potatoSalad', 'smashedPotato', 'frenchFries'],
    kitchen: ['storage', 'pan', 'pan', 'blender', 'blender', 'mixer', 'mixer', 'steamer', 'steamer', 'chopboard', 'chopboard', 'servingtable'],
  },
];

/** Legacy levels the one-shot demos were recorded on (`assets/tasks_level.json` level_1 and level_2). */
export const DEMO_LEVELS: readonly LevelDef[] = [
  {
    name: 'demo_level_1',
    dishes: ['porkMeatcake', 'beefMeatcake'],
    kitchen: ['storage', 'servingtable', 'blender'],
  },
  {
    name: 'demo_level_2',
    dishes: ['porkMeatcake', 'beefMeatcake', 'chickenMeatcake'],
    kitchen: ['storage', 'servingtable', 'blender', 'blender'],
  },
];
