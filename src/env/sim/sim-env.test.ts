import { describe, expect, it } from 'vitest';
import type { AgentAction } from '../../core/actions.js';
import { InputError } from '../../core/errors.js';
import type { Observation } from '../../core/observation.js';
import type { Scenario } from '../scenario.js';
import { SimEnv } from './sim-env.js';

const Y = -60;
const at = (name: string, x: number, z: number, extra: Partial<Scenario['agents'][number]> = {}): Scenario['agents'][number] => ({
  name,
  position: { x: x + 0.5, y: Y, z: z + 0.5 },
  capabilities: { perceptionRange: 12, effects: [] },
  ...extra,
});
const calm = { terrain: { type: 'flat' as const }, difficulty: 'normal' as const, timeOfDay: 6000, gamerules: { doMobSpawning: false, doDaylightCycle: false } };

describe('SimEnv: reset builds the scenario', () => {
  it('places blocks, chests and mobs, and gives agents their inventory, equipment, capabilities and effects', async () => {
    const env = new SimEnv();
    const obs = await env.reset({
      seed: 'build',
      scenario: {
        world: { ...calm, timeOfDay: 13000 },
        agents: [
          at('tank', 0, 0, {
            inventory: [{ name: 'bread', count: 5 }],
            equipment: { hand: 'iron_sword', head: 'iron_helmet' },
            capabilities: { maxHealth: 40, speedBps: 2, perceptionRange: 8, fovDegrees: 120, effects: [{ name: 'fire_resistance', amplifier: 0 }] },
          }),
        ],
        blocks: [{ pos: { x: 4, y: Y, z: 4 }, to: { x: 5, y: Y + 1, z: 5 }, block: 'stone' }],
        chests: [{ pos: { x: -3, y: Y, z: 0 }, items: [{ name: 'iron_ingot', count: 7 }] }],
        entities: [{ type: 'cow', pos: { x: 2.5, y: Y, z: -2.5 }, count: 2 }],
      },
    });
    const o = obs.tank!;
    expect(o.maxHealth).toBe(40);
    expect(o.health).toBe(40);
    expect(o.heldItem).toBe('iron_sword');
    expect(o.equipment.head).toBe('iron_helmet');
    expect(o.inventory.find((i) => i.name === 'bread')?.count).toBe(5);
    expect(o.effects).toEqual([{ name: 'FireResistance', amplifier: 0, ticksLeft: null }]);
    expect(o.dayPhase).toBe('night');
    expect(env.admin.blockAt({ x: 5, y: Y + 1, z: 5 })).toBe('stone');
    expect(env.admin.chestContents({ x: -3, y: Y, z: 0 })).toEqual({ iron_ingot: 7 });
    expect(env.admin.entities({ type: 'cow' })).toHaveLength(2);
    const p = env.world.player('tank')!;
    expect([p.walkSpeed, p.perceptionRange, p.fovDegrees]).toEqual([2, 8, 120]);
  });

  it('rejects a bad scenario with an InputError naming the problem', async () => {
    const env = new SimEnv();
    await expect(env.reset({ seed: 1, scenario: { agents: [] } })).rejects.toThrow(InputError);
    await expect(env.reset({ seed: 1, scenario: { agents: [at('a', 0, 0)], blocks: [{ pos: { x: 0, y: Y, z: 0 }, block: 'stonee' }] } })).rejects.toThrow(/stone/);
    await expect(env.reset({ seed: 1, scenario: { agents: [at('a', 0, 0), at('a', 1, 1)] } })).rejects.toThrow(/two agents/);
    await expect(env.step({})).rejects.toThrow(/reset/);
  });
});

