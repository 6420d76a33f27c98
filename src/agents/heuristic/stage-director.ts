/**
 * MineLand stage performance for the heuristic team: the script is played line by line, in order,
 * by the agents it names, through the same skills as everything else. A line's actor does it while
 * the others wait their turn; a line is over when the world shows it done (the item is held, the
 * mob is dead) or the skill that performs it has finished.
 *
 *  - `chat`: the actor says the line;
 *  - `get X`: handed over by a teammate who holds X, otherwise obtained (gathered, crafted, smelted;
 *    meat by hunting the animal that drops it);
 *  - `eat X`, `craft X`, `place X`, `break X`: the matching skill;
 *  - `give X`: to the actor of the next line that gets X, else the nearest teammate;
 *  - `kill M` / `M died`: the actor (for `died`, whoever acts next) attacks the nearest M.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { StageLine } from '../../tasks/spec/goals.js';
import { inventoryOf, pause, skill } from './actions.js';

/** Raw meat and the animal that drops it (vanilla loot tables). */
export const MEAT_FROM: Readonly<Record<string, string>> = {
  porkchop: 'pig',
  beef: 'cow',
  chicken: 'chicken',
  mutton: 'sheep',
  rabbit: 'rabbit',
};

export interface StageHelpers {
  /** The obtain planner's next action for `item` (null when the agent already holds `count`). */
  obtain(name: string, obs: Observation, item: string, count: number): AgentAction | null;
  /** Whether the team has seen a mob of this type die by its attacks since the line began. */
  killedSince(mob: string, since: number): boolean;
  /** How many kills the team has seen so far (a line records it when it begins). */
  kills(): number;
}

interface LineState {
  /** The skill that performs the line was sent (for lines that end with their skill). */
  issued: boolean;
  /** Team kill count when the line began. */
  killsAtStart: number;
}

export class StageDirector {
  private cursor = 0;
  private state: LineState | null = null;

  constructor(
    private readonly script: readonly StageLine[],
    private readonly agents: readonly string[],
  ) {}

  /** The line being played, or null when the script is over. */
  get current(): StageLine | null {
    return this.script[this.cursor] ?? null;
  }

  /** What `name` does now: its line's action, or a short wait while another actor plays. */
  next(name: string, obs: Observation, team: ReadonlyMap<string, Observation>, h: StageHelpers): AgentAction | null {
    this.advance(team, h);
    const line = this.current;
    if (!line) return null;
    const actor = this.actorOf(line, team);
    const state = this.state!;

    // A handover: the teammate who holds the item gives it to the actor who is to get it.
    if (line.action === 'get' && line.object && actor !== null && !holds(team.get(actor), line.object)) {
      const giver = [...team].find(([n, o]) => n !== actor && o.alive && holds(o, line.object!))?.[0];
      if (giver) {
        if (name !== giver) return pause(20);
        if (state.issued) return pause(20);
        state.issued = true;
        return skill('give', { player: actor, item: line.object, count: 1 });
      }
    }
    if (name !== actor) return pause(20);
    if (obs.runningSkill) return null;

    switch (line.action) {
      case 'chat':
        state.issued = true;
        return skill('say', { message: line.text ?? '...' });
      case 'get':
        return line.object ? this.obtain(name, obs, line.object, h) : null;
      case 'craft':
        return line.object ? this.obtain(name, obs, line.object, h) : null;
      case 'eat':
        if (!line.object || !holds(obs, line.object)) return line.object ? this.obtain(name, obs, line.object, h) : null;
        state.issued = true;
        return skill('eat', { item: line.object });
      case 'give': {
        if (!line.object) return null;
        if (!holds(obs, line.object)) return this.obtain(name, obs, line.object, h);
        const to = this.receiverOf(name, line.object, team);
        if (!to) return pause(20);
        state.issued = true;
        return skill('give', { player: to, item: line.object, count: 1 });
      }
      case 'kill':
      case 'died': {
        const mob = line.action === 'died' ? line.actor : line.object;
        if (!mob) return null;
        const target = obs.entities.filter((e) => e.type === mob).sort((a, b) => a.distance - b.distance)[0];
        return target ? skill('attack', { id: target.id, timeoutTicks: 400 }) : pause(40);
      }
      case 'place':
        if (!line.object || !holds(obs, line.object)) return line.object ? this.obtain(name, obs, line.object, h) : null;
        state.issued = true;
        return skill('place', { block: line.object, ...besideFeet(obs) });
      case 'break': {
        const block = obs.nearbyBlocks.find((b) => b.name === line.object);
        if (!block) return pause(40);
        state.issued = true;
        return skill('mineBlocks', { positions: [block.nearest] });
      }
    }
  }

