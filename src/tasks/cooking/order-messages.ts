/**
 * How the order stream talks to the kitchen: server broadcasts every agent hears (the Minecraft
 * adaptation's "current dishes" list, sent as it changes). One line per change, readable by people
 * and parsed by the heuristic cooks:
 *
 *   [order] #3 new cooked_beef, due at tick 1240 (serve in the counter chest within 30 s)
 *   [order] #3 served cooked_beef
 *   [order] #3 expired cooked_beef
 */
import { isCookingDish, type CookingDish } from './menu.js';

export type OrderNotice =
  | { kind: 'new'; id: number; dish: CookingDish; dueTick: number }
  | { kind: 'served' | 'expired'; id: number; dish: CookingDish };

export function newOrderMessage(id: number, dish: CookingDish, dueTick: number, seconds: number): string {
  return `[order] #${id} new ${dish}, due at tick ${dueTick} (serve in the counter chest within ${seconds} s)`;
}

export function closedOrderMessage(id: number, dish: CookingDish, how: 'served' | 'expired'): string {
  return `[order] #${id} ${how} ${dish}`;
}

const LINE = /^\[order\] #(\d+) (new|served|expired) ([a-z_]+)(?:, due at tick (\d+))?/;

/** The notice in a heard line, or null for any other message. */
export function parseOrderMessage(text: string): OrderNotice | null {
  const m = LINE.exec(text);
  if (!m) return null;
  const id = Number(m[1]);
  const dish = m[3]!;
  if (!isCookingDish(dish)) return null;
  if (m[2] === 'new') return m[4] === undefined ? null : { kind: 'new', id, dish, dueTick: Number(m[4]) };
  return { kind: m[2] as 'served' | 'expired', id, dish };
}
