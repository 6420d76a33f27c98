/**
 * The observation builder: what one agent knows after a step, built only from its senses
 * (perception range, line of sight, optional view cone; chat and sounds by range and radio) plus
 * its own body (health, food, inventory) and its skills' progress. Only an omniscient agent (the
 * oracle) bypasses sight. Everything that happened since the previous observation (hurt, chat to
 * the agent, death, low food or oxygen, finished skills) comes once, as prioritised events.
 */
import type { ObservedEffect, ObservedEntity, ObservedItem, Observation, VisibleBlockSummary } from '../../core/observation.js';
import type { Player, World } from '../../world/index.js';
import type { BodyPort, Viewer } from '../body-port.js';
import type { FinishedSkill, RunningSkill } from '../skill-executor.js';
import { assembleObservation, round1, type NeedsMemory, type SelfReport } from './assemble.js';
import { summarizeVisibleBlocks } from '../senses/nearby-blocks.js';
import { visibleEntities } from '../senses/perception.js';
import { touchOf } from '../senses/touch.js';
import type { WorldMailboxes } from './mailboxes.js';

/** Where an observation learns about the agent's skills: a SkillExecutor, or an env's wrapper of one. */
export interface SkillProgress {
  readonly running: RunningSkill | null;
  takeFinished(): FinishedSkill[];
}

export interface ObserveOptions {
  /** Most block types listed (the nearest types are kept). Default 24. */
  maxBlockTypes?: number;
  /** Most entities listed, nearest first. Default 16. */
  maxEntities?: number;
  /** Most events per observation, most urgent first. Default 20. */
  maxEvents?: number;
  /** Most chat lines and sounds per observation (the latest are kept). Default 20 each. */
  maxMessages?: number;
  /** Cap on line-of-sight rays per observation (see docs/senses.md). */
  maxRays?: number;
}

/** Everything an agent's observations remember between calls. Create one per agent with `createObserverState`. */
export interface ObserverState extends NeedsMemory {
  readonly mailboxes: WorldMailboxes;
  readonly skills: SkillProgress | null;
  readonly omniscient: boolean;
  readonly options: Required<Omit<ObserveOptions, 'maxRays'>> & Pick<ObserveOptions, 'maxRays'>;
  /** Whether the agent was already told it is low on food / oxygen (events fire on crossing, once). */
  lowFood: boolean;
  lowOxygen: boolean;
}

export function createObserverState(init: {
  mailboxes: WorldMailboxes;
  skills?: SkillProgress | null;
  omniscient?: boolean;
  options?: ObserveOptions;
}): ObserverState {
  const o = init.options ?? {};
  return {
    mailboxes: init.mailboxes,
    skills: init.skills ?? null,
    omniscient: init.omniscient ?? false,
    options: {
      maxBlockTypes: o.maxBlockTypes ?? 24,
      maxEntities: o.maxEntities ?? 16,
      maxEvents: o.maxEvents ?? 20,
      maxMessages: o.maxMessages ?? 20,
      maxRays: o.maxRays,
    },
    lowFood: false,
    lowOxygen: false,
  };
}

/**
 * What sight gives an observation when it was computed elsewhere (on another thread, by
 * `SightThreads`, with the same `observedBlocks`, `observedEntities` and options): the observation
 * lists these arrays instead of looking here.
 */
export interface SightAhead {
  nearbyBlocks: VisibleBlockSummary[];
  /** Absent: the entities are looked for here. */
  entities?: ObservedEntity[];
}

/** The agent's observation now; `sight`, when given, is what it sees, computed ahead. */
export function observe(world: World, player: Player, state: ObserverState, sight?: SightAhead): Observation {
  const inbox = state.mailboxes.take(player.name);
  const inv = player.inventory;
  const opts = state.options;
  const self: SelfReport = {
    agent: player.name,
    tick: world.tick,
    alive: !player.dead,
    health: player.health,
    maxHealth: player.maxHealth,
    food: player.food,
    saturation: player.saturation,
    oxygen: player.air,
    effects: effectsOf(player),
    pos: player.pos,
    yaw: player.yaw,
    pitch: player.pitch,
    inventory: inventoryOf(world, player),
    equipment: {
      head: inv.armor.head?.name ?? null,
      chest: inv.armor.chest?.name ?? null,
      legs: inv.armor.legs?.name ?? null,
      feet: inv.armor.feet?.name ?? null,
      mainHand: inv.held?.name ?? null,
      offHand: inv.offhand?.name ?? null,
    },
    heldItem: inv.held?.name ?? null,
    timeOfDay: world.timeOfDay,
    biome: safeBiome(world, player),
  };
  return assembleObservation(self, state, {
    events: inbox.events,
    finished: state.skills?.takeFinished() ?? [],
    running: state.skills?.running ?? null,
    messages: inbox.messages,
    sounds: inbox.sounds,
    nearbyBlocks: () => sight?.nearbyBlocks ?? blocksOf(world, player, state),
    entities: () => sight?.entities ?? observedEntities(world, player, { omniscient: state.omniscient, maxEntities: opts.maxEntities }, (id) => world.entity(id)!),
    touch: () => ({ ...touchOf(world, player, state.omniscient), hits: inbox.hits }),
    maxEvents: opts.maxEvents,
    maxMessages: opts.maxMessages,
  });
}

