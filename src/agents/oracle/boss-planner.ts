/**
 * The oracle for TickingCollab's "raid a boss". It knows where and when the boss appears (the task's
 * `spawn_boss` event), tracks the boss and its minions through the admin, and reads every agent's
 * health, weapons and armor. Each free agent, in order of urgency:
 *  1. drinks a healing potion when its health is low (fetching one from the nearest stocked chest
 *     when it carries none), or eats when hungry;
 *  2. puts on the best armor it carries;
 *  3. fights: the stronger half of the team (weapon damage per second times health) strikes the boss,
 *     the others peel minions off their allies; anyone with a minion at its heels hits the minion first.
 * Attacks run in short slices so targets are re-chosen as the fight moves.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { Vec3 } from '../../core/vec3.js';
import type { AdminEntityInfo } from '../../env/world-admin.js';
import type { ActionOf } from '../../tasks/spec.js';
import { inventoryOf, pause, skill } from '../heuristic/actions.js';
import { armorOf, weaponDps } from '../heuristic/item-facts.js';
import { agentProfiles, stepNow, type AgentProfile, type OracleContext } from './knowledge.js';
import type { OraclePlanner } from './planner.js';

/** Health share under which an agent drinks or fetches a potion. */
const LOW_HEALTH = 0.4;
/** A minion this close to an agent is hit before the boss. */
const THREAT_RANGE = 3.5;
/** Ticks per attack call before targets are re-chosen. */
const ATTACK_SLICE = 100;
/** Farthest an agent walks for a potion (blocks). */
const POTION_TRIP = 40;

export class BossPlanner implements OraclePlanner {
  private readonly profiles: Map<string, AgentProfile>;
  private readonly bossSpec: ActionOf<'spawn_boss'> | null;
  private readonly bossStart: number;
  private readonly bossName: string | undefined;

  constructor(private readonly ctx: OracleContext) {
    this.profiles = agentProfiles(ctx.task);
    const goal = ctx.task.goals.find((g) => g.type === 'kill_boss');
    this.bossName = goal?.type === 'kill_boss' ? goal.name : undefined;
    let spec: ActionOf<'spawn_boss'> | null = null;
    let start = 0;
    for (const ev of ctx.task.events) {
      for (const a of ev.actions) {
        if (a.type === 'spawn_boss' && (this.bossName === undefined || a.name === this.bossName) && !spec) {
          spec = a;
          start = ev.trigger.start;
        }
      }
    }
    this.bossSpec = spec;
    this.bossStart = start;
  }

  decide(asked: Readonly<Record<string, Observation>>): Partial<Record<string, AgentAction>> {
    const out: Partial<Record<string, AgentAction>> = {};
    const bosses = this.ctx.admin.entities({ tag: 'boss' }).filter((e) => !e.dead && (this.bossName === undefined || e.name === this.bossName));
    const minions = this.ctx.admin.entities({ tag: 'minion' }).filter((e) => !e.dead);
    const strikers = this.strikers();
    for (const [name, obs] of Object.entries(asked)) {
      if (!obs.alive) continue;
      const a = this.next(name, obs, bosses, minions, strikers);
      if (a) out[name] = a;
    }
    return out;
  }

  private next(name: string, obs: Observation, bosses: AdminEntityInfo[], minions: AdminEntityInfo[], strikers: Set<string>): AgentAction | null {
    const inv = inventoryOf(obs);
    const running = obs.runningSkill?.name;
    if (running === 'useItem' || running === 'eat' || running === 'getFromChest' || running === 'equip') return null;
    if (obs.health < obs.maxHealth * LOW_HEALTH) {
      if ((inv.potion ?? 0) > 0) return skill('useItem', { item: 'potion' });
      const chest = this.potionChest(obs.pos);
      if (chest) return skill('getFromChest', { chest, items: [{ name: 'potion', count: 1 }] });
    }
    if (obs.food < 14 && running !== 'attack') {
      const food = Object.keys(inv).find((i) => /^(cooked_|bread|apple|golden_apple|baked_potato|carrot|pumpkin_pie|cookie|melon_slice)/.test(i));
      if (food) return skill('eat', { item: food });
    }
    const armor = this.armorToWear(inv, obs);
    if (armor) return skill('equip', armor);

    const boss = bosses[0];
    if (!boss) {
      if (!this.bossSpec || stepNow(this.ctx) > this.bossStart + 1) return pause(20);
      const p = this.bossSpec.position;
      return Math.hypot(obs.pos.x - p.x, obs.pos.z - p.z) > 8 ? skill('moveTo', { x: p.x, y: p.y, z: p.z, range: 6 }) : pause(10);
    }
    const threat = minions.filter((m) => dist(m.pos, obs.pos) <= THREAT_RANGE).sort((a, b) => dist(a.pos, obs.pos) - dist(b.pos, obs.pos))[0];
    let target: AdminEntityInfo = boss;
    if (threat) target = threat;
    else if (!strikers.has(name) && minions.length > 0) {
      // Guards take the minion closest to any ally, so strikers can keep hitting the boss.
      const allies = this.ctx.admin.players().filter((p) => p.alive && p.name !== name);
      const near = (m: AdminEntityInfo): number => Math.min(dist(m.pos, obs.pos) + 2, ...allies.map((p) => dist(p.pos, m.pos)));
      target = [...minions].sort((a, b) => near(a) - near(b))[0]!;
    }
    const params = obs.runningSkill?.params as { id?: number } | undefined;
    if (running === 'attack' && params?.id === target.id) return null; // already on it
    return skill('attack', { id: target.id, timeoutTicks: ATTACK_SLICE });
  }

  /** The stronger half of the team by damage per second times health (at least one agent). */
  private strikers(): Set<string> {
    const players = this.ctx.admin.players().filter((p) => p.alive);
    const power = (p: (typeof players)[number]): number => {
      const best = Math.max(weaponDps(null), ...Object.keys(p.inventory).map((i) => weaponDps(i)));
      return best * (this.profiles.get(p.name)?.maxHealth ?? 20);
    };
    const ranked = [...players].sort((a, b) => power(b) - power(a));
    return new Set(ranked.slice(0, Math.max(1, Math.ceil(ranked.length / 2))).map((p) => p.name));
  }

  private armorToWear(inv: Record<string, number>, obs: Observation): { item: string; slot: string } | null {
    const worn: Record<string, string | null> = { head: obs.equipment.head, chest: obs.equipment.chest, legs: obs.equipment.legs, feet: obs.equipment.feet };
    for (const item of Object.keys(inv)) {
      const a = armorOf(item);
      if (!a) continue;
      const current = worn[a.slot];
      const rank = current ? (armorOf(current)?.rank ?? -1) : -1;
      if (a.rank > rank && current !== item) return { item, slot: a.slot };
    }
    return null;
  }

  /** The nearest chest with a potion in it, within a reasonable trip. */
  private potionChest(from: Vec3): Vec3 | null {
    let best: { pos: Vec3; d: number } | null = null;
    for (const c of this.ctx.task.chests) {
      const items = this.ctx.admin.chestContents(c);
      if (!items || (items.potion ?? 0) <= 0) continue;
      const d = dist(c, from);
      if (d <= POTION_TRIP && (!best || d < best.d)) best = { pos: c, d };
    }
    return best?.pos ?? null;
  }
}

const dist = (a: Vec3, b: Vec3): number => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
