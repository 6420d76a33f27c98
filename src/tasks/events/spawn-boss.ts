/**
 * TickingCollab's "raid a boss": the boss appears at the trigger's first firing; every later firing
 * (each `interval` steps until `end`) sends a wave of minions around it while it lives.
 */
import type { ActionOf } from '../spec/events.js';
import type { EventAction, EventStepContext } from './event-action.js';

export type SpawnBossSpec = ActionOf<'spawn_boss'>;

export class SpawnBoss implements EventAction {
  private bossId: number | null = null;

  constructor(private readonly spec: SpawnBossSpec) {}

  step(ctx: EventStepContext): void {
    if (!ctx.firing) return;
    const { spec } = this;
    if (this.bossId === null) {
      this.bossId = ctx.admin.spawnBoss({
        type: spec.mob,
        pos: spec.position,
        health: spec.health,
        damage: spec.damage,
        name: spec.name,
        ...(spec.speed_bps === undefined ? {} : { speedBps: spec.speed_bps }),
        ...(spec.damage_multipliers === undefined ? {} : { damageMultipliers: spec.damage_multipliers }),
      });
      ctx.notify('boss_spawned', { name: spec.name, id: this.bossId, mob: spec.mob, health: spec.health, pos: spec.position });
      return;
    }
    const boss = ctx.admin.entities().find((e) => e.id === this.bossId);
    if (!boss || boss.dead) return;
    const ids: number[] = [];
    for (const m of spec.minions) {
      for (let i = 0; i < m.count; i++) {
        const angle = ctx.rng.range(0, 2 * Math.PI);
        const r = ctx.rng.range(1, Math.max(1, spec.minion_radius));
        const pos = { x: boss.pos.x + Math.cos(angle) * r, y: boss.pos.y, z: boss.pos.z + Math.sin(angle) * r };
        ids.push(
          ...ctx.admin.summon(m.mob, pos, {
            count: 1,
            persistent: true,
            tags: ['task', 'minion', `boss:${spec.name}`],
            ...(m.health === undefined ? {} : { health: m.health }),
            ...(m.damage === undefined ? {} : { damage: m.damage }),
            ...(m.damage_multipliers === undefined ? {} : { damageMultipliers: m.damage_multipliers }),
          }),
        );
      }
    }
    ctx.notify('minions_spawned', { boss: spec.name, ids, wave: ctx.firedBefore });
  }

  get id(): number | null {
    return this.bossId;
  }
}