  /** Moves past every line that is done. */
  private advance(team: ReadonlyMap<string, Observation>, h: StageHelpers): void {
    for (;;) {
      const line = this.current;
      if (!line) return;
      if (!this.state) this.state = { issued: false, killsAtStart: h.kills() };
      if (!this.done(line, this.state, team, h)) return;
      this.cursor++;
      this.state = null;
    }
  }

  private done(line: StageLine, state: LineState, team: ReadonlyMap<string, Observation>, h: StageHelpers): boolean {
    const actor = this.actorOf(line, team);
    const obs = actor === null ? undefined : team.get(actor);
    if (actor !== null && (!obs || !obs.alive)) return true; // an actor who is gone cannot play: move on
    const finished = (skillName: string) => obs?.finishedSkills.some((f) => f.name === skillName) === true;
    switch (line.action) {
      case 'chat':
        return state.issued;
      case 'get':
      case 'craft':
        return line.object === undefined || holds(obs, line.object);
      case 'eat':
      case 'give':
      case 'place':
      case 'break':
        return state.issued && (finished(line.action === 'break' ? 'mineBlocks' : line.action) || !obs?.runningSkill);
      case 'kill':
        return line.object === undefined || h.killedSince(line.object, state.killsAtStart);
      case 'died':
        return line.actor === undefined || h.killedSince(line.actor, state.killsAtStart);
    }
  }

  /** Who plays a line: its actor when that is an agent, else (a mob's `died`, or anyone) whoever acts next. */
  private actorOf(line: StageLine, team: ReadonlyMap<string, Observation>): string | null {
    if (line.actor && this.agents.includes(line.actor)) return line.actor;
    for (const next of this.script.slice(this.cursor + 1)) if (next.actor && this.agents.includes(next.actor)) return next.actor;
    return [...team].find(([, o]) => o.alive)?.[0] ?? null;
  }

  private receiverOf(giver: string, item: string, team: ReadonlyMap<string, Observation>): string | null {
    const getter = this.script.slice(this.cursor + 1).find((l) => l.action === 'get' && l.object === item && l.actor && l.actor !== giver)?.actor;
    if (getter && team.get(getter)?.alive) return getter;
    const me = team.get(giver);
    const others = [...team].filter(([n, o]) => n !== giver && o.alive);
    if (!me || others.length === 0) return null;
    others.sort((a, b) => dist(a[1], me) - dist(b[1], me));
    return others[0]![0];
  }

  /** `get`: obtain the item; raw meat by hunting the animal that drops it. */
  private obtain(name: string, obs: Observation, item: string, h: StageHelpers): AgentAction | null {
    const animal = MEAT_FROM[item];
    if (animal) {
      const target = obs.entities.filter((e) => e.type === animal).sort((a, b) => a.distance - b.distance)[0];
      if (target) return skill('attack', { id: target.id, timeoutTicks: 400 });
      const drop = obs.entities.find((e) => e.type === 'item' && e.name === item);
      if (drop) return skill('moveTo', { x: drop.pos.x, y: drop.pos.y, z: drop.pos.z, range: 0.5 });
    }
    // Cooked meat: get the raw meat first, then the planner smelts it.
    const raw = item.startsWith('cooked_') ? item.slice('cooked_'.length) : null;
    if (raw && MEAT_FROM[raw] && !holds(obs, raw) && !holds(obs, item)) return this.obtain(name, obs, raw, h);
    return h.obtain(name, obs, item, (inventoryOf(obs)[item] ?? 0) + 1);
  }
}

const holds = (obs: Observation | undefined, item: string): boolean => obs !== undefined && (inventoryOf(obs)[item] ?? 0) > 0;
const dist = (a: Observation, b: Observation): number => Math.hypot(a.pos.x - b.pos.x, a.pos.y - b.pos.y, a.pos.z - b.pos.z);

/** A spot next to the agent's feet to place a block on (in front along +x, on the ground). */
function besideFeet(obs: Observation): { x: number; y: number; z: number } {
  return { x: Math.floor(obs.pos.x) + 1, y: Math.floor(obs.pos.y), z: Math.floor(obs.pos.z) };
}
