/**
 * Senses cannot be read around through skills (issue 21, item 1). Every skill that takes a position
 * or an entity id is run against a target the agent cannot know — a *remote* one (far beyond the
 * perception range, up in the air where no walk reaches) and a *hidden* one (in range, but sealed
 * inside bedrock, out of sight and out of reach) — in two worlds that differ only in what that
 * target is. The agent's answer must be the same in both (reason, text and the ticks it took), and
 * must not name the secret. Anything else would let an agent's code probe the world at any distance.
 */
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../src/core/vec3.js';
import { containerContents, spawnMob, type World } from '../../src/world/index.js';
import { agent, fill, flatWorld, GROUND, run } from '../body/harness.js';

/** Far beyond the 32-block perception range and 30 blocks up: no walk gets within reach. */
const REMOTE: Vec3 = { x: 80, y: GROUND + 30, z: 0 };
/** Within range, at the centre of a 7×7×7 bedrock cube: no line of sight, no way to dig in. */
const HIDDEN: Vec3 = { x: 12, y: GROUND + 3, z: 0 };

function sealInBedrock(w: World, centre: Vec3): void {
  fill(w, { x: centre.x - 3, y: centre.y - 3, z: centre.z - 3 }, { x: centre.x + 3, y: centre.y + 3, z: centre.z + 3 }, 'bedrock');
}

/** Puts something at the target; an entity's id when it spawned one. */
type Secret = (w: World, target: Vec3) => number | void;

interface Probe {
  skill: string;
  params: (target: Vec3, ids: { target: number }) => unknown;
  /** What the target is in the world with the secret, and in the world without it. */
  secret: Secret;
  decoy: Secret;
  /** Words that must not appear in any answer (the secret's block, item or entity names). */
  words: RegExp;
  items?: Record<string, number>;
}

const block = (name: string): Secret => (w, t) => w.setBlock(t, name);
const chestWith = (items: Record<string, number>): Secret => (w, t) => {
  w.setBlock(t, 'chest');
  const c = containerContents(w, t);
  if (!c) throw new Error('test setup: no chest');
  Object.assign(c, items);
};
const mob = (type: string): Secret => (w, t) => spawnMob(w, type, { x: t.x + 0.5, y: t.y, z: t.z + 0.5 }, { persistent: true }).id;

const PROBES: Record<string, Probe> = {
  'getFromChest, a block that is no chest': {
    skill: 'getFromChest', params: (t) => ({ chest: t, items: [{ name: 'diamond' }] }),
    secret: block('emerald_ore'), decoy: chestWith({ diamond: 3 }), words: /emerald|diamond_ore|chest holds|it holds/,
  },
  'getFromChest, a chest short of the item': {
    skill: 'getFromChest', params: (t) => ({ chest: t, items: [{ name: 'gold_ingot' }] }),
    secret: chestWith({ diamond: 3 }), decoy: block('stone'), words: /diamond|stone/,
  },
  'depositToChest': {
    skill: 'depositToChest', params: (t) => ({ chest: t, items: [{ name: 'stick', count: 1 }] }), items: { stick: 4 },
    secret: block('emerald_ore'), decoy: chestWith({}), words: /emerald/,
  },
  'place, the block already there': {
    skill: 'place', params: (t) => ({ block: 'oak_planks', ...t }), items: { oak_planks: 1 },
    secret: block('oak_planks'), decoy: block('air'), words: /already holds/,
  },
  'place, a block in the way': {
    skill: 'place', params: (t) => ({ block: 'oak_planks', ...t }), items: { oak_planks: 1 },
    secret: block('emerald_ore'), decoy: block('air'), words: /emerald/,
  },
  'useItem on a target': {
    skill: 'useItem', params: (t) => ({ item: 'oak_planks', target: t }), items: { oak_planks: 1 },
    secret: block('emerald_ore'), decoy: block('air'), words: /emerald/,
  },
  'mineBlocks, a block that needs a better tool': {
    skill: 'mineBlocks', params: (t) => ({ positions: [t] }), items: { wooden_pickaxe: 1 },
    secret: block('emerald_ore'), decoy: block('stone'), words: /emerald|iron_pickaxe/,
  },
  'mineBlocks, an unbreakable block': {
    skill: 'mineBlocks', params: (t) => ({ positions: [t] }),
    secret: block('end_portal_frame'), decoy: block('air'), words: /end_portal_frame|cannot be broken/,
  },
  'buildBlueprint, the block already there': {
    skill: 'buildBlueprint', params: (t) => ({ origin: t, blocks: [{ dx: 0, dy: 0, dz: 0, block: 'oak_planks' }] }), items: { oak_planks: 1 },
    secret: block('oak_planks'), decoy: block('air'), words: /skipped/,
  },
  'buildFloor, the block already there': {
    skill: 'buildFloor', params: (t) => ({ block: 'oak_planks', center: t, width: 1, depth: 1 }),
    secret: block('oak_planks'), decoy: block('air'), words: /skipped/,
  },
  'attack by id': {
    skill: 'attack', params: (_t, ids) => ({ id: ids.target, timeoutTicks: 100 }),
    secret: mob('spider'), decoy: mob('cow'), words: /spider|cow|mob/,
  },
};

