/**
 * Touch against an in-process flying-squid 1.16.5 server, which sends no damage_event: one agent's
 * bot hits another from behind and the victim feels the blow from behind, named, with the damage
 * of its health drop — read from the health update, the knockback velocity and the attacker's swing
 * (env/minecraft/knockback-blows.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ObservedTouch } from '../../src/core/observation.js';
import { GROUND_Y, agentAt, flatScenario, runSkill, skill } from '../../src/env/testing/backend-helpers.js';
import { useFlyingSquid } from './server-fixture.js';

const squid = useFlyingSquid();

describe('touch on flying-squid (1.16.5)', { retry: 1 }, () => {
  it('a blow from a player behind is felt from behind and names the attacker', async () => {
    const env = squid.backend();
    await env.reset({
      seed: 1,
      // ann looks south (+z); bob stands two blocks north of her, behind her back, with a stone sword.
      scenario: flatScenario([agentAt('ann', 0, 0), agentAt('bob', 0, -2, { inventory: [{ name: 'stone_sword', count: 1 }] })]),
    });
    const looked = await runSkill(env, 'ann', skill('look', { at: { x: 0.5, y: GROUND_Y + 1.6, z: 12.5 } }), 'look', 100);
    expect(looked.report?.ok, JSON.stringify(looked.report?.result)).toBe(true);
    await runSkill(env, 'bob', skill('equip', { item: 'stone_sword' }), 'equip', 100);
    const ann = env.admin.entities({ type: 'player' }).find((p) => p.name === 'ann')!;
    const hits: ObservedTouch['hits'] = [];
    const hurts: string[] = [];
    // bob chases ann with mineflayer-pvp; ann stands still facing away. A few blows are enough.
    const r = await env.step({ bob: skill('attack', { id: ann.id, timeoutTicks: 200 }) });
    for (let i = 0; i < 30 && hits.length < 2; i++) {
      const obs = (i === 0 ? r : await env.step({})).observations.ann;
      if (!obs) break;
      hits.push(...(obs.touch?.hits ?? []));
      hurts.push(...obs.events.filter((e) => e.type === 'hurt').map((e) => e.text));
    }
    expect(hurts.length, 'flying-squid dealt no damage to ann').toBeGreaterThan(0);
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) {
      expect(h.from).toBe('behind');
      expect(h.amount).toBeGreaterThan(0);
    }
    // bob's client sends its swing just after the attack; an observation taken between the two
    // would say "something", so one named blow is what a slow machine can promise.
    expect(hits.some((h) => h.by === 'bob')).toBe(true);
    expect(hits.every((h) => h.by === 'bob' || h.by === 'something')).toBe(true);
  });
});
