/** TickingCollab's trigger {start, end, interval}, in steps: when an event fires and when it is active. */
import type { TriggerSpec } from '../spec/events.js';

export function isActive(t: TriggerSpec, step: number): boolean {
  return step >= t.start && (t.end === undefined || step <= t.end);
}

/** Fires at `start`, then every `interval` steps while active; once at `start` without an interval. */
export function fires(t: TriggerSpec, step: number): boolean {
  if (!isActive(t, step)) return false;
  if (t.interval === undefined) return step === t.start;
  return (step - t.start) % t.interval === 0;
}

/** Firings strictly before `step`. */
export function firingsBefore(t: TriggerSpec, step: number): number {
  if (step <= t.start) return 0;
  const last = Math.min(step - 1, t.end ?? Infinity);
  if (t.interval === undefined) return 1;
  return Math.floor((last - t.start) / t.interval) + 1;
}

/** Steps at which the trigger fires within the first `maxSteps` steps (for the difficulty metrics). */
export function firingSteps(t: TriggerSpec, maxSteps: number): number[] {
  const out: number[] = [];
  const last = Math.min(maxSteps - 1, t.end ?? Infinity);
  for (let s = t.start; s <= last; s += t.interval ?? Infinity) out.push(s);
  return out;
}
