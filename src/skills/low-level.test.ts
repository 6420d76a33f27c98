import { describe, expect, it } from 'vitest';
import { lowLevelActionSchema, type LowLevelAction } from '../core/actions.js';
import { SHIELD_DISABLE_TICKS, World, applyDamage, attack, isBlocking, joinPlayer, raisedShield, spawnMob } from '../world/index.js';
import { applyLowLevel, blockInCrosshair, entityInCrosshair, heldKeys, releaseKeys, turnedLook } from './low-level.js';

const Y = -60;
const act = (a: Partial<LowLevelAction>): LowLevelAction => lowLevelActionSchema.parse({ type: 'low_level', ...a });

function setup() {
  const world = new World({ seed: 2, terrain: { type: 'flat' }, difficulty: 'easy', timeOfDay: 18000, gamerules: { doMobSpawning: false, doDaylightCycle: false } });
  const player = joinPlayer(world, 'rl', { x: 0.5, y: Y, z: 0.5 });
  /** Holds `a` for n ticks like the env does: one-shot parts on the first tick only. */
  const hold = (a: LowLevelAction, n: number) => {
    const first = applyLowLevel(world, player, a, true);
    world.step();
    for (let i = 1; i < n; i++) {
      applyLowLevel(world, player, a, false);
      world.step();
    }
    return first;
  };
  return { world, player, hold };
}

