/**
 * The world's event stream. Every rule that changes something a task, an agent or a log could
 * care about emits one of these, stamped with the tick. Events are plain data (JSON-serialisable),
 * so a run's event log is the ground truth that replays, evaluators and determinism tests compare.
 */
import type { Vec3 } from '../core/vec3.js';

export type DamageCause =
  | 'fall'
  | 'lava'
  | 'fire'
  | 'drowning'
  | 'starvation'
  | 'freezing'
  | 'poison'
  | 'magic'
  | 'mob'
  | 'player'
  | 'explosion'
  | 'projectile'
  | 'void'
  | 'generic';

interface Base {
  tick: number;
}

export type WorldEvent = Base &
  (
    | { type: 'block_broken'; by: number | null; pos: Vec3; block: string; drops: { name: string; count: number }[] }
    | { type: 'block_placed'; by: number | null; pos: Vec3; block: string }
    | { type: 'block_changed'; pos: Vec3; from: string; to: string; cause: string }
    | { type: 'item_picked_up'; by: number; item: string; count: number; itemEntity: number }
    | { type: 'item_dropped'; by: number | null; item: string; count: number; itemEntity: number; pos: Vec3 }
    | { type: 'item_crafted'; by: number; item: string; count: number }
    | { type: 'item_smelted'; pos: Vec3; item: string; count: number }
    | { type: 'item_taken'; by: number; pos: Vec3; item: string; count: number }
    | { type: 'item_deposited'; by: number; pos: Vec3; item: string; count: number }
    | { type: 'item_given'; by: number; to: number; item: string; count: number }
    | { type: 'tool_broken'; by: number; item: string }
    | { type: 'entity_spawned'; entity: number; kind: string; entityType: string; pos: Vec3 }
    | { type: 'entity_despawned'; entity: number; entityType: string }
    | { type: 'entity_hurt'; entity: number; entityType: string; amount: number; cause: DamageCause; by: number | null; health: number }
    | { type: 'entity_died'; entity: number; entityType: string; cause: DamageCause; by: number | null; pos: Vec3 }
    | { type: 'entity_attacked'; by: number; target: number; damage: number }
    | { type: 'player_ate'; player: number; item: string; food: number; saturation: number }
    | { type: 'player_died'; player: number; name: string; cause: DamageCause; pos: Vec3 }
    | { type: 'player_respawned'; player: number; name: string; pos: Vec3 }
    | { type: 'player_joined'; player: number; name: string; pos: Vec3 }
    | { type: 'player_left'; player: number; name: string }
    | { type: 'effect_added'; entity: number; effect: string; amplifier: number; durationTicks: number }
    | { type: 'effect_removed'; entity: number; effect: string }
    | { type: 'chat'; from: number | null; name: string; message: string; pos: Vec3 | null; channel: string | null }
    | { type: 'sound'; pos: Vec3; sound: string; volume: number; source: number | null }
    | { type: 'explosion'; pos: Vec3; power: number; by: number | null }
    | { type: 'time_changed'; timeOfDay: number; isDay: boolean }
  );

export type WorldEventType = WorldEvent['type'];
export type EventOf<T extends WorldEventType> = Extract<WorldEvent, { type: T }>;
/** An event as a rule emits it; the world stamps the tick. */
export type WorldEventInput = WorldEvent extends infer E ? (E extends WorldEvent ? Omit<E, 'tick'> : never) : never;
