import { describe, expect, it } from 'vitest';
import type { WorldAdmin } from '../../src/env/world-admin.js';
import { EpisodeLog } from '../../src/tasks/goals/episode-log.js';
import type { GoalContext } from '../../src/tasks/goals/goal-evaluator.js';
import { KillBossEvaluator } from '../../src/tasks/goals/kill-boss.js';

/**
 * A server that reports neither mob health nor how much a hit took (flying-squid; vanilla before it
 * sends the metadata): a living boss must not count as beaten, and agents are credited by hits.
 */
describe('kill_boss on a server without health or damage amounts', () => {
  const agents = [
    { id: 1, name: 'Alice' },
    { id: 2, name: 'Bob' },
  ];
  let bossAlive = true;
  const admin = {
    entities: (q: { tag?: string; type?: string }) =>
      q.tag === 'boss' ? (bossAlive ? [{ id: 77, type: 'zombie', name: 'Warlord', tags: ['boss'] }] : []) : agents.map((a) => ({ id: a.id, type: 'player', name: a.name })),
    players: () => agents.map((a) => ({ name: a.name, alive: true, inventory: {} })),
  } as unknown as WorldAdmin;
  const log = new EpisodeLog();
  const ctx = (): GoalContext => ({
    admin, log, step: 1, tick: 20, startTick: 0, maxSteps: 100, ticksPerStep: 20, final: false,
    mode: 'cooperative', agents: ['Alice', 'Bob'], teams: {}, chests: [],
  });

  it('scores no progress on a living boss of unknown health and credits agents by their hits', () => {
    log.prime(admin);
    const evaluator = new KillBossEvaluator({ type: 'kill_boss' } as never);
    const hurt = (by: number, tick: number) => log.record({ type: 'entity_hurt', tick, entity: 77, entityType: 'zombie', amount: null, cause: 'player', by: by, health: null });
    hurt(1, 10);
    hurt(1, 30);
    hurt(2, 50);
    let r = evaluator.evaluate(ctx());
    expect(r.success).toBe(false);
    expect(r.score).toBe(0);
    expect(r.perAgent!['Alice']!.score).toBeCloseTo(2 / 3);
    expect(r.perAgent!['Bob']!.score).toBeCloseTo(1 / 3);
    expect(r.details).toMatchObject({ hitsByAgent: { Alice: 2, Bob: 1 } });

    hurt(2, 70);
    log.record({ type: 'entity_died', tick: 71, entity: 77, entityType: 'zombie', cause: 'player', by: 2, pos: { x: 0, y: 64, z: 0 } });
    bossAlive = false;
    r = evaluator.evaluate(ctx());
    expect(r).toMatchObject({ success: true, score: 1 });
    expect(r.perAgent!['Alice']!.score).toBeCloseTo(0.5);
    expect(r.perAgent!['Bob']!.score).toBeCloseTo(0.5);
  });
});
