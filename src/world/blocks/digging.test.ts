import { describe, expect, it } from 'vitest';
import type { WorldEvent } from '../events.js';
import { Registry } from '../registry.js';
import { digTicks, startDigging, stopDigging } from './digging.js';
import { flatWorld, standingPlayer } from './test-helpers.js';

const reg = Registry.get('1.20.4');
const ground = { onGround: true, inWater: false };

describe('digTicks (Minecraft Wiki "Breaking", breaking-time table)', () => {
  it('matches the wiki figures', () => {
    expect(digTicks(reg, 'stone', 'wooden_pickaxe', ground)).toBe(23); // 1.15 s
    expect(digTicks(reg, 'oak_log', null, ground)).toBe(60); // 3 s
    expect(digTicks(reg, 'dirt', null, ground)).toBe(15); // 0.75 s
    expect(digTicks(reg, 'obsidian', 'diamond_pickaxe', ground)).toBe(188); // 9.4 s
    expect(digTicks(reg, 'stone', null, ground)).toBe(150); // 7.5 s, no harvest
    expect(digTicks(reg, 'diamond_ore', 'stone_pickaxe', ground)).toBe(75); // 4 / 3 / 100 per tick: 3.75 s, no drop
    expect(digTicks(reg, 'diamond_ore', 'iron_pickaxe', ground)).toBe(15); // 0.75 s
  });

  it('is 5x slower in the air and under water, and Haste/Fatigue scale it', () => {
    expect(digTicks(reg, 'dirt', null, { onGround: false, inWater: false })).toBe(75);
    expect(digTicks(reg, 'dirt', null, { onGround: true, inWater: true })).toBe(75);
    expect(digTicks(reg, 'dirt', null, { ...ground, hasteAmplifier: 1 })).toBe(11); // x1.4
    expect(digTicks(reg, 'dirt', null, { ...ground, miningFatigueAmplifier: 0 })).toBe(50); // x0.3
  });

  it('breaks instant blocks in one tick and refuses unbreakable ones', () => {
    expect(digTicks(reg, 'short_grass', null, ground)).toBe(1);
    expect(digTicks(reg, 'oak_leaves', 'shears', ground)).toBe(1); // 15 / 0.2 / 30 > 1
    expect(digTicks(reg, 'bedrock', 'netherite_pickaxe', ground)).toBeNull();
  });
});