describe('low-level actions', () => {
  it('holding attack on a block breaks it over vanilla dig time; letting go loses the progress', () => {
    const { world, player, hold } = setup();
    const below = { x: 0, y: Y - 1, z: 0 };
    world.run(5); // on the ground: digging in the air is five times slower
    player.pitch = 90; // looking straight down at the grass block stood on
    // Grass: hardness 0.6 by hand -> ceil(0.6 x 30) = 18 ticks (Minecraft Wiki, Breaking).
    const first = hold(act({ attack: true }), 10);
    expect(first.dig).toMatchObject({ ok: true, block: 'grass_block', pos: below, ticksNeeded: 18 });
    expect(world.blockAt(below)).toBe('grass_block');
    hold(act({}), 1); // attack released: the 10 ticks of progress are gone
    hold(act({ attack: true }), 15);
    expect(world.blockAt(below)).toBe('grass_block');
    hold(act({ attack: true }), 5);
    expect(world.blockAt(below)).toBe('air');
  });

  it('held movement keys walk the player along its yaw; sprint is faster', () => {
    const { player, hold } = setup();
    hold(act({ forward: 1 }), 20);
    const walked = player.pos.z - 0.5;
    expect(walked).toBeGreaterThan(3); // about 4.3 blocks/s
    expect(Math.abs(player.pos.x - 0.5)).toBeLessThan(0.01);
    const z = player.pos.z;
    hold(act({ forward: 1, sprint: true }), 20);
    expect(player.pos.z - z).toBeGreaterThan(walked * 1.15);
    releaseKeys(player);
    expect(player.controls).toEqual({ forward: 0, strafe: 0, jump: false, sprint: false, sneak: false });
  });

  it('turning happens once per action, clamped in pitch', () => {
    const { player, hold } = setup();
    hold(act({ yawDelta: 90, pitchDelta: 200 }), 10);
    expect(player.yaw).toBe(90);
    expect(player.pitch).toBe(90);
    hold(act({ yawDelta: 135 }), 1);
    expect(player.yaw).toBe(-135); // wrapped into (-180, 180]
  });

  it('attack hits only the entity in the crosshair, with the world combat rule', () => {
    const { world, player, hold } = setup();
    player.inventory.slots[0] = { name: 'diamond_sword', count: 1 };
    const front = spawnMob(world, 'zombie', { x: 0.5, y: Y, z: 2.5 }, { persistent: true });
    const side = spawnMob(world, 'zombie', { x: 2.5, y: Y, z: 0.5 }, { persistent: true });
    world.run(20); // the sword's attack charge fills
    player.pitch = 20;
    expect(entityInCrosshair(world, player, 3)?.id).toBe(front.id);
    const r = hold(act({ attack: true }), 1);
    expect(r.attack).toMatchObject({ ok: true, target: front.id });
    expect(front.health).toBeLessThan(20);
    expect(side.health).toBe(20);
    player.yaw = 180; // looking away
    expect(hold(act({ attack: true }), 1).attack).toMatchObject({ ok: false, reason: 'no_target' });
  });

  it('use eats held food, or places the held block against the block in the crosshair', () => {
    const { world, player, hold } = setup();
    player.food = 10;
    player.inventory.slots[0] = { name: 'bread', count: 2 };
    const r = hold(act({ use: true }), 40);
    expect(r.use).toMatchObject({ ok: true, item: 'bread' });
    expect(player.food).toBeGreaterThan(10);
    player.inventory.slots[1] = { name: 'cobblestone', count: 4 };
    player.pitch = 60; // look at the ground just ahead
    const hit = blockInCrosshair(world, player, 4.5)!;
    expect(world.blockAt(hit.pos)).toBe('grass_block');
    const placed = hold(act({ use: true, slot: 1 }), 1);
    expect(placed.use?.ok, JSON.stringify(placed.use)).toBe(true);
    expect(world.blockAt(placed.use!.placed!)).toBe('cobblestone');
    expect(player.inventory.count('cobblestone')).toBe(3);
  });

  it('use held on an off-hand shield raises it while a sword is in hand; it blocks after 5 ticks and comes down with use', () => {
    const { world, player, hold } = setup();
    player.inventory.add({ name: 'iron_sword', count: 1 });
    player.inventory.offhand = { name: 'shield', count: 1 };
    const zombie = spawnMob(world, 'zombie', { x: 0.5, y: Y, z: 2 }, { damage: 0 }); // in front (yaw 0 looks along +z)
    const inFront = () => {
      zombie.pos = { x: 0.5, y: Y, z: 2 }; // a blocked blow knocks the zombie back
      world.index.update(zombie);
    };
    expect(hold(act({ use: true }), 4).use).toEqual({ ok: true, item: 'shield' });
    expect(applyDamage(world, player, 3, 'mob', zombie.id).landed).toBe(true); // 4 ticks up: not yet blocking
    world.run(20);
    hold(act({ use: true }), 1); // still held: the shield stays up, its raise time kept
    expect(applyDamage(world, player, 3, 'mob', zombie.id)).toMatchObject({ blocked: true, dealt: 0 });
    // Attack with use still held does nothing (vanilla ignores the click); without use it swings.
    inFront();
    expect(hold(act({ use: true, attack: true }), 1).attack).toMatchObject({ ok: false, reason: 'shield_raised' });
    world.run(20);
    inFront();
    expect(hold(act({ attack: true }), 1).attack).toMatchObject({ ok: true, target: zombie.id });
    world.run(20);
    expect(applyDamage(world, player, 3, 'mob', zombie.id).landed).toBe(true);
  });

  it('an axe knocks a held-up shield aside; with use still held it comes back up after 100 ticks', () => {
    const { world, player, hold } = setup();
    player.inventory.offhand = { name: 'shield', count: 1 };
    const foe = joinPlayer(world, 'foe', { x: 0.5, y: Y, z: 2.5 });
    foe.yaw = 180;
    foe.inventory.add({ name: 'iron_axe', count: 1 });
    hold(act({ use: true }), 20);
    expect(attack(world, foe, player)).toMatchObject({ ok: true, landed: false });
    expect(isBlocking(world, player)).toBe(false);
    hold(act({ use: true }), 50); // a new action still holding use: the shield is still disabled
    expect(raisedShield(player)).toBeNull();
    const held = act({ use: true });
    applyLowLevel(world, player, held, false);
    world.run(SHIELD_DISABLE_TICKS - 50);
    applyLowLevel(world, player, held, false);
    expect(raisedShield(player)).not.toBeNull();
  });

  it('drop throws one of the held item into the world', () => {
    const { world, player, hold } = setup();
    player.inventory.slots[0] = { name: 'apple', count: 3 };
    const r = hold(act({ drop: true }), 5);
    expect(r.drop).toEqual({ ok: true, item: 'apple' });
    expect(player.inventory.count('apple')).toBe(2);
    const items = [...world.items()];
    expect(items.map((i) => i.stack)).toEqual([{ name: 'apple', count: 1 }]);
    // Thrown ahead (+z at yaw 0), not picked straight back up.
    expect(items[0]!.pos.z).toBeGreaterThan(player.pos.z);
  });

  it('a dead player does nothing', () => {
    const { world, player, hold } = setup();
    applyDamage(world, player, 100, 'generic');
    expect(player.dead).toBe(true);
    expect(hold(act({ forward: 1, attack: true }), 3)).toEqual({});
    expect(player.controls.forward).toBe(0);
  });

  it('holds keys and turns the look by one rule for every backend', () => {
    expect(heldKeys(act({ forward: -1, strafe: 1, sprint: true, jump: true }))).toEqual({ forward: -1, strafe: 1, jump: true, sneak: false, sprint: false });
    expect(heldKeys(act({ forward: 1, sprint: true })).sprint).toBe(true);
    expect(turnedLook(170, 80, act({ yawDelta: 20, pitchDelta: 30 }))).toEqual({ yaw: -170, pitch: 90 });
    expect(turnedLook(-170, -80, act({ yawDelta: -20, pitchDelta: -30 }))).toEqual({ yaw: 170, pitch: -90 });
  });
});