/** Runs `probe` in a world where the target holds `what`; the answer and how long it took. */
function answer(probe: Probe, where: 'remote' | 'hidden', what: Secret): { result: unknown; ticks: number } {
  const w = flatWorld();
  const target = where === 'remote' ? REMOTE : HIDDEN;
  if (where === 'hidden') sealInBedrock(w, target);
  const a = agent(w, 'alex', 0, 0, probe.items ?? {});
  // An entity target gets the same id in both worlds (same seed, same order of spawns).
  const ids = { target: what(w, target) ?? -1 };
  const done = run(w, a, probe.skill, probe.params(target, ids), 6000);
  return { result: done.result, ticks: done.ticks };
}

describe('skills tell only what the senses allow', () => {
  for (const [name, probe] of Object.entries(PROBES)) {
    for (const where of ['remote', 'hidden'] as const) {
      it(`${name}: a ${where} target answers the same whatever it is`, () => {
        const withSecret = answer(probe, where, probe.secret);
        const withDecoy = answer(probe, where, probe.decoy);
        expect(withSecret.result).toMatchObject({ ok: false });
        expect(JSON.stringify(withSecret.result)).not.toMatch(probe.words);
        expect(withSecret).toEqual(withDecoy);
      });
    }
  }

  it('an entity id that does not exist answers like one out of sight', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0);
    const far = spawnMob(w, 'spider', { x: 80.5, y: GROUND, z: 0.5 }, { persistent: true });
    const unseen = run(w, a, 'attack', { id: far.id, timeoutTicks: 100 }).result;
    const absent = run(w, a, 'attack', { id: 999_999, timeoutTicks: 100 }).result;
    expect(unseen).toMatchObject({ ok: false, reason: 'not_visible' });
    expect(absent).toMatchObject({ ok: false, reason: 'not_visible' });
    if (!unseen.ok && !absent.ok) expect(unseen.details.replace(String(far.id), 'ID')).toBe(absent.details.replace('999999', 'ID'));
  });

  it('a walk that finds no way says nothing of the terrain it searched out of sight', () => {
    // Shut in a stone room with a corridor that turns out of sight after two blocks; the two worlds
    // differ only in how far the corridor goes on behind the bend.
    const walled = (corridor: number): unknown => {
      const w = flatWorld();
      fill(w, { x: -2, y: GROUND, z: -(corridor + 2) }, { x: 4, y: GROUND + 3, z: 2 }, 'stone');
      fill(w, { x: -1, y: GROUND, z: -1 }, { x: 1, y: GROUND + 1, z: 1 }, 'air');
      fill(w, { x: 2, y: GROUND, z: -1 }, { x: 3, y: GROUND + 1, z: -1 }, 'air');
      fill(w, { x: 3, y: GROUND, z: -(corridor + 1) }, { x: 3, y: GROUND + 1, z: -1 }, 'air');
      const a = agent(w, 'alex', 0, 0);
      const done = run(w, a, 'getFromChest', { chest: { x: 80, y: GROUND, z: 0 }, items: [{ name: 'diamond' }] });
      return { result: done.result, ticks: done.ticks };
    };
    const short = walled(3);
    expect(short).toMatchObject({ result: { ok: false, reason: 'no_path' } });
    expect(walled(30)).toEqual(short);
  });

  it('a whisper out of earshot does not say how far the listener is', () => {
    const said = (x: number): unknown => {
      const w = flatWorld();
      const a = agent(w, 'alex', 0, 0);
      agent(w, 'ben', x, 0);
      return run(w, a, 'say', { to: 'ben', message: 'where are you?' }).result;
    };
    expect(said(100)).toMatchObject({ ok: false, reason: 'not_heard' });
    expect(said(100)).toEqual(said(300));
  });

  it('what the agent sees or reaches is still named', () => {
    const w = flatWorld();
    const a = agent(w, 'alex', 0, 0, { oak_planks: 1 });
    const near = { x: 4, y: GROUND, z: 0 };
    w.setBlock(near, 'emerald_ore');
    const r = run(w, a, 'getFromChest', { chest: near, items: [{ name: 'diamond' }] }).result;
    expect(r).toMatchObject({ ok: false, reason: 'not_a_container' });
    if (!r.ok) expect(r.details).toMatch(/emerald_ore/);
    const p = run(w, a, 'place', { block: 'oak_planks', ...near }).result;
    expect(p).toMatchObject({ ok: false, reason: 'occupied' });
    if (!p.ok) expect(p.details).toMatch(/emerald_ore/);
  });
});