describe('SimEnv: actions', () => {
  it('low-level keys are held over the step and reported; a skill replaces them', async () => {
    const env = new SimEnv({ ticksPerStep: 10 });
    await env.reset({ seed: 1, scenario: { world: calm, agents: [at('rl', 0, 0, { inventory: [{ name: 'apple', count: 2 }] })] } });
    let r = await env.step({ rl: { type: 'low_level', forward: 1, drop: true } });
    expect(r.observations.rl!.pos.z).toBeGreaterThan(1.5);
    expect(r.infos.rl!.lowLevel).toEqual({ drop: { ok: true, item: 'apple' } });
    r = await env.step({});
    const z = r.observations.rl!.pos.z;
    expect(z).toBeGreaterThan(3); // still walking: the keys hold until the next action
    await env.step({ rl: { type: 'skill', name: 'wait', params: { ticks: 5 } } });
    r = await env.step({});
    expect(r.observations.rl!.pos.z - z).toBeLessThan(1); // released: only sliding to a stop
  });

  it('a code action calls skills over ticks, reports its result, and other agents keep acting', async () => {
    const env = new SimEnv({ ticksPerStep: 20 });
    await env.reset({ seed: 1, scenario: { world: calm, agents: [at('coder', 0, 0), at('walker', 0, 4)] } });
    const source = `const r = await moveTo({x: 6.5, y: ${Y}, z: 0.5, range: 0.5}); say('at ' + Math.round(r.pos.x)); return r.ok;`;
    let r = await env.step({ coder: { type: 'code', source }, walker: { type: 'skill', name: 'moveTo', params: { x: -6.5, y: Y, z: 4.5, range: 0.5 } } });
    expect(r.observations.coder!.runningSkill?.name).toBe('moveTo');
    const reports: Observation['finishedSkills'] = [...r.observations.coder!.finishedSkills];
    const heard: string[] = [];
    for (let i = 0; i < 6; i++) {
      r = await env.step({});
      reports.push(...r.observations.coder!.finishedSkills);
      heard.push(...r.observations.walker!.messages.map((m) => m.message));
    }
    expect(reports.map((f) => f.name)).toEqual(['moveTo', 'say', 'code']);
    expect(reports.at(-1)!.result).toMatchObject({ ok: true, value: true, skillCalls: 2 });
    expect(heard).toEqual(['at 7']);
    expect(r.observations.walker!.pos.x).toBeLessThan(-4);
  });

  it('a code action that escapes its limits fails into the next observation; cancel stops a running one', async () => {
    const env = new SimEnv({ ticksPerStep: 5, code: { limits: { cpuTimeMs: 150 } } });
    await env.reset({ seed: 1, scenario: { world: calm, agents: [at('a', 0, 0)] } });
    let r = await env.step({ a: { type: 'code', source: 'while (true) {}' } });
    expect(r.observations.a!.finishedSkills.find((f) => f.name === 'code')?.result).toMatchObject({ ok: false, reason: 'timeout' });
    r = await env.step({ a: { type: 'code', source: 'for (;;) await wait(3);' } });
    expect(r.observations.a!.runningSkill?.name, JSON.stringify(r.observations.a!.finishedSkills)).toBe('wait');
    r = await env.step({ a: { type: 'cancel' } });
    const code = r.observations.a!.finishedSkills.find((f) => f.name === 'code');
    expect(code?.result).toMatchObject({ ok: false, reason: 'cancelled' });
    r = await env.step({});
    expect(r.observations.a!.runningSkill).toBeNull();
  });

  it('truncates at maxTicks and terminates agents that left', async () => {
    const env = new SimEnv({ ticksPerStep: 20 });
    await env.reset({ seed: 1, scenario: { world: calm, agents: [at('a', 0, 0), at('b', 2, 0)], maxTicks: 40 } });
    let r = await env.step({});
    expect(r.truncated.a).toBe(false);
    await env.removeAgent('b');
    r = await env.step({});
    expect(r.truncated.a).toBe(true);
    expect(r.terminated).toEqual({ a: false, b: true });
    expect(r.rewards).toEqual({ a: 0, b: 0 });
    // An action still in flight for an agent that left is dropped; a name never seen is a caller bug.
    await expect(env.step({ b: { type: 'noop' } })).resolves.toBeDefined();
    await expect(env.step({ zed: { type: 'noop' } })).rejects.toThrow(InputError);
  });

  it('returns rendered views in infos when asked', async () => {
    const env = new SimEnv({ ticksPerStep: 5, views: { firstPerson: { width: 16, height: 12, everyTicks: 20 }, topDown: { radius: 4 } } });
    await env.reset({ seed: 1, scenario: { world: calm, agents: [at('a', 0, 0)] } });
    const r = await env.step({});
    const views = r.infos.a!.views as { firstPerson: { png: Buffer; width: number }; topDown: { png: Buffer; width: number } };
    expect(views.firstPerson.width).toBe(16);
    expect(views.topDown.width).toBe(9);
    expect(views.firstPerson.png.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('SimWorldAdmin', () => {
  it('edits the world, spawns mobs and bosses, manages players and counts deaths', async () => {
    const env = new SimEnv({ ticksPerStep: 5 });
    await env.reset({ seed: 1, scenario: { world: calm, agents: [at('a', 0, 0), at('far', 100, 0)] } });
    const admin = env.admin;
    expect(admin.fill({ x: 2, y: Y, z: 2 }, { x: 3, y: Y, z: 3 }, 'glass')).toBe(4);
    expect(admin.fill({ x: 2, y: Y, z: 2 }, { x: 4, y: Y, z: 2 }, 'stone', { onlyReplace: ['glass'] })).toBe(2);
    const ids = admin.summon('zombie', { x: 6.5, y: Y, z: 6.5 }, { count: 2, tags: ['wave1'] });
    expect(admin.entities({ tag: 'wave1' }).map((e) => e.id)).toEqual(ids);
    const boss = admin.spawnBoss({ type: 'zombie', pos: { x: -6.5, y: Y, z: -6.5 }, health: 200, damage: 8, name: 'Grom' });
    expect(admin.entities({ tag: 'boss' })[0]).toMatchObject({ id: boss, name: 'Grom', health: 200, maxHealth: 200 });
    admin.remove(ids[1]!);
    admin.give('a', 'diamond', 3);
    admin.effect('a', 'speed', 100, 1);
    admin.teleport('a', { x: 20.5, y: Y, z: 20.5 });
    admin.setChestContents({ x: 0, y: Y, z: 5 }, [{ name: 'apple', count: 2 }]);
    expect(admin.chestContents({ x: 0, y: Y, z: 5 })).toEqual({ apple: 2 });
    admin.broadcast('the flood comes in 60 s');
    admin.setTime(14000);
    expect(() => admin.setGamerule('doFloods', true)).toThrow(InputError);
    expect(() => admin.give('nobody', 'apple', 1)).toThrow(/no player/);
    await env.step({});
    const players = admin.players();
    const a = players.find((p) => p.name === 'a')!;
    expect(a.inventory.diamond).toBe(3);
    expect(a.effects).toEqual(['Speed']);
    expect(a.pos.x).toBeCloseTo(20.5);
    expect(admin.entities({ type: 'zombie' })).toHaveLength(2); // one wave zombie + the boss
    // Deaths are counted per player.
    env.world.player('far')!.health = 1;
    admin.effect('far', 'instant_damage', 1, 0);
    await env.step({});
    expect(admin.players().find((p) => p.name === 'far')!.deaths).toBe(1);
  });

  it('broadcasts reach every agent as a priority message', async () => {
    const env = new SimEnv({ ticksPerStep: 5 });
    await env.reset({ seed: 1, scenario: { world: calm, agents: [at('a', 0, 0), at('far', 300, 0)], chatRange: 8 } });
    env.admin.broadcast('gather at spawn');
    const r = await env.step({});
    for (const name of ['a', 'far']) {
      expect(r.observations[name]!.messages.map((m) => m.message)).toEqual(['gather at spawn']);
      expect(r.observations[name]!.events[0]).toMatchObject({ type: 'chat', priority: 50 });
    }
  });
});

describe('SimEnv: determinism of code actions', () => {
  it('same seed and same code give the same observations', async () => {
    const run = async () => {
      const env = new SimEnv({ ticksPerStep: 10 });
      const trace: unknown[] = [await env.reset({ seed: 9, scenario: { world: calm, agents: [at('a', 0, 0), at('b', 3, 3)] } })];
      const code: AgentAction = { type: 'code', source: `for (let i = 0; i < 3; i++) { await moveTo({x: Math.floor(Math.random() * 8), y: ${Y}, z: 2}); say('leg ' + i + ' t=' + Date.now()); }` };
      trace.push((await env.step({ a: code, b: { type: 'skill', name: 'wait', params: { ticks: 15 } } })).observations);
      for (let i = 0; i < 8; i++) trace.push((await env.step({})).observations);
      return trace;
    };
    const one = await run();
    expect(await run()).toEqual(one);
  });
});
