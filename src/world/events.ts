/**
 * The events the embedded world emits: the backend-neutral union of src/core/world-event.ts (zod
 * schemas, the one definition both backends emit), with the numbers a real server may leave unknown
 * always known here (the embedded world computes every hurt's amount and the health after it), so the
 * world's own rules and senses need no null checks. Every such event is a valid core `WorldEvent`.
 */
import type { WorldEvent as BackendWorldEvent } from '../core/world-event.js';

export type { DamageCause } from '../core/world-event.js';

type Exact<E> = E extends { type: 'entity_hurt' } ? Omit<E, 'amount' | 'health'> & { amount: number; health: number } : E;

export type WorldEvent = Exact<BackendWorldEvent>;
export type WorldEventType = WorldEvent['type'];
export type EventOf<T extends WorldEventType> = Extract<WorldEvent, { type: T }>;
/** An event as a rule emits it; the world stamps the tick. */
export type WorldEventInput = WorldEvent extends infer E ? (E extends WorldEvent ? Omit<E, 'tick'> : never) : never;
