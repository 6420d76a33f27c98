/** The vanilla command lines the orchestrator sends, and the scenario ↔ server coordinate frame. */
import { describe, expect, it } from 'vitest';
import * as cmd from '../../src/env/minecraft/commands.js';
import { Frame } from '../../src/env/minecraft/frame.js';
import { GuildcraftError } from '../../src/core/errors.js';

describe('vanilla commands', () => {
  it('namespaces ids and writes block coordinates as integers', () => {
    expect(cmd.setblockCommand({ x: 1.7, y: -60, z: -2.2 }, 'oak_log')).toBe('setblock 1 -60 -3 minecraft:oak_log');
    expect(cmd.giveCommand('alice', 'minecraft:bread', 3)).toBe('give alice minecraft:bread 3');
    // A task's item extras ride along as the item's NBT tag.
    expect(cmd.giveCommand('alice', 'potion', 2, { potion: 'healing' })).toBe('give alice minecraft:potion{Potion:"minecraft:healing"} 2');
    expect(cmd.giveCommand('alice', 'diamond_pickaxe', 1, { unbreakable: true })).toBe('give alice minecraft:diamond_pickaxe{Unbreakable:1b} 1');
    expect(cmd.teleportCommand('bob', { x: 4.5, y: 5, z: 0.5 })).toBe('tp bob 4.5 5.0 0.5');
  });

  it('splits fills above the vanilla volume limit and keeps replace filters', () => {
    expect(cmd.fillCommands({ x: 0, y: 0, z: 0 }, { x: 2, y: 1, z: 2 }, 'stone')).toEqual(['fill 0 0 0 2 1 2 minecraft:stone']);
    const big = cmd.fillCommands({ x: 0, y: 0, z: 0 }, { x: 99, y: 9, z: 99 }, 'air', ['water']);
    expect(big.length).toBeGreaterThan(1);
    let volume = 0;
    for (const line of big) {
      const [x1, y1, z1, x2, y2, z2] = line.split(' ').slice(1, 7).map(Number) as [number, number, number, number, number, number];
      const v = (x2 - x1 + 1) * (y2 - y1 + 1) * (z2 - z1 + 1);
      expect(v).toBeLessThanOrEqual(cmd.MAX_FILL_VOLUME);
      expect(line.endsWith('replace minecraft:water')).toBe(true);
      volume += v;
    }
    expect(volume).toBe(100 * 10 * 100);
  });

  it('writes summon NBT for persistence, tags, health and a name', () => {
    expect(cmd.summonCommand('zombie', { x: 4.5, y: 5, z: 0.5 }, { persistent: true, tags: ['boss', 'gc_1'], health: 40, customName: 'Big Z' })).toBe(
      'summon minecraft:zombie 4.5 5.0 0.5 {PersistenceRequired:1b,Tags:["boss","gc_1"],Health:40.0f,CustomName:"{\\"text\\":\\"Big Z\\"}"}',
    );
  });

  it('gives episode-long effects the longest duration every version accepts', () => {
    expect(cmd.effectCommand('a', 'fire_resistance', null)).toBe(`effect give a minecraft:fire_resistance ${cmd.LONG_EFFECT_SECONDS} 0 true`);
    expect(cmd.effectCommand('a', 'speed', 30, 1)).toBe('effect give a minecraft:speed 2 1 true');
  });

  it('rejects names that would inject another command', () => {
    expect(() => cmd.giveCommand('a; op me', 'bread', 1)).toThrow(GuildcraftError);
    expect(() => cmd.setblockCommand({ x: 0, y: 0, z: 0 }, 'stone run say hi')).toThrow(GuildcraftError);
    expect(() => cmd.gameruleCommand('doDaylightCycle false\nop x', true)).toThrow(GuildcraftError);
  });

  it('fills chests slot by slot in stacks of 64', () => {
    expect(cmd.chestItemsCommand({ x: 1, y: 2, z: 3 }, [{ name: 'cobblestone', count: 70 }, { name: 'apple', count: 1 }])).toBe(
      'data merge block 1 2 3 {Items:[{Slot:0b,id:"minecraft:cobblestone",Count:64b},{Slot:1b,id:"minecraft:cobblestone",Count:6b},{Slot:2b,id:"minecraft:apple",Count:1b}]}',
    );
  });
});

describe('frame', () => {
  const frame = new Frame({ x: 100, y: 65, z: -20 });

  it('shifts every position in parameters and results, and nothing else', () => {
    const params = { positions: [{ x: 1, y: -60, z: 2 }], range: 3, blocks: [{ dx: 1, dy: 0, dz: 0, block: 'stone' }] };
    expect(frame.mapPositions(params, 'toServer')).toEqual({ positions: [{ x: 101, y: 5, z: -18 }], range: 3, blocks: [{ dx: 1, dy: 0, dz: 0, block: 'stone' }] });
    const result = { ok: true, pos: { x: 101.5, y: 5, z: -17.5 }, entities: [{ id: 3, pos: { x: 100, y: 5, z: -20 }, distance: 2 }] };
    expect(frame.mapPositions(result, 'toScenario')).toEqual({ ok: true, pos: { x: 1.5, y: -60, z: 2.5 }, entities: [{ id: 3, pos: { x: 0, y: -60, z: 0 }, distance: 2 }] });
    // Top-level x/y/z (moveTo, place) are a position too.
    expect(frame.mapPositions({ block: 'stone', x: 0, y: 0, z: 0 }, 'toServer')).toEqual({ block: 'stone', x: 100, y: 65, z: -20 });
  });

  it('refuses an origin off the block grid', () => {
    expect(() => new Frame({ x: 0.5, y: 0, z: 0 })).toThrow(GuildcraftError);
  });
});
