import { describe, expect, it } from 'vitest';
import { parseTask } from '../../../src/tasks/load.js';
import type { TaskSpec } from '../../../src/tasks/spec.js';
import { feasibilityMarginsSchema, type FeasibilityMargins } from '../../../src/tasks/generate/user-spec.js';
import { verifyTask } from '../../../src/tasks/generate/verify/feasibility.js';
import { verifyCrisis, type CrisisCheckInput } from '../../../src/tasks/generate/verify/crisis.js';
import { canMine, mineSeconds, requiredTier, survivesCrisis, toolTier } from '../../../src/tasks/generate/verify/mining.js';
import { Registry } from '../../../src/world/registry.js';

const registry = Registry.get();
const margins = (m: Partial<FeasibilityMargins> = {}): FeasibilityMargins => feasibilityMarginsSchema.parse(m);

function load(yaml: string): TaskSpec {
  const r = parseTask(yaml, { file: 'test/verifier.yaml' });
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.reason}`).join('\n'));
  return r.spec;
}

/** A water crisis sweeping east over 60 columns at 1 slice per step from step 20; two stone piles. */
function crisis(opts: { tool?: string; pile?: string; start?: number; speed?: number; pileSize?: number; block?: string; maxSteps?: number } = {}): TaskSpec {
  const size = opts.pileSize ?? 3;
  return load(`
task: {type: prepare_crisis, goal: "build a shelter"}
events:
  - id: wave
    trigger: {start: ${opts.start ?? 20}, end: 200, interval: 1}
    actions:
      - {type: progressive_fill, block: ${opts.block ?? 'water'}, area: {min: [-30, 64, -10], max: [29, 64, 10]}, direction: east, speed: ${opts.speed ?? 1}}
agents:
  count: 2
  spawn:
    - {name: A, position: [0, 64, 0], inventory: {${opts.tool ?? 'stone_pickaxe'}: 1}, capabilities: {speed_bps: 4}}
    - {name: B, position: [2, 64, 0], inventory: {wooden_axe: 1}, capabilities: {speed_bps: 5}}
environment:
  max_steps: ${opts.maxSteps ?? 200}
  materials:
    grid:
      - {block: ${opts.pile ?? 'cobblestone'}, position: [10, 64, 0], width: ${size}, height: 1, depth: ${size}}
