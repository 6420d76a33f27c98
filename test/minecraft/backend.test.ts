/**
 * Minecraft-backend behaviour beyond the shared conformance suite, on an in-process flying-squid
 * 1.16.5 server: real in-game chat with our chat range, collect with pickup, building, and the
 * command-driven WorldAdmin (fill, give, summon/remove, restore between episodes).
 */
import { describe, expect, it } from 'vitest';
import { GuildcraftError } from '../../src/core/errors.js';
import { createMinecraftBackend } from '../../src/env/minecraft/index.js';
import { GROUND_Y, agentAt, count, flatScenario, runSkill, skill } from '../../src/env/testing/backend-helpers.js';
import { useFlyingSquid } from './server-fixture.js';

const squid = useFlyingSquid();
const backend = (extra: Record<string, unknown> = {}) => squid.backend(extra);

describe('minecraft backend on flying-squid', { retry: 1 }, () => {
  it('carries say over real in-game chat and enforces the chat range itself', async () => {
    const env = backend({ messaging: 'chat' });
    await env.reset({ seed: 1, scenario: flatScenario([agentAt('a', 0, 0), agentAt('near', 6, 0), agentAt('far', 40, 0)], { chatRange: 16 }) });
    const chats: Record<string, unknown>[] = [];
    env.onEvent((e) => {
      if (e.type === 'chat') chats.push(e);
    });
    const steps = [await env.step({ a: skill('say', { message: 'wood here' }) })];
    const heard = (name: string) => steps.flatMap((r) => r.observations[name]?.messages ?? []).filter((m) => m.from === 'a' && m.message === 'wood here');
    // The server relays the line to every player (a busy test machine may take a few steps); only the agent in range keeps it.
    while (heard('near').length === 0 && steps.length < 8) steps.push(await env.step({}));
    steps.push(await env.step({}));
    expect(heard('near')).toHaveLength(1);
    expect(heard('near')[0]!.volume).toBeCloseTo(1 - 6 / 16, 1);
    expect(heard('far')).toHaveLength(0);
    // The run log's chat event names the speaker by its player id, as the embedded world does.
    const speaker = env.admin.entities({ type: 'player' }).find((p) => p.name === 'a');
    expect(chats).toEqual([expect.objectContaining({ from: speaker!.id, name: 'a', message: 'wood here', channel: null, heardBy: ['near'] })]);
    expect(chats[0]!.pos).toMatchObject({ y: expect.closeTo(-60, 0) });
  });

  it('collects blocks of a type and picks up the drops', async () => {
    const env = backend();
    await env.reset({
      seed: 2,
      scenario: flatScenario([agentAt('a', 0, 0)], {
        blocks: [
          { pos: { x: 3, y: GROUND_Y, z: 0 }, block: 'oak_log' },
          { pos: { x: 3, y: GROUND_Y, z: 2 }, block: 'oak_log' },
        ],
      }),
    });
    const { report, observations } = await runSkill(env, 'a', skill('collect', { block: 'oak_log', count: 2, maxDistance: 16 }), 'collect', 1200);
    expect(report?.ok, JSON.stringify(report?.result)).toBe(true);
    expect(report?.result.collected).toBe(2);
    expect(count(observations.at(-1)!, 'oak_log')).toBe(2);
    expect(env.admin.blockAt({ x: 3, y: GROUND_Y, z: 0 })).toBe('air');
  });

  it('builds a floor from the inventory, block by block', async () => {
    const env = backend();
    await env.reset({ seed: 3, scenario: flatScenario([agentAt('a', 0, 0, { inventory: [{ name: 'cobblestone', count: 4 }] })]) });
    const { report } = await runSkill(env, 'a', skill('buildFloor', { block: 'cobblestone', center: { x: 3, y: GROUND_Y, z: 3 }, width: 2, depth: 1 }), 'buildFloor', 600);
    expect(report?.ok, JSON.stringify(report?.result)).toBe(true);
    expect(report?.result.placed).toBe(2);
    expect(env.admin.blockAt({ x: 3, y: GROUND_Y, z: 3 })).toBe('cobblestone');
    expect(env.admin.blockAt({ x: 4, y: GROUND_Y, z: 3 })).toBe('cobblestone');
  });

  it('WorldAdmin changes the world by commands, and the next reset puts changed blocks back', async () => {
    const env = backend();
    await env.reset({ seed: 4, scenario: flatScenario([agentAt('a', 0, 0)]) });
    const changed = env.admin.fill({ x: 2, y: GROUND_Y, z: -2 }, { x: 3, y: GROUND_Y + 1, z: -2 }, 'gold_block');
    expect(changed).toBe(4);
    env.admin.give('a', 'bread', 3);
    const [zombie] = env.admin.summon('zombie', { x: -3.5, y: GROUND_Y, z: 0.5 });
    await env.step({});
    expect(env.admin.blockAt({ x: 3, y: GROUND_Y + 1, z: -2 })).toBe('gold_block');
    expect(env.admin.players().find((p) => p.name === 'a')?.inventory.bread).toBe(3);
    expect(env.admin.entities({ type: 'zombie' }).map((e) => e.id)).toEqual([zombie]);
    env.admin.remove(zombie!);
    await env.step({});
    expect(env.admin.entities({ type: 'zombie' }).filter((e) => !e.dead)).toEqual([]);

    await env.reset({ seed: 5, scenario: flatScenario([agentAt('a', 0, 0)]) });
    expect(env.admin.blockAt({ x: 3, y: GROUND_Y + 1, z: -2 })).toBe('air');
    expect(env.admin.blockAt({ x: 2, y: GROUND_Y, z: -2 })).toBe('air');
    expect(env.admin.players().find((p) => p.name === 'a')?.inventory).toEqual({});
  });

  it('says which option is wrong before connecting', () => {
    expect(() => createMinecraftBackend({ port: 70000 })).toThrow(GuildcraftError);
    expect(() => createMinecraftBackend({ auth: 'mojang' as 'offline' })).toThrow(/auth/);
  });
});
