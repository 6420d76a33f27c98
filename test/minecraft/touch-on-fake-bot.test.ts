/**
 * Touch on the Minecraft backend (issue 14): the shared geometry (skills/senses/touch.ts) over a
 * mineflayer bot's body port, and the blows its body feels from the server's damage_event (1.19.4+)
 * or, on 1.16.5, from the hurt, the knockback velocity and the attacker's swing, named only when the
 * bot can see who dealt them. A fake bot stands in for mineflayer and is fed the packets as a
 * 1.16.5 server sends them (vanilla's order, and flying-squid's).
 */
import { EventEmitter } from 'node:events';
import minecraftData from 'minecraft-data';
import type { Bot } from 'mineflayer';
import { describe, expect, it } from 'vitest';
import { Vec3 } from 'vec3';
import { BodyEvents } from '../../src/env/minecraft/body-events.js';
import type { Senses } from '../../src/env/minecraft/body-port.js';
import { touchOfBot } from '../../src/env/minecraft/observation.js';

const data = minecraftData('1.20.4');
const legacyData = minecraftData('1.16.5');

/** Stone below y = 0, air above, plus `blocks`; the bot stands at `pos`, facing south (mineflayer yaw π). */
function fakeBot(pos: Vec3, blocks: Record<string, string> = {}, registry = data) {
  const bot = Object.assign(new EventEmitter(), {
    registry,
    username: 'alex',
    health: 20,
    entity: { id: 1, position: pos, yaw: Math.PI, pitch: 0, height: 1.8, width: 0.6 },
    entities: {} as Record<number, unknown>,
    world: {
      getBlockStateId: (p: Vec3) => registry.blocksByName[blocks[`${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`] ?? (p.y < 0 ? 'stone' : 'air')]!.minStateId!,
    },
    _client: new EventEmitter(),
  });
  return bot;
}

const senses = (fovDegrees?: number): Senses => ({ perceptionRange: 16, omniscient: false, hiddenPlayers: new Set(), ...(fovDegrees !== undefined ? { fovDegrees } : {}) });

function zombieHitsFromBehind(fovDegrees?: number) {
  const bot = fakeBot(new Vec3(0.5, 0, 0.5));
  // A zombie 0.05 behind the bot's back (north, -z), as the server tracks it.
  bot.entities[7] = { id: 7, type: 'mob', name: 'zombie', position: new Vec3(0.5, 0, -0.15), height: 1.95, width: 0.6 };
  const body = new BodyEvents('alex', bot as unknown as Bot, () => 40, () => undefined);
  // The server sends the damage event (ids plus one), then the health update.
  bot._client.emit('damage_event', { entityId: 1, sourceTypeId: 0, sourceCauseId: 8, sourceDirectId: 8 });
  bot.health = 17;
  bot.emit('health');
  return touchOfBot(bot as unknown as Bot, senses(fovDegrees), body);
}