`);
}

describe('mining facts from minecraft-data', () => {
  it('reads tool tiers and required tiers the vanilla way', () => {
    expect(toolTier(registry, 'golden_pickaxe')).toBe(0);
    expect(toolTier(registry, 'iron_axe')).toBe(2);
    expect(toolTier(registry, 'stick')).toBe(-1);
    expect(requiredTier(registry, 'iron_ore')).toBe(1);
    expect(requiredTier(registry, 'obsidian')).toBe(3);
    expect(requiredTier(registry, 'oak_log')).toBe(-1);
  });

  it('mines faster with a better tool and not at all without the right one', () => {
    expect(canMine(registry, 'iron_ore', ['wooden_pickaxe'])).toBe(false);
    expect(canMine(registry, 'iron_ore', ['stone_pickaxe'])).toBe(true);
    expect(mineSeconds(registry, 'stone', ['diamond_pickaxe'])).toBeLessThan(mineSeconds(registry, 'stone', ['wooden_pickaxe']));
    expect(mineSeconds(registry, 'stone', ['diamond_axe'])).toBe(Infinity);
    expect(mineSeconds(registry, 'oak_log', [])).toBeGreaterThan(mineSeconds(registry, 'oak_log', ['iron_axe']));
  });

  it('lets lava burn wooden shelters but not stone ones', () => {
    expect(survivesCrisis(registry, 'oak_planks', 'lava')).toBe(false);
    expect(survivesCrisis(registry, 'cobblestone', 'lava')).toBe(true);
    expect(survivesCrisis(registry, 'oak_planks', 'water')).toBe(true);
  });
});

describe('prepare for a crisis (Appendix C.1)', () => {
  it('keeps a draft with tools, blocks and time to spare', () => {
    const v = verifyTask(crisis(), margins(), registry);
    expect(v.reasons).toEqual([]);
    expect(v.ok).toBe(true);
    // T_crisis = t0 + L / v = 20 + 60 / 1.
    expect(v.estimates.T_crisis).toBe(80);
    // N_required: the survival blocks in the map (one 3x3 pile), at least (H+1)·N_agent = 4.
    expect(v.estimates.N_required).toBe(9);
    expect(v.estimates.N_shelter).toBe(4);
  });

  it('gathers every survival pile in the map (N_required), not only the shelter\'s (H+1)·N_agent blocks', () => {
    const input = (piles: CrisisCheckInput['piles']): CrisisCheckInput => ({
      crisisBlock: 'water',
      height: 1,
      startSeconds: 0,
      areaLength: 200,
      fillBlocksPerSecond: 1,
      buildSite: { x: 0, y: 64, z: 0 },
      agents: [{ name: 'A', position: { x: 0, y: 64, z: 0 }, speedBps: 4, tools: ['stone_pickaxe'] }],
      piles,
      alpha: 2,
    });
    const near = { block: 'cobblestone', position: { x: 4, y: 64, z: 0 }, count: 10 };
    const far = { block: 'stone', position: { x: 20, y: 64, z: 0 }, count: 6 };
    const one = verifyCrisis(registry, input([near]));
    const two = verifyCrisis(registry, input([near, far]));
    // 10 blocks already shelter the one agent; the second pile is still gathered and placed.
    expect(two.estimates.N_required).toBe(16);
    expect(two.estimates.T_construct).toBeCloseTo(0.5 * 16);
    const stone = mineSeconds(registry, 'stone', ['stone_pickaxe']);
    // The walk on from the near pile (16 blocks) and back to the site (20) at 4 blocks/s, less the
    // walk back from the near pile (4), plus mining the far pile.
    expect(two.estimates.T_gather! - one.estimates.T_gather!).toBeCloseTo((16 + 20 - 4) / 4 + 6 * stone);
  });

  it('rejects a draft whose survival block no agent can mine, naming the tool it needs', () => {
    const v = verifyTask(crisis({ pile: 'obsidian' }), margins(), registry);
    expect(v.ok).toBe(false);
    expect(v.reasons.join('\n')).toMatch(/no agent can mine obsidian: it needs diamond_pickaxe/);
  });

  it('rejects too few survival blocks: (H+1)·N_agent', () => {
    const v = verifyTask(crisis({ pileSize: 1 }), margins(), registry);
    expect(v.reasons.join('\n')).toMatch(/too few minable survival blocks: 1 < \(H\+1\)·N_agent = \(1\+1\)·2 = 4/);
  });

  it('does not count wooden piles as a lava shelter', () => {
    const v = verifyTask(crisis({ block: 'lava', pile: 'oak_planks', tool: 'iron_axe' }), margins(), registry);
    expect(v.reasons.join('\n')).toMatch(/no block in the map survives a lava crisis/);
  });

  it('rejects a flood that arrives before the team can gather and build, and α decides how tight', () => {
    const fast = crisis({ start: 3, speed: 5 });
    const strict = verifyTask(fast, margins({ alpha: 2 }), registry);
    expect(strict.ok).toBe(false);
    expect(strict.reasons.join('\n')).toMatch(/not enough preparation time: T_crisis = 15 s < α·/);
    // The same draft passes when the margin is loose enough: α only scales the estimate.
    const need = strict.estimates.T_gather! + strict.estimates.T_construct!;
    expect(verifyTask(fast, margins({ alpha: (15 / need) * 0.99 }), registry).ok).toBe(true);
  });

  it('rejects a crisis that never reaches the build site before the episode ends', () => {
    const v = verifyTask(crisis({ maxSteps: 60 }), margins(), registry);
    expect(v.reasons.join('\n')).toMatch(/the crisis never reaches the build site: it would arrive at 80 s .* the episode ends at 60 s/);
  });
});

function vanishing(opts: { lifetime?: number; count?: number; interval?: number; goal?: number; tool?: string; block?: string } = {}): TaskSpec {
  return load(`
task:
  type: mine_vanishing_blocks
  goal: "mine"
  success: {type: chest_contains, items: [{name: raw_iron, count: ${opts.goal ?? 5}}]}
events:
  - id: iron
    trigger: {start: 0, end: 99, interval: ${opts.interval ?? 10}}
    actions:
      - {type: spawn_blocks, block: ${opts.block ?? 'iron_ore'}, count: ${opts.count ?? 2}, area: {center: [20, 64, 0], radius: 3}, lifetime: ${opts.lifetime ?? 30}}
agents:
  spawn:
    - {name: A, position: [0, 64, 0], inventory: {${opts.tool ?? 'stone_pickaxe'}: 1}, capabilities: {speed_bps: 4}}
