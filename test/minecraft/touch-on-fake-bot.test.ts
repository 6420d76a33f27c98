/**
 * Touch on the Minecraft backend (issue 14): the shared geometry (skills/senses/touch.ts) over a
 * mineflayer bot's body port, and the blows its body feels from the server's damage_event, named
 * only when the bot can see who dealt them. A fake bot stands in for mineflayer.
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

/** Stone below y = 0, air above, plus `blocks`; the bot stands at `pos`, facing south (mineflayer yaw π). */
function fakeBot(pos: Vec3, blocks: Record<string, string> = {}) {
  const bot = Object.assign(new EventEmitter(), {
    registry: data,
    username: 'alex',
    health: 20,
    entity: { id: 1, position: pos, yaw: Math.PI, pitch: 0, height: 1.8, width: 0.6 },
    entities: {} as Record<number, unknown>,
    world: {
      getBlockStateId: (p: Vec3) => data.blocksByName[blocks[`${Math.floor(p.x)},${Math.floor(p.y)},${Math.floor(p.z)}`] ?? (p.y < 0 ? 'stone' : 'air')]!.minStateId!,
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
});
