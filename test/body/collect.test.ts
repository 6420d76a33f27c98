import { describe, expect, it } from 'vitest';
import { SkillExecutor } from '../../src/skills/skill-executor.js';
import { simSkill } from '../../src/env/sim/skills/registry.js';
import { joinPlayer, World } from '../../src/world/index.js';
import { agent, fill, flatWorld, GROUND, run } from './harness.js';

/** Three oak trunks, 4 logs each, with a leaf on top. */
function grove(w: World): void {
  for (const [x, z] of [[4, 3], [-3, 6], [2, -5]] as const) {
    fill(w, { x, y: GROUND, z }, { x, y: GROUND + 3, z }, 'oak_log');
    w.setBlock({ x, y: GROUND + 4, z }, 'oak_leaves');
  }
}

describe('collect and findBlocks', () => {
  it('does not count a block another agent dug first: two agents race for one log', () => {
    const w = flatWorld();
    w.setBlock({ x: 3, y: GROUND, z: 0 }, 'oak_log');
    const a = agent(w, 'alex', 0, 0);
    const b = agent(w, 'bea', 6, 0);
    a.exec.start('collect', { block: 'oak_log', count: 1, maxDistance: 6 });
    b.exec.start('collect', { block: 'oak_log', count: 1, maxDistance: 6 });
    const results = new Map<string, { ok: boolean; collected?: number }>();
    for (let t = 0; t < 4000 && results.size < 2; t++) {
      for (const [name, x] of [['alex', a], ['bea', b]] as const) {
        const done = x.exec.tick();
        if (done) results.set(name, done.result as { ok: boolean; collected?: number });
      }
      w.step();
    }
    const logs = a.player.inventory.count('oak_log') + b.player.inventory.count('oak_log');
    expect(logs).toBe(1);
    const winners = [...results.values()].filter((r) => r.ok && r.collected === 1);
    expect(winners).toHaveLength(1);
  });

  it('collects 10 oak logs from trees in sight and picks up the drops', () => {
    const w = flatWorld();
    grove(w);
    const a = agent(w, 'alex', 0, 0);
    const done = run(w, a, 'collect', { block: 'oak_log', count: 10 }, 6000);
    expect(done.result).toMatchObject({ ok: true, collected: 10, drops: [{ name: 'oak_log', count: 10 }] });
    expect(a.player.inventory.count('oak_log')).toBe(10);
    // Bare-hand oak log: hardness 2 -> 60 ticks each; 10 logs cannot take less than 600 ticks.
    expect(done.ticks).toBeGreaterThan(600);
  });

  it('collects 10 oak logs from a natural forest, tall trunks and leaves included', () => {
    const w = new World({ seed: 'logs', terrain: { type: 'natural' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 6000 });
    // Stand three blocks beside the first trunk found on a ring search around the origin.
    let near: { x: number; z: number } | null = null;
    search: for (let r = 0; r < 200; r += 4) {
      for (let x = -r; x <= r; x += 4) {
        for (const z of [-r, r]) {
          for (let y = 140; y > 50; y--) if (w.blockAt({ x, y, z }) === 'oak_log') { near = { x: x + 3, z }; break search; }
        }
      }
    }
    if (!near) throw new Error('seed "logs" has no oak near the origin any more; pick another seed');
    let y = 160;
    while (!w.isSolid(near.x, y - 1, near.z)) y--;
    const player = joinPlayer(w, 'alex', { x: near.x + 0.5, y, z: near.z + 0.5 });
    const a = { player, exec: new SkillExecutor(w, player, simSkill) };
    const done = run(w, a, 'collect', { block: 'oak_log', count: 10 }, 8000);
    expect(done.result).toMatchObject({ ok: true, collected: 10 });
    expect(player.inventory.count('oak_log')).toBeGreaterThanOrEqual(10);
  });

  it('a pre-empted collect stops digging and walking', () => {
    const w = flatWorld();
    grove(w);
    const a = agent(w, 'alex', 0, 0);
    a.exec.start('collect', { block: 'oak_log', count: 3 });
    let t = 0;
    for (; t < 400 && !a.player.digging; t++) {
      a.exec.tick();
      w.step();
    }
    expect(a.player.digging).not.toBeNull();
    a.exec.start('wait', { ticks: 100 });
    expect(a.exec.takeFinished()[0]?.result).toMatchObject({ ok: false, reason: 'preempted' });
    expect(a.player.digging).toBeNull();
    expect(a.player.controls.forward).toBe(0);
    const logs = [4, -3, 2].length * 4;
    let left = 0;
    for (let i = 0; i < 60; i++) {
      a.exec.tick();
      w.step();
    }
    for (const [x, z] of [[4, 3], [-3, 6], [2, -5]] as const) for (let y = GROUND; y < GROUND + 4; y++) if (w.blockAt({ x, y, z }) === 'oak_log') left++;
    expect(left).toBe(logs); // nothing broke after the pre-emption
  });

  it('stops with inventory_full when the drops no longer fit', () => {
    const w = flatWorld();
    grove(w);
    const a = agent(w, 'alex', 0, 0);
    for (let i = 0; i < 36; i++) a.player.inventory.slots[i] = { name: 'dirt', count: 64 };
    const done = run(w, a, 'collect', { block: 'oak_log', count: 2 }, 2000);
    expect(done.result).toMatchObject({ ok: false, reason: 'inventory_full' });
    if (!done.result.ok) expect(done.result.details).toMatch(/oak_log/);
  });

  it('fails with cannot_harvest for stone without a pickaxe and digs with the best tool when it has one', () => {
    const w = flatWorld();
    fill(w, { x: 3, y: GROUND, z: 0 }, { x: 3, y: GROUND, z: 0 }, 'stone');
    const a = agent(w, 'alex', 0, 0, { dirt: 5 });
    const bare = run(w, a, 'collect', { block: 'stone', count: 1 });
    expect(bare.result).toMatchObject({ ok: false, reason: 'cannot_harvest' });
    if (!bare.result.ok) expect(bare.result.details).toMatch(/wooden_pickaxe/);
    a.player.inventory.add({ name: 'wooden_pickaxe', count: 1 });
    const done = run(w, a, 'collect', { block: 'stone', count: 1 });
    expect(done.result).toMatchObject({ ok: true, collected: 1, drops: [{ name: 'cobblestone', count: 1 }] });
    expect(a.player.inventory.held?.name).toBe('wooden_pickaxe');
  });

  it('findBlocks sees only what is in line of sight; the oracle sees through walls', () => {
    const w = flatWorld();
    fill(w, { x: 5, y: GROUND, z: -1 }, { x: 7, y: GROUND + 2, z: 1 }, 'stone');
    w.setBlock({ x: 6, y: GROUND, z: 0 }, 'gold_block'); // buried in the stone
    w.setBlock({ x: -4, y: GROUND, z: 0 }, 'gold_block'); // in the open
    const a = agent(w, 'alex', 0, 0);
    const seen = run(w, a, 'findBlocks', { block: 'gold_block' });
    expect(seen.result).toEqual({ ok: true, positions: [{ x: -4, y: GROUND, z: 0 }] });
    const oracle = agent(w, 'oracle', 0, 2, {}, true);
    const all = run(w, oracle, 'findBlocks', { block: 'gold_block' });
    expect(all.result.ok && (all.result as unknown as { positions: unknown[] }).positions).toHaveLength(2);
    const typo = run(w, a, 'findBlocks', { block: 'gold_blok' });
    expect(typo.result).toMatchObject({ ok: false, reason: 'unknown_block' });
  });

  it('collect scouts when nothing is in sight and reports not_found honestly', () => {
    const w = flatWorld();
    w.setBlock({ x: 0, y: GROUND, z: -50 }, 'oak_log'); // beyond the 32-block perception range
    const a = agent(w, 'alex', 0, 0);
    const done = run(w, a, 'collect', { block: 'oak_log', count: 1, maxDistance: 64 }, 6000);
    expect(done.result).toMatchObject({ ok: true, collected: 1 });
    const none = run(w, a, 'collect', { block: 'birch_log', count: 1, maxDistance: 16 }, 6000);
    expect(none.result).toMatchObject({ ok: false, reason: 'not_found' });
  });
});