environment: {max_steps: 100, chest: {position: [0, 64, -2]}}
`);
}

describe('mine vanishing blocks (Appendix C.2)', () => {
  it('keeps a draft whose blocks live long enough and spawn often enough', () => {
    const v = verifyTask(vanishing(), margins(), registry);
    expect(v.reasons).toEqual([]);
    // 10 firings (steps 0, 10, …, 90) of 2 blocks.
    expect(v.estimates.N_spawn_iron_ore).toBe(20);
  });

  it('checks the tool tier against the block', () => {
    expect(verifyTask(vanishing({ tool: 'wooden_pickaxe' }), margins(), registry).reasons.join('\n')).toMatch(/no agent can mine iron_ore/);
  });

  it('rejects lifetimes shorter than β1 × (walk + mine)', () => {
    // Walk: 20 blocks + 2/3 · radius 3 = 22 blocks at 4 b/s = 5.5 s, plus mining; β1 = 2 needs > 11 s.
    const v = verifyTask(vanishing({ lifetime: 8 }), margins(), registry);
    expect(v.reasons.join('\n')).toMatch(/iron_ore vanishes too soon: β1·min\(T_move \+ T_mine\) = 2·[0-9.]+ = [0-9.]+ s > T_life = 8 s/);
    expect(verifyTask(vanishing({ lifetime: 8 }), margins({ beta1: 1 }), registry).ok).toBe(true);
  });

  it('rejects supply below β2 × quota', () => {
    const v = verifyTask(vanishing({ goal: 25 }), margins({ beta2: 1 }), registry);
    expect(v.reasons.join('\n')).toMatch(/too few iron_ore spawn: N_spawn = 20 < β2·N_goal = 1·25 = 25/);
    // The default β₂ is the paper's 2.0: 20 spawns no longer cover a quota of 15.
    expect(verifyTask(vanishing({ goal: 15 }), margins(), registry).reasons.join('\n')).toMatch(/N_spawn = 20 < β2·N_goal = 2·15 = 30/);
    expect(verifyTask(vanishing({ goal: 15 }), margins({ beta2: 1.5 }), registry).reasons.join('\n')).toMatch(/N_spawn = 20 < β2·N_goal = 1.5·15 = 22.5/);
  });

  it('rejects a quota for a block nothing spawns', () => {
    expect(verifyTask(vanishing({ block: 'gold_ore', tool: 'iron_pickaxe' }), margins(), registry).reasons.join('\n')).toMatch(/nothing spawns raw_iron/);
  });
});

function raid(opts: { weapon?: string; maxSteps?: number; bossHp?: number } = {}): TaskSpec {
  return load(`
task: {type: raid_boss, goal: "defeat the boss"}
events:
  - id: boss
    trigger: {start: 0, end: 100, interval: 10}
    actions:
      - {type: spawn_boss, mob: zombie, name: Boss, position: [0, 64, 20], health: ${opts.bossHp ?? 200}, damage: 6, minions: [{mob: zombie, count: 2, health: 20}]}
agents:
  spawn:
    - {name: A, position: [0, 64, 0], inventory: {${opts.weapon ?? 'iron_sword'}: 1}}
    - {name: B, position: [2, 64, 0], inventory: {${opts.weapon ?? 'iron_sword'}: 1}}
environment: {max_steps: ${opts.maxSteps ?? 100}}
`);
}

describe('raid a boss (Appendix C.3)', () => {
  it('compares the team damage over the episode with every enemy HP', () => {
    const v = verifyTask(raid(), margins(), registry);
    expect(v.ok).toBe(true);
    // Boss 200 + 9 minion waves (10 firings, the first brings the boss) × 2 × 20 HP.
    expect(v.estimates.enemy_hp).toBe(560);
    // Two iron swords: 6 damage × 1.6 attacks/s each, over 100 s.
    expect(v.estimates.damage_capacity).toBeCloseTo(1920, 6);
  });

  it('rejects a team that cannot deal γ times the enemy HP in time', () => {
    const v = verifyTask(raid({ weapon: 'wooden_hoe', maxSteps: 100, bossHp: 2000 }), margins(), registry);
    expect(v.ok).toBe(false);
    expect(v.reasons.join('\n')).toMatch(/not enough damage: T_max·ΣD = 100·[0-9.]+ = [0-9.]+ < γ·\(HP_B \+ ΣN·HP_M\) = 2·2360 = 4720/);
  });
});
