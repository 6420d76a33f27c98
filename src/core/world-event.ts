/**
 * The world's event stream, backend-neutral: every rule that changes something a task, an agent or
 * a log could care about emits one of these, stamped with the tick. The embedded world (src/world/)
 * and the Minecraft backend (src/env/minecraft/) both emit exactly this union through
 * `WorldBackend.onEvent`; the zod schemas are the one definition (the TypeScript types are inferred
 * from them), so a log can be checked against what a backend promised.
 *
 * Entity ids are WorldAdmin ids; positions are in the scenario's frame. Where a real server cannot
 * know a number the embedded world knows exactly (a mob's health on a server that never sends it),
 * the field is `null`, never a guess.
 */
import { z } from 'zod';
import { vec3Schema } from './actions.js';

export const DAMAGE_CAUSES = [
  'fall',
  'lava',
  'fire',
  'drowning',
  'starvation',
  'freezing',
  'poison',
  'magic',
  'mob',
  'player',
  'explosion',
  'projectile',
  'void',
  'generic',
] as const;
export const damageCauseSchema = z.enum(DAMAGE_CAUSES);
export type DamageCause = z.infer<typeof damageCauseSchema>;

const itemStack = z.object({ name: z.string(), count: z.number() });
/** An entity id, or null when nobody (or no known entity) did it. */
const byWhom = z.number().nullable();

/**
 * One event kind: its `type` literal, the tick, and its own fields, nothing else (strict, so a
 * backend that adds a field of its own fails the parity tests instead of drifting silently).
 */
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), tick: z.number(), ...shape });

export const worldEventSchemas = [
  event('block_broken', { by: byWhom, pos: vec3Schema, block: z.string(), drops: z.array(itemStack) }),
  event('block_placed', { by: byWhom, pos: vec3Schema, block: z.string() }),
  event('block_changed', { pos: vec3Schema, from: z.string(), to: z.string(), cause: z.string() }),
  event('item_picked_up', { by: z.number(), item: z.string(), count: z.number(), itemEntity: z.number() }),
  event('item_dropped', { by: byWhom, item: z.string(), count: z.number(), itemEntity: z.number(), pos: vec3Schema }),
  event('item_crafted', { by: z.number(), item: z.string(), count: z.number() }),
  event('item_smelted', { pos: vec3Schema, item: z.string(), count: z.number() }),
  event('item_taken', { by: z.number(), pos: vec3Schema, item: z.string(), count: z.number() }),
  event('item_deposited', { by: z.number(), pos: vec3Schema, item: z.string(), count: z.number() }),
  event('item_given', { by: z.number(), to: z.number(), item: z.string(), count: z.number() }),
  event('tool_broken', { by: z.number(), item: z.string() }),
  event('entity_spawned', { entity: z.number(), kind: z.string(), entityType: z.string(), pos: vec3Schema }),
  event('entity_despawned', { entity: z.number(), entityType: z.string() }),
  event('entity_hurt', {
    entity: z.number(),
    entityType: z.string(),
    /** Health lost; null when the backend cannot see it (a server that never sends mob health). */
    amount: z.number().nullable(),
    cause: damageCauseSchema,
    by: byWhom,
    /** Health after the hurt; null when unknown, as `amount`. */
    health: z.number().nullable(),
  }),
  event('entity_died', { entity: z.number(), entityType: z.string(), cause: damageCauseSchema, by: byWhom, pos: vec3Schema }),
  event('entity_attacked', { by: z.number(), target: z.number(), damage: z.number() }),
  /** A raised shield took a hit whole (`amount` is the damage it stopped, before armor). */
  event('shield_blocked', { entity: z.number(), by: byWhom, amount: z.number(), cause: damageCauseSchema }),
  /** An axe knocked a raised shield aside: it cannot be raised for `ticks`. */
  event('shield_disabled', { entity: z.number(), by: z.number(), ticks: z.number() }),
  event('player_ate', { player: z.number(), item: z.string(), food: z.number(), saturation: z.number() }),
  event('player_died', { player: z.number(), name: z.string(), cause: damageCauseSchema, pos: vec3Schema }),
  event('player_respawned', { player: z.number(), name: z.string(), pos: vec3Schema }),
  event('player_joined', { player: z.number(), name: z.string(), pos: vec3Schema }),
  event('player_left', { player: z.number(), name: z.string() }),
  event('effect_added', { entity: z.number(), effect: z.string(), amplifier: z.number(), durationTicks: z.number() }),
  event('effect_removed', { entity: z.number(), effect: z.string() }),
  event('chat', {
    from: byWhom,
    name: z.string(),
    message: z.string(),
    pos: vec3Schema.nullable(),
    channel: z.string().nullable(),
    /** Who the message reached, when the backend routes chat itself (the Minecraft backend's hub). */
    heardBy: z.array(z.string()).optional(),
  }),
  event('sound', { pos: vec3Schema, sound: z.string(), volume: z.number(), source: byWhom }),
  event('explosion', { pos: vec3Schema, power: z.number(), by: byWhom }),
  event('time_changed', { timeOfDay: z.number(), isDay: z.boolean() }),
  /**
   * Something went wrong inside the backend that a log reader should see but that is no world
   * change (a server rejected an admin command, a barrier timed out). The embedded world never emits it.
   */
  event('backend_warning', { code: z.string(), message: z.string() }),
] as const;

export const worldEventSchema = z.discriminatedUnion('type', worldEventSchemas);

export type WorldEvent = z.infer<typeof worldEventSchema>;
export type WorldEventType = WorldEvent['type'];
export type EventOf<T extends WorldEventType> = Extract<WorldEvent, { type: T }>;
/** An event as a rule emits it; the emitter stamps the tick. */
export type WorldEventInput = WorldEvent extends infer E ? (E extends WorldEvent ? Omit<E, 'tick'> : never) : never;

export const WORLD_EVENT_TYPES: readonly WorldEventType[] = worldEventSchemas.map((s) => s.shape.type.value);
