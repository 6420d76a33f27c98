/**
 * One bot's observation: reads the bot's own body (health, food, inventory, effects, look) and
 * hands it, with its inbox, its skills' progress and what its senses report (the embedded world's
 * senses over the bot's body port), to the one observation assembly (skills/observe/assemble.ts).
 * Only reading a mineflayer bot lives here.
 */
import type { Bot } from 'mineflayer';
import type { ObservedEffect, ObservedEvent, ObservedItem, ObservedTouch, Observation, VisibleBlockSummary } from '../../core/observation.js';
import { assembleObservation, type NeedsMemory, type SelfReport } from '../../skills/observe/assemble.js';
import { observedBlocks } from '../../skills/observe/observe.js';
import { attackerName, touchOf } from '../../skills/senses/touch.js';
import type { BodyEvents } from './body-events.js';
import { effectNameOf } from './body-events.js';
import { pitchDegrees, yawDegrees } from './bot-geometry.js';
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

export interface ObserveInputs {
  agent: string;
  bot: Bot;
  senses: Senses;
  runner: MinecraftSkillRunner;
  hub: MessageHub;
  body: BodyEvents;
  state: NeedsMemory;
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
  const slots = bot.inventory.slots;
  const self: SelfReport = {
    agent: i.agent,
    tick,
    alive: bot.health > 0,
    health: bot.health,
    maxHealth: i.maxHealth,
    food: bot.food,
    saturation: bot.foodSaturation,
    oxygen: Math.round((bot.oxygenLevel ?? 20) * 15),
    effects: effectsOf(bot),
    pos: bot.entity.position,
    yaw: yawDegrees(bot.entity.yaw),
    pitch: pitchDegrees(bot.entity.pitch),
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
    timeOfDay: bot.time?.timeOfDay ?? 0,
    biome: biomeOf(bot),
  };
  return assembleObservation(self, i.state, {
    events: [...(i.extraEvents ?? []), ...i.body.take(), ...inbox.events],
    finished: i.runner.takeFinished(),
    running: i.runner.running,
    messages: inbox.messages,
    sounds: [],
    nearbyBlocks: () => blockSummary(bot, i.senses, limits),
    entities: () => entitiesOf(bot, i.senses, limits),
    touch: () => touchOfBot(bot, i.senses, i.body),
    maxEvents: limits.maxEvents,
    maxMessages: limits.maxMessages,
  });
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

/** Touch on a real server: the shared geometry over the bot's port, and the blows its body felt. */
export function touchOfBot(bot: Bot, senses: Senses, body: BodyEvents): ObservedTouch {
  const port = mcBodyPort(bot, senses.hiddenPlayers);
  const viewer = mcViewer(bot, senses);
  const hits = body.takeHits().map((h) => {
    let source;
    for (const e of port.entities.values()) if (e.id === h.sourceId) source = e;
    return { tick: h.tick, from: h.from, by: attackerName(port, viewer, source, senses.omniscient), amount: h.amount };
  });
  return { ...touchOf(port, viewer, senses.omniscient), hits };
}

function entitiesOf(bot: Bot, senses: Senses, limits: ObserverLimits): Observation['entities'] {
  const index = healthMetadataIndex(bot);
  return botVisibleEntities(bot, senses, { maxResults: limits.maxEntities }).map((e) => describeEntity(e, index));
}
