/**
 * Builds the backend-neutral `Observation` (core/observation.ts) from one bot's view of a real
 * server, with the same senses limits as the embedded world: blocks and entities only within the
 * agent's perception range and line of sight, chat only within range (the hub decides), and the
 * body read from the bot. Low food and oxygen are told once when crossed, as in the sim.
 */
import type { Bot } from 'mineflayer';
import type { ObservedEffect, ObservedEvent, ObservedItem, Observation, VisibleBlockSummary } from '../../core/observation.js';
import { dayPhase, observedBlocks } from '../../skills/observe/observe.js';
import { EVENT_PRIORITY, LOW_FOOD_LEVEL, LOW_OXYGEN_TICKS } from '../../skills/observe/priorities.js';
import type { BodyEvents } from './body-events.js';
import { effectNameOf } from './body-events.js';
import { pitchDegrees, round1, round2, yawDegrees } from './bot-geometry.js';
import { healthMetadataIndex } from './entity-health.js';
import type { MessageHub } from './messaging.js';
import { mcBodyPort, mcViewer, type Senses } from './body-port.js';
import { botVisibleEntities } from './bot-senses.js';
import type { MinecraftSkillRunner } from './skill-runner.js';
import { describeEntity } from './skills/sensing.js';

export interface ObserverLimits {
  maxBlockTypes: number;
  maxEntities: number;
  maxEvents: number;
  maxMessages: number;
  /** Radius of the block summary (the sim scans the whole perception range; a real server's chunks make that costlier). */
  blockSummaryRange: number;
}

export const DEFAULT_OBSERVER_LIMITS: ObserverLimits = { maxBlockTypes: 24, maxEntities: 16, maxEvents: 20, maxMessages: 20, blockSummaryRange: 32 };

export interface ObserverState {
  lowFood: boolean;
  lowOxygen: boolean;
}

export interface ObserveInputs {
  agent: string;
  bot: Bot;
  senses: Senses;
  runner: MinecraftSkillRunner;
  hub: MessageHub;
  body: BodyEvents;
  state: ObserverState;
  tick: number;
  maxHealth: number;
  limits?: ObserverLimits;
  /** Events the env adds (rejected actions). */
  extraEvents?: ObservedEvent[];
}

export function observeBot(i: ObserveInputs): Observation {
  const { bot, tick } = i;
  const limits = i.limits ?? DEFAULT_OBSERVER_LIMITS;
  const inbox = i.hub.take(i.agent);
  const events: ObservedEvent[] = [...(i.extraEvents ?? []), ...i.body.take(), ...inbox.events];
  const finishedSkills = i.runner.takeFinished().map((f) => ({ name: f.name, params: f.params, ok: f.result.ok, result: { ...f.result } as Record<string, unknown>, ticks: f.ticks, finishedAt: f.finishedAt }));
  for (const f of finishedSkills) {
    const text = f.ok ? `${f.name} finished after ${f.ticks} ticks` : `${f.name} failed (${String(f.result.reason)}): ${String(f.result.details)}`;
    events.push({ tick: f.finishedAt, type: f.ok ? 'skill_finished' : 'skill_failed', text, priority: EVENT_PRIORITY.skillDone });
  }
  const alive = bot.health > 0;
  const oxygen = Math.round((bot.oxygenLevel ?? 20) * 15);
  const lowFood = alive && bot.food <= LOW_FOOD_LEVEL;
  if (lowFood && !i.state.lowFood) events.push({ tick, type: 'low_food', text: `you are hungry (food ${bot.food}/20); eat something`, priority: EVENT_PRIORITY.lowFood });
  i.state.lowFood = lowFood;
  const lowOxygen = alive && oxygen < LOW_OXYGEN_TICKS;
  if (lowOxygen && !i.state.lowOxygen) events.push({ tick, type: 'low_oxygen', text: `you are running out of air (${oxygen} ticks left); surface now`, priority: EVENT_PRIORITY.lowOxygen });
  i.state.lowOxygen = lowOxygen;

  const p = bot.entity.position;
  const running = i.runner.running;
  const timeOfDay = bot.time?.timeOfDay ?? 0;
  const slots = bot.inventory.slots;
  return {
    agent: i.agent,
    tick,
    alive,
    health: round1(bot.health),
    maxHealth: i.maxHealth,
    food: bot.food,
    saturation: Number.isFinite(bot.foodSaturation) ? round1(bot.foodSaturation) : 0,
    oxygen,
    effects: effectsOf(bot),
    pos: { x: round2(p.x), y: round2(p.y), z: round2(p.z) },
    yaw: round1(yawDegrees(bot.entity.yaw)),
    pitch: round1(pitchDegrees(bot.entity.pitch)),
    inventory: inventoryOf(bot),
    equipment: {
      head: slots[5]?.name ?? null,
      chest: slots[6]?.name ?? null,
      legs: slots[7]?.name ?? null,
      feet: slots[8]?.name ?? null,
      mainHand: bot.heldItem?.name ?? null,
      offHand: slots[45]?.name ?? null,
    },
    heldItem: bot.heldItem?.name ?? null,
    timeOfDay,
    dayPhase: dayPhase(timeOfDay),
    biome: biomeOf(bot),
    nearbyBlocks: alive ? blockSummary(bot, i.senses, limits) : [],
    entities: alive ? entitiesOf(bot, i.senses, limits) : [],
    messages: inbox.messages.slice(-limits.maxMessages),
    sounds: [],
    events: events.sort((a, b) => b.priority - a.priority || a.tick - b.tick).slice(0, limits.maxEvents),
    runningSkill: running ? { name: running.name, params: running.params, ticks: running.ticks } : null,
    finishedSkills,
  };
}

function inventoryOf(bot: Bot): ObservedItem[] {
  const byName = new Map<string, ObservedItem>();
  for (const item of bot.inventory.items()) {
    const seen = byName.get(item.name);
    if (seen) {
      seen.count += item.count;
      continue;
    }
    const entry: ObservedItem = { name: item.name, count: item.count };
    const max = (item as { maxDurability?: number }).maxDurability;
    const used = (item as { durabilityUsed?: number }).durabilityUsed;
    if (typeof max === 'number' && max > 0) entry.durability = max - (used ?? 0);
    byName.set(item.name, entry);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function effectsOf(bot: Bot): ObservedEffect[] {
  const effects = (bot.entity as unknown as { effects?: Record<string, { id: number; amplifier: number; duration: number }> }).effects ?? {};
  return Object.values(effects)
    .map((e) => ({ name: effectNameOf(bot, e.id), amplifier: e.amplifier, ticksLeft: e.duration >= 1_000_000 * 20 - 1 ? null : e.duration }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function biomeOf(bot: Bot): string | null {
  try {
    const block = bot.blockAt(bot.entity.position.floored());
    const biome = (block as unknown as { biome?: { name?: string } } | null)?.biome?.name;
    return biome && biome.length > 0 ? biome : null;
  } catch {
    return null;
  }
}

function blockSummary(bot: Bot, senses: Senses, limits: ObserverLimits): VisibleBlockSummary[] {
  return observedBlocks(mcBodyPort(bot, senses.hiddenPlayers), mcViewer(bot, senses), { omniscient: senses.omniscient, maxBlockTypes: limits.maxBlockTypes, range: limits.blockSummaryRange });
}

function entitiesOf(bot: Bot, senses: Senses, limits: ObserverLimits): Observation['entities'] {
  const index = healthMetadataIndex(bot);
  return botVisibleEntities(bot, senses, { maxResults: limits.maxEntities }).map((e) => describeEntity(e, index));
}
