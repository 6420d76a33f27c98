import { describe, expect, it } from 'vitest';
import { World, applyDamage, joinPlayer, raiseShield, spawnMob } from '../../world/index.js';
import { createObserverState, observe } from '../observe/observe.js';
import { WorldMailboxes } from '../observe/mailboxes.js';
import { renderObservationText } from '../observe/render-text.js';
import { hitSide } from './touch.js';

const Y = -60;

function setup() {
  const world = new World({ seed: 5, terrain: { type: 'flat' }, gamerules: { doMobSpawning: false, doDaylightCycle: false }, timeOfDay: 6000 });
  const mailboxes = new WorldMailboxes(world, { chatRange: 32 });
  const join = (name: string, x: number, z: number, fovDegrees?: number) => {
    const player = joinPlayer(world, name, { x, y: Y, z }, { perceptionRange: 12 });
    if (fovDegrees !== undefined) player.fovDegrees = fovDegrees;
    mailboxes.register(name);
    return { player, state: createObserverState({ mailboxes }) };
  };
  return { world, join };
}

describe('touch: what the body is in contact with', () => {
  it('standing on sand next to a cactus: the cactus is felt on the east, and only within 0.1 of the body', () => {
    const { world, join } = setup();
    world.setBlock({ x: 0, y: Y - 1, z: 0 }, 'sand');
    world.setBlock({ x: 1, y: Y, z: 0 }, 'cactus');
    // Hitbox 0.6 wide: at x 0.65 its east face is 0.05 from the cactus; at x 0.5, 0.2 away.
    const { player, state } = join('alex', 0.65, 0.5);
    const o = observe(world, player, state);
    expect(o.touch).toEqual({ standingOn: 'sand', inside: [], blocks: [{ side: 'east', block: 'cactus' }], entities: [], hits: [] });
    expect(renderObservationText(o)).toContain('touch: standing on sand, touching cactus on the east');
    player.pos.x = 0.5;
    expect(observe(world, player, state).touch).toMatchObject({ standingOn: 'sand', blocks: [] });
  });

  it('a block over the head, water the body stands in, nothing under the feet in the air', () => {
    const { world, join } = setup();
    world.setBlock({ x: 0, y: Y + 2, z: 0 }, 'stone');
    world.setBlock({ x: 0, y: Y, z: 0 }, 'water');
    const { player, state } = join('alex', 0.5, 0.5);
    player.pos.y = Y + 0.15; // 1.95 tall with the head's 0.1: the stone two blocks up is touched
    expect(observe(world, player, state).touch).toMatchObject({ standingOn: null, inside: ['water'], blocks: [{ side: 'above', block: 'stone' }] });
  });

  it('a zombie hitting from behind: felt on the back and named, as it is in sight all around', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0.5, 0.5); // yaw 0 faces south (+z)
    const zombie = spawnMob(world, 'zombie', { x: 0.5, y: Y, z: -0.15 }, { persistent: true }); // 0.05 behind the back
    applyDamage(world, player, 3, 'mob', zombie.id);
    const o = observe(world, player, state);
    expect(o.touch!.entities).toEqual([{ side: 'north', what: 'zombie', id: zombie.id }]);
    expect(o.touch!.hits).toEqual([{ tick: world.tick, from: 'behind', by: `zombie #${zombie.id}`, amount: 3 }]);
    expect(renderObservationText(o)).toContain(`zombie#${zombie.id} against you on the north, hit from behind by zombie #${zombie.id} (3 damage)`);
    expect(observe(world, player, state).touch!.hits).toEqual([]); // told once
  });

  it('a zombie hitting from behind outside a 90° view cone is "something": no type, no id, in touch and in the hurt event', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0.5, 0.5, 90);
    const zombie = spawnMob(world, 'zombie', { x: 0.5, y: Y, z: -0.15 }, { persistent: true });
    applyDamage(world, player, 3, 'mob', zombie.id);
    const o = observe(world, player, state);
    expect(o.touch!.entities).toEqual([{ side: 'north', what: 'something' }]);
    expect(o.touch!.hits).toEqual([{ tick: world.tick, from: 'behind', by: 'something', amount: 3 }]);
    expect(o.events[0]!.text).toBe('you took 3 damage (mob from something); health 17');
    const text = renderObservationText(o);
    expect(text).toContain('something against you on the north, hit from behind by something (3 damage)');
    expect(text).not.toContain('zombie');
  });

  it('a blow the raised shield stops is told as an event, not as a hit on the body', () => {
    const { world, join } = setup();
    const { player, state } = join('alex', 0.5, 0.5);
    player.inventory.offhand = { name: 'shield', count: 1 };
    raiseShield(world, player);
    world.run(5);
    const zombie = spawnMob(world, 'zombie', { x: 0.5, y: Y, z: 1.2 }, { persistent: true }); // in front
    applyDamage(world, player, 3, 'mob', zombie.id);
    const o = observe(world, player, state);
    expect(o.touch!.hits).toEqual([]);
    expect(o.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'shield_blocked', text: `your shield blocked 3 damage (mob from zombie #${zombie.id})` })]));
  });

  it('tells the side of a blow from where the agent faces', () => {
    const at = { pos: { x: 0, y: 0, z: 0 }, yaw: 0 }; // facing south, +z
    expect(hitSide(at, { x: 0, y: 0, z: 2 })).toBe('front');
    expect(hitSide(at, { x: 0.3, y: 0, z: -2 })).toBe('behind');
    expect(hitSide(at, { x: -2, y: 0, z: 0 })).toBe('right'); // facing south, the right hand points west
    expect(hitSide(at, { x: 2, y: 0, z: 0 })).toBe('left');
    expect(hitSide({ pos: at.pos, yaw: 90 }, { x: 2, y: 0, z: 0 })).toBe('behind'); // facing west
  });
});
