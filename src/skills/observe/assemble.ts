/**
 * Observation assembly, once for every backend: a backend reads the agent's own body (`SelfReport`)
 * and hands over what its senses, inboxes and skills gathered; this puts them together with the
 * same rules everywhere — finished skills told once as events, low food and low oxygen told once
 * when crossed, events most urgent first, the latest messages kept, nothing seen while dead, and the
 * same rounding of numbers.
 */
import type {
  FinishedSkillReport,
  HeardMessage,
  HeardSound,
  ObservedEntity,
  ObservedEvent,
  ObservedTouch,
  Observation,
  VisibleBlockSummary,
} from '../../core/observation.js';
import type { FinishedSkill, RunningSkill } from '../skill-executor.js';
import { EVENT_PRIORITY, LOW_FOOD_LEVEL, LOW_OXYGEN_TICKS } from './priorities.js';

/**
 * What the agent's body says of itself, as the backend reads it: the observation's own fields,
 * unrounded (health, saturation, feet position, yaw and pitch in degrees are rounded here).
 */
export type SelfReport = Pick<
  Observation,
  'agent' | 'tick' | 'alive' | 'health' | 'maxHealth' | 'food' | 'saturation' | 'oxygen' | 'effects' | 'pos' | 'yaw' | 'pitch' | 'inventory' | 'equipment' | 'heldItem' | 'timeOfDay' | 'biome'
>;

/** Whether the agent was already told it is low on food / oxygen (events fire on crossing, once). */
export interface NeedsMemory {
  lowFood: boolean;
  lowOxygen: boolean;
}

export interface ObservationParts {
  /** Events since the last observation, in arrival order (inbox, body, rejected actions …). */
  events: ObservedEvent[];
  /** Skills that ended since the last observation. */
  finished: readonly FinishedSkill[];
  running: RunningSkill | null;
  messages: HeardMessage[];
  sounds: HeardSound[];
  /** Called only while the agent is alive. */
  nearbyBlocks(): VisibleBlockSummary[];
  /** Called only while the agent is alive. */
  entities(): ObservedEntity[];
  /** Called only while the agent is alive; a backend that cannot feel yet leaves it out. */
  touch?(): ObservedTouch;
  maxEvents: number;
  maxMessages: number;
}

export function assembleObservation(self: SelfReport, needs: NeedsMemory, parts: ObservationParts): Observation {
  const finishedSkills = parts.finished.map(finishedSkillReport);
  const events = [...parts.events];
  for (const f of finishedSkills) events.push(skillEvent(f));
  needEvents(self, needs, events);
  const running = parts.running;
  return {
    agent: self.agent,
    tick: self.tick,
    alive: self.alive,
    health: round1(self.health),
    maxHealth: self.maxHealth,
    food: self.food,
    saturation: Number.isFinite(self.saturation) ? round1(self.saturation) : 0,
    oxygen: self.oxygen,
    effects: self.effects,
    pos: { x: round2(self.pos.x), y: round2(self.pos.y), z: round2(self.pos.z) },
    yaw: round1(self.yaw),
    pitch: round1(self.pitch),
    inventory: self.inventory,
    equipment: self.equipment,
    heldItem: self.heldItem,
    timeOfDay: self.timeOfDay,
    dayPhase: dayPhase(self.timeOfDay),
    biome: self.biome,
    nearbyBlocks: self.alive ? parts.nearbyBlocks() : [],
    entities: self.alive ? parts.entities() : [],
    messages: parts.messages.slice(-parts.maxMessages),
    sounds: parts.sounds.slice(-parts.maxMessages),
    events: events.sort(byUrgency).slice(0, parts.maxEvents),
    runningSkill: running ? { name: running.name, params: running.params, ticks: running.ticks } : null,
    finishedSkills,
    ...(self.alive && parts.touch ? { touch: parts.touch() } : {}),
  };
}

function byUrgency(a: ObservedEvent, b: ObservedEvent): number {
  return b.priority - a.priority || a.tick - b.tick;
}

/** Low food and oxygen are states, not world events: tell the agent once when it crosses in. */
function needEvents(self: SelfReport, needs: NeedsMemory, events: ObservedEvent[]): void {
  const lowFood = self.alive && self.food <= LOW_FOOD_LEVEL;
  if (lowFood && !needs.lowFood) {
    events.push({ tick: self.tick, type: 'low_food', text: `you are hungry (food ${self.food}/20); eat something`, priority: EVENT_PRIORITY.lowFood });
  }
  needs.lowFood = lowFood;
  const lowOxygen = self.alive && self.oxygen < LOW_OXYGEN_TICKS;
  if (lowOxygen && !needs.lowOxygen) {
    events.push({ tick: self.tick, type: 'low_oxygen', text: `you are running out of air (${self.oxygen} ticks left); surface now`, priority: EVENT_PRIORITY.lowOxygen });
  }
  needs.lowOxygen = lowOxygen;
}

function finishedSkillReport(f: FinishedSkill): FinishedSkillReport {
  return { name: f.name, params: f.params, ok: f.result.ok, result: { ...f.result } as Record<string, unknown>, ticks: f.ticks, finishedAt: f.finishedAt };
}

function skillEvent(f: FinishedSkillReport): ObservedEvent {
  const text = f.ok
    ? `${f.name} finished after ${f.ticks} ticks`
    : `${f.name} failed (${String(f.result.reason)}): ${String(f.result.details)}`;
  return { tick: f.finishedAt, type: f.ok ? 'skill_finished' : 'skill_failed', text, priority: EVENT_PRIORITY.skillDone };
}

export function dayPhase(timeOfDay: number): Observation['dayPhase'] {
  if (timeOfDay < 12000) return 'day';
  if (timeOfDay < 13000) return 'sunset';
  if (timeOfDay < 23000) return 'night';
  return 'sunrise';
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;
export const round2 = (n: number): number => Math.round(n * 100) / 100;