describe('digging in the world', () => {
  const brokenEvents = (events: WorldEvent[]) => events.filter((e) => e.type === 'block_broken');

  it('digs stone with a wooden pickaxe in 23 ticks and drops cobblestone', () => {
    const w = flatWorld();
    const p = standingPlayer(w, 'wooden_pickaxe');
    const pos = { x: 1, y: -60, z: 0 };
    w.setBlock(pos, 'stone');
    w.takeEvents();
    const r = startDigging(w, p, pos);
    expect(r).toMatchObject({ ok: true, block: 'stone', ticksNeeded: 23, willDrop: true });
    w.run(22);
    expect(w.blockAt(pos)).toBe('stone');
    w.run(1);
    expect(w.blockAt(pos)).toBe('air');
    const ev = brokenEvents(w.takeEvents());
    expect(ev).toEqual([expect.objectContaining({ by: p.id, block: 'stone', drops: [{ name: 'cobblestone', count: 1 }] })]);
    expect([...w.items()].map((i) => i.stack)).toEqual([{ name: 'cobblestone', count: 1 }]);
    expect(p.inventory.held).toEqual({ name: 'wooden_pickaxe', count: 1, damage: 1 });
    expect(p.digging).toBeNull();
  });

  it('stone by hand drops nothing; diamond ore needs an iron pickaxe', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    const pos = { x: 1, y: -60, z: 0 };
    w.setBlock(pos, 'stone');
    startDigging(w, p, pos);
    w.run(150);
    expect(w.blockAt(pos)).toBe('air');
    expect(w.takeEvents().find((e) => e.type === 'block_broken')).toMatchObject({ drops: [] });

    p.inventory.slots[0] = { name: 'stone_pickaxe', count: 1 };
    w.setBlock(pos, 'diamond_ore');
    expect(startDigging(w, p, pos)).toMatchObject({ ok: true, ticksNeeded: 75, willDrop: false });
    w.run(75);
    expect(w.takeEvents().find((e) => e.type === 'block_broken')).toMatchObject({ block: 'diamond_ore', drops: [] });

    p.inventory.slots[0] = { name: 'iron_pickaxe', count: 1 };
    w.setBlock(pos, 'diamond_ore');
    expect(startDigging(w, p, pos)).toMatchObject({ ok: true, ticksNeeded: 15, willDrop: true });
    w.run(15);
    expect(w.takeEvents().find((e) => e.type === 'block_broken')).toMatchObject({ drops: [{ name: 'diamond', count: 1 }] });
  });

  it('digs five times slower while in the air', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    const pos = { x: 1, y: -59, z: 0 };
    w.setBlock(pos, 'dirt');
    // Hover: a stone ceiling cannot hold the player, so freeze it mid-air by cancelling gravity each tick.
    p.pos.y = -59;
    const hold = () => { p.pos.y = -59; p.vel.y = 0; p.onGround = false; };
    hold();
    startDigging(w, p, pos);
    let ticks = 0;
    while (w.blockAt(pos) === 'dirt' && ticks < 200) { w.step(); hold(); ticks++; }
    expect(ticks).toBe(75);
  });

  it('cancels when the player turns away from reach, switches item or the block changes', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    const pos = { x: 1, y: -60, z: 0 };
    w.setBlock(pos, 'dirt');
    startDigging(w, p, pos);
    w.run(3);
    p.inventory.slots[0] = { name: 'stick', count: 1 };
    w.step();
    expect(p.digging).toBeNull();
    startDigging(w, p, pos);
    w.setBlock(pos, 'stone');
    w.step();
    expect(p.digging).toBeNull();
    startDigging(w, p, pos);
    p.pos.x = 7.5;
    w.step();
    expect(p.digging).toBeNull();
    expect(w.blockAt(pos)).toBe('stone');
    expect(startDigging(w, p, pos)).toMatchObject({ ok: false, reason: 'too_far' });
    p.pos.x = 0.5;
    expect(startDigging(w, p, { x: 0, y: -64, z: 0 })).toMatchObject({ ok: false, reason: 'too_far' });
    expect(startDigging(w, p, { x: 1, y: -59, z: 0 })).toMatchObject({ ok: false, reason: 'nothing_to_dig' });
    expect(stopDigging(w, p)).toBe(false);
  });

  it('reads Haste from the player\'s effects', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    p.effects.set('Haste', { name: 'Haste', amplifier: 1, ticksLeft: 1000 });
    w.setBlock({ x: 1, y: -60, z: 0 }, 'dirt');
    expect(startDigging(w, p, { x: 1, y: -60, z: 0 })).toMatchObject({ ok: true, ticksNeeded: 11 }); // 15 / 1.4
  });

  it('refuses bedrock', () => {
    const w = flatWorld();
    const p = standingPlayer(w, 'netherite_pickaxe');
    w.setBlock({ x: 1, y: -60, z: 0 }, 'bedrock');
    expect(startDigging(w, p, { x: 1, y: -60, z: 0 })).toMatchObject({ ok: false, reason: 'unbreakable' });
  });

  it('instant blocks still take one tick and flag the dig activity', () => {
    const w = flatWorld();
    const p = standingPlayer(w);
    const pos = { x: 1, y: -60, z: 0 };
    w.setBlock(pos, 'short_grass');
    expect(startDigging(w, p, pos)).toMatchObject({ ok: true, ticksNeeded: 1 });
    expect(w.blockAt(pos)).toBe('short_grass');
    let flagged = false;
    w.on('block_broken', () => { flagged = p.activity.dugBlock; });
    w.step();
    expect(w.blockAt(pos)).toBe('air');
    expect(flagged).toBe(true);
  });

  it('a wooden pickaxe breaks after 59 blocks (durability 59) with tool_broken', () => {
    const w = flatWorld();
    const p = standingPlayer(w, 'wooden_pickaxe');
    const pos = { x: 1, y: -60, z: 0 };
    let broken = 0;
    for (let i = 0; i < 59; i++) {
      w.setBlock(pos, 'stone');
      expect(startDigging(w, p, pos).ok).toBe(true);
      w.run(23);
      expect(w.blockAt(pos)).toBe('air');
      broken++;
      if (i < 58) expect(p.inventory.held?.damage).toBe(i + 1);
    }
    expect(broken).toBe(59);
    expect(p.inventory.held).toBeNull();
    const events = w.takeEvents();
    expect(events.filter((e) => e.type === 'tool_broken')).toEqual([expect.objectContaining({ by: p.id, item: 'wooden_pickaxe' })]);
  });

  it('a sword wears by 2 per block', () => {
    const w = flatWorld();
    const p = standingPlayer(w, 'iron_sword');
    const pos = { x: 1, y: -60, z: 0 };
    w.setBlock(pos, 'dirt');
    startDigging(w, p, pos);
    w.run(15);
    expect(w.blockAt(pos)).toBe('air');
    expect(p.inventory.held?.damage).toBe(2);
  });

  it('is deterministic: the same seed gives the same drops and events', () => {
    const trace = () => {
      const w = flatWorld();
      const p = standingPlayer(w, 'iron_shovel');
      const pos = { x: 1, y: -60, z: 0 };
      for (let i = 0; i < 60; i++) {
        w.setBlock(pos, 'gravel');
        startDigging(w, p, pos);
        w.run(3);
      }
      return JSON.stringify(w.takeEvents());
    };
    const a = trace();
    expect(a.match(/"type":"block_broken"/g)).toHaveLength(60);
    expect(a).toContain('"name":"flint"');
    expect(trace()).toBe(a);
  });
});