function effectsOf(player: Player): ObservedEffect[] {
  const out: ObservedEffect[] = [];
  for (const e of player.effects.values()) {
    out.push({ name: e.name, amplifier: e.amplifier, ticksLeft: Number.isFinite(e.ticksLeft) ? e.ticksLeft : null });
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Stackable items summed by name; tools and armor one entry per piece with durability left. Sorted by name. */
function inventoryOf(world: World, player: Player): ObservedItem[] {
  const sums = new Map<string, number>();
  const pieces: ObservedItem[] = [];
  for (const s of player.inventory.slots) {
    if (!s) continue;
    // A tool fresh from the crafting table has no damage recorded yet: it is at full durability.
    const max = world.registry.item(s.name).maxDurability;
    if (s.damage !== undefined || (max ?? 0) > 0) {
      pieces.push({ name: s.name, count: s.count, durability: Math.max(0, (max ?? 0) - (s.damage ?? 0)) });
    } else {
      sums.set(s.name, (sums.get(s.name) ?? 0) + s.count);
    }
  }
  const out: ObservedItem[] = [...pieces];
  for (const [name, count] of sums) out.push({ name, count });
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : (a.durability ?? 0) - (b.durability ?? 0)));
}

/** Blocks around an omniscient agent counted in its observation summary. */
export const ORACLE_SUMMARY_RANGE = 8;

function blocksOf(world: World, player: Player, state: ObserverState): VisibleBlockSummary[] {
  return observedBlocks(world, player, { omniscient: state.omniscient, maxBlockTypes: state.options.maxBlockTypes, maxRays: state.options.maxRays });
}

/**
 * An observation's block summary on any backend: the visible blocks counted per type with the
 * nearest of each, the nearest `maxBlockTypes` types kept, listed by name (so the list does not
 * reshuffle as the agent moves). `range` can narrow the perception sphere.
 */
export function observedBlocks(port: BodyPort, viewer: Viewer, o: { omniscient: boolean; maxBlockTypes: number; maxRays?: number | undefined; range?: number }): VisibleBlockSummary[] {
  // The oracle's summary sees through walls but only within ORACLE_SUMMARY_RANGE: over its whole
  // perception range it would count every buried block (a flat world's stone alone is ~100,000
  // blocks), drowning a prompt and costing more than the rest of the step. Its skills (findBlocks …)
  // and its WorldAdmin view keep the full range.
  const range = o.omniscient ? Math.min(viewer.perceptionRange, ORACLE_SUMMARY_RANGE, o.range ?? Infinity) : o.range;
  const summary = summarizeVisibleBlocks(port, viewer, { omniscient: o.omniscient, range, maxRays: o.maxRays });
  let types = summary.types;
  if (types.length > o.maxBlockTypes) {
    types = [...types].sort((a, b) => a.distance - b.distance).slice(0, o.maxBlockTypes);
    types.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return types.map((t) => ({ name: t.name, count: t.count, nearest: { ...t.nearest }, distance: t.distance }));
}

/** What an observation lists of an entity beyond what the senses see of it: its kind's facts, now. */
export interface EntityFacts {
  readonly kind: string;
  readonly name?: string;
  readonly health?: number;
  readonly hostile?: boolean;
  readonly stack?: { readonly name: string; readonly count: number };
}

/**
 * An observation's entity list on any port: the visible entities, nearest first, with the facts of
 * each (`factsOf`: the world's entity, or a worker's snapshot of it).
 */
export function observedEntities(port: BodyPort, viewer: Viewer, o: { omniscient: boolean; maxEntities: number }, factsOf: (id: number) => EntityFacts): ObservedEntity[] {
  const seen = visibleEntities(port, viewer, { omniscient: o.omniscient, maxResults: o.maxEntities });
  return seen.map((v) => {
    const e = factsOf(v.id);
    const out: ObservedEntity = {
      id: v.id,
      type: v.type,
      pos: { x: round1(v.pos.x), y: round1(v.pos.y), z: round1(v.pos.z) },
      distance: round1(v.distance),
    };
    if (e.kind === 'player') {
      out.name = e.name!;
      out.health = round1(e.health!);
    } else if (e.kind === 'mob') {
      out.health = round1(e.health!);
      out.hostile = e.hostile!;
    } else if (e.kind === 'item') {
      out.name = e.stack!.name;
      out.count = e.stack!.count;
    }
    return out;
  });
}

function safeBiome(world: World, player: Player): string | null {
  try {
    return world.terrain.biomeAt(Math.floor(player.pos.x), Math.floor(player.pos.z));
  } catch {
    return null;
  }
}

