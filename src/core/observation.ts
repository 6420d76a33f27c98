/**
 * What one agent knows after a step, identical in shape on every backend. Built only from what the
 * agent's senses allow (perception range, line of sight, hearing/chat range); the oracle alone may
 * be given an omniscient view. Plain JSON, so it can be logged, sent over HTTP and rendered as text.
 */
import type { Vec3 } from './vec3.js';

export interface ObservedItem {
  name: string;
  count: number;
  /** Remaining durability for tools and armor. */
  durability?: number;
}

export interface ObservedEffect {
  name: string;
  amplifier: number;
  /** Remaining ticks; null for permanent task effects. */
  ticksLeft: number | null;
}

export interface ObservedEntity {
  id: number;
  /** minecraft-data entity name (`zombie`, `player`, `item`, or a boss name). */
  type: string;
  /** Player name, or the item's name for dropped items. */
  name?: string;
  pos: Vec3;
  distance: number;
  health?: number;
  hostile?: boolean;
  /** Item count for dropped items. */
  count?: number;
}

/** A chat line or a sound the agent heard (only those within range, or on a granted radio channel). */
export interface HeardMessage {
  tick: number;
  from: string;
  message: string;
  /** null for in-world chat; the channel name for radio. */
  channel: string | null;
  /** 0–1 loudness after distance falloff. */
  volume: number;
}

export interface HeardSound {
  tick: number;
  sound: string;
  pos: Vec3;
  volume: number;
}

/** A compact count of visible block types near the agent, with the nearest position of each. */
export interface VisibleBlockSummary {
  name: string;
  count: number;
  nearest: Vec3;
  distance: number;
}

export interface SkillStatus {
  name: string;
  params: unknown;
  /** Ticks it has run so far. */
  ticks: number;
}

export interface FinishedSkillReport {
  name: string;
  params: unknown;
  ok: boolean;
  /** The skill's result object (`{ok:true,...}` or `{ok:false, reason, details}`). */
  result: Record<string, unknown>;
  ticks: number;
  finishedAt: number;
}

/** Something that happened to or near the agent since its last observation. */
export interface ObservedEvent {
  tick: number;
  type: string;
  /** One short sentence for prompts. */
  text: string;
  /** Higher is more urgent: death 100, hurt 80, low oxygen 70, low food 60, chat to me 50, skill done 40, other 10. */
  priority: number;
}

/** A side of the body, by compass (north = -z, east = +x), or the top of the head. */
export type TouchSide = 'north' | 'south' | 'east' | 'west' | 'above';
/** Where a blow came from, relative to where the agent faced when it landed. */
export type HitSide = 'front' | 'behind' | 'left' | 'right';

/** What the agent's body touches (docs/senses.md, "Touch"): contact needs no sight, naming does. */
export interface ObservedTouch {
  /** The block under the feet; null in the air. */
  standingOn: string | null;
  /** Blocks the body is inside that do not stop it (water, cobweb, grass), by name. */
  inside: string[];
  /** Solid blocks against the body's sides or head, one entry per side and block. */
  blocks: { side: TouchSide; block: string }[];
  /**
   * Entities overlapping the body or within 0.1 of it. `what` is the type (a player's name) only of
   * one in sight, else `something`, and only one in sight has an `id`.
   */
  entities: { side: TouchSide | 'inside'; what: string; id?: number }[];
  /** Blows taken since the last observation; `by` follows the same rule as `entities[].what`. */
  hits: { tick: number; from: HitSide; by: string; amount: number }[];
}

/** A rendered picture of what the agent sees (PNG bytes), from the tick it was rendered at. */
export interface ObservedImage {
  png: Uint8Array;
  width: number;
  height: number;
  tick: number;
}

/** The agent's latest rendered views, when the episode attaches them (`--vision every:N`). */
export interface ObservedView {
  firstPerson?: ObservedImage;
  topDown?: ObservedImage;
  /** Frames the agent's `look()` calls took since it last acted, oldest first, each under the handle look() returned. */
  looked?: (ObservedImage & { id: string })[];
}

export interface Observation {
  agent: string;
  tick: number;
  alive: boolean;
  health: number;
  maxHealth: number;
  food: number;
  saturation: number;
  /** Ticks of air left (300 when not underwater). */
  oxygen: number;
  effects: ObservedEffect[];
  pos: Vec3;
  yaw: number;
  pitch: number;
  inventory: ObservedItem[];
  equipment: { head: string | null; chest: string | null; legs: string | null; feet: string | null; mainHand: string | null; offHand: string | null };
  heldItem: string | null;
  /** 0–23999 and a coarse label (`day`, `sunset`, `night`, `sunrise`). */
  timeOfDay: number;
  dayPhase: 'day' | 'sunset' | 'night' | 'sunrise';
  biome: string | null;
  nearbyBlocks: VisibleBlockSummary[];
  entities: ObservedEntity[];
  messages: HeardMessage[];
  sounds: HeardSound[];
  events: ObservedEvent[];
  runningSkill: SkillStatus | null;
  finishedSkills: FinishedSkillReport[];
  /** Contact with blocks and entities, and blows from where the agent was not facing (alive agents; absent from older logs). */
  touch?: ObservedTouch;
  /** Rendered views, only when the episode attaches them (vision agents); refreshed every N ticks. */
  view?: ObservedView;
}