describe('touch on mineflayer', () => {
  it('standing on sand next to a cactus', () => {
    const bot = fakeBot(new Vec3(0.65, 0, 0.5), { '0,-1,0': 'sand', '1,0,0': 'cactus' });
    const body = new BodyEvents('alex', bot as unknown as Bot, () => 0, () => undefined);
    expect(touchOfBot(bot as unknown as Bot, senses(), body)).toEqual({ standingOn: 'sand', inside: [], blocks: [{ side: 'east', block: 'cactus' }], entities: [], hits: [] });
  });

  it('a zombie hitting from behind: felt from behind, named when in sight', () => {
    expect(zombieHitsFromBehind()).toMatchObject({
      entities: [{ side: 'north', what: 'zombie', id: 7 }],
      hits: [{ tick: 40, from: 'behind', by: 'zombie #7', amount: 3 }],
    });
  });

  it('a zombie hitting from behind outside a 90° view cone is "something", with no id', () => {
    const touch = zombieHitsFromBehind(90);
    expect(touch.entities).toEqual([{ side: 'north', what: 'something' }]);
    expect(touch.hits).toEqual([{ tick: 40, from: 'behind', by: 'something', amount: 3 }]);
  });

  describe('on a 1.16.5 server (no damage_event)', () => {
    /** The bot at the origin facing south (+z), on a 1.16.5 registry, with `others` tracked by the server. */
    function legacyBot(others: Record<number, Vec3> = {}) {
      const bot = fakeBot(new Vec3(0.5, 0, 0.5), {}, legacyData);
      for (const [id, position] of Object.entries(others)) bot.entities[Number(id)] = { id: Number(id), type: 'mob', name: 'zombie', position, height: 1.95, width: 0.6 };
      let tick = 100;
      const hurts: unknown[] = [];
      const body = new BodyEvents('alex', bot as unknown as Bot, () => tick, (e) => hurts.push(e));
      const packet = (name: string, p: Record<string, unknown>): void => void bot._client.emit(name, p);
      const health = (h: number): void => {
        bot.health = h;
        bot.emit('health');
      };
      return { bot, body, packet, health, hurts, later: (n: number) => (tick += n), touch: (fov?: number) => touchOfBot(bot as unknown as Bot, senses(fov), body) };
    }
    // Knockback velocities in the protocol's 1/8000 block per tick.
    const pushedSouth = { x: 0, y: 3200, z: 3200 };
    const pushedEast = { x: 3200, y: 3200, z: 0 };

    it("vanilla's order (swing, hurt status, knockback, health): a zombie behind is felt from behind and named", () => {
      const { packet, health, touch } = legacyBot({ 7: new Vec3(0.5, 0, -0.5) });
      packet('animation', { entityId: 7, animation: 0 });
      packet('entity_status', { entityId: 1, entityStatus: 2 });
      packet('entity_velocity', { entityId: 1, velocity: pushedSouth }); // pushed along +z: struck from the north
      health(17);
      expect(touch().hits).toEqual([{ tick: 100, from: 'behind', by: 'zombie #7', amount: 3 }]);
    });

    it("flying-squid's order (health, then knockback; the swing a tick earlier): felt on the left, amount from the health drop", () => {
      const { packet, health, later, touch } = legacyBot({ 7: new Vec3(-1, 0, 0.5) }); // west of a bot facing south: its right
      packet('animation', { entityId: 7, animation: 0 });
      later(1);
      health(18);
      packet('entity_velocity', { entityId: 1, velocity: pushedEast });
      expect(touch().hits).toEqual([{ tick: 101, from: 'right', by: 'zombie #7', amount: 2 }]);
    });

    it('with no swing seen, or two swingers on that side, the side is still felt and the source is "something"', () => {
      const alone = legacyBot();
      alone.health(16);
      alone.packet('entity_velocity', { entityId: 1, velocity: { x: 0, y: 3200, z: -3200 } }); // pushed north: struck from the front
      expect(alone.touch().hits).toEqual([{ tick: 100, from: 'front', by: 'something', amount: 4 }]);
      const crowd = legacyBot({ 7: new Vec3(0.5, 0, -0.5), 8: new Vec3(0.8, 0, -0.7) });
      crowd.packet('animation', { entityId: 7, animation: 0 });
      crowd.packet('animation', { entityId: 8, animation: 0 });
      crowd.packet('entity_status', { entityId: 1, entityStatus: 2 });
      crowd.packet('entity_velocity', { entityId: 1, velocity: pushedSouth });
      crowd.health(17);
      expect(crowd.touch().hits).toEqual([{ tick: 100, from: 'behind', by: 'something', amount: 3 }]);
    });

    it('an attacker out of a 90° view cone is "something"; a swinger on another side is not taken for it', () => {
      const { packet, health, touch } = legacyBot({ 7: new Vec3(0.5, 0, -0.5), 9: new Vec3(0.5, 0, 2) });
      packet('animation', { entityId: 9, animation: 0 }); // the zombie in front swung at the air
      packet('animation', { entityId: 7, animation: 0 });
      packet('entity_status', { entityId: 1, entityStatus: 2 });
      packet('entity_velocity', { entityId: 1, velocity: pushedSouth });
      health(17);
      expect(touch(90).hits).toEqual([{ tick: 100, from: 'behind', by: 'something', amount: 3 }]);
    });

    it("a player's swing that arrives just after its blow (a 1.9+ client attacks, then swings) still names it", () => {
      const { packet, health, later, touch } = legacyBot({ 7: new Vec3(0.5, 0, -0.5) });
      health(17);
      packet('entity_velocity', { entityId: 1, velocity: pushedSouth });
      later(1);
      packet('animation', { entityId: 7, animation: 0 });
      expect(touch().hits).toEqual([{ tick: 100, from: 'behind', by: 'zombie #7', amount: 3 }]);
    });

    it('a hurt without knockback (a fall) and a push without a hurt are no blows; the fall is still a hurt event', () => {
      const { packet, health, later, touch, body } = legacyBot();
      packet('entity_status', { entityId: 1, entityStatus: 2 });
      packet('entity_velocity', { entityId: 1, velocity: { x: 0, y: -600, z: 0 } });
      health(15);
      later(20);
      packet('entity_velocity', { entityId: 1, velocity: pushedSouth }); // an explosion far off, a /tp with motion: no hurt
      expect(touch().hits).toEqual([]);
      expect(body.take()).toEqual([expect.objectContaining({ type: 'hurt', text: 'you took 5 damage; health 15' })]);
    });

    it('one blow is felt once, whatever mix of its signals arrives; the next blow (after the hurt window) again', () => {
      const { packet, health, later, touch } = legacyBot({ 7: new Vec3(0.5, 0, -0.5) });
      packet('animation', { entityId: 7, animation: 0 });
      packet('entity_status', { entityId: 1, entityStatus: 2 });
      packet('entity_velocity', { entityId: 1, velocity: pushedSouth });
      health(17);
      packet('entity_velocity', { entityId: 1, velocity: pushedSouth }); // the server resends the motion
      later(12);
      packet('animation', { entityId: 7, animation: 0 });
      packet('entity_status', { entityId: 1, entityStatus: 2 });
      packet('entity_velocity', { entityId: 1, velocity: pushedSouth });
      health(14);
      expect(touch().hits).toEqual([
        { tick: 100, from: 'behind', by: 'zombie #7', amount: 3 },
        { tick: 112, from: 'behind', by: 'zombie #7', amount: 3 },
      ]);
    });
  });
});
