/**
 * The oracle's forecast of TickingCollab's crisis: for every `progressive_fill` in the task's events,
 * the flooded volume and the step at which the front reaches a given column. It reads the same
 * declarative event the task runs (trigger, rate, direction), so the forecast is exact for the fill
 * itself; what the fluid then does (spreading a few blocks further) is left to a safety margin.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { CompiledTask } from '../../tasks/compile.js';
import { fillRate, fillVolume, sliceAt, type ProgressiveFillSpec } from '../../tasks/events/progressive-fill.js';
import type { Box } from '../../tasks/spec.js';

export interface Flood {
  block: string;
  volume: Box;
  direction: ProgressiveFillSpec['direction'];
  startStep: number;
  endStep: number | undefined;
  /** Slices per step. */
  rate: number;
}

export function floodsOf(task: CompiledTask): Flood[] {
  const out: Flood[] = [];
  for (const ev of task.events) {
    for (const a of ev.actions) {
      if (a.type !== 'progressive_fill') continue;
      out.push({
        block: a.block,
        volume: fillVolume(a),
        direction: a.direction,
        startStep: ev.trigger.start,
        endStep: ev.trigger.end,
        rate: fillRate(a, task.spec.environment.step_seconds, ev.trigger.interval),
      });
    }
  }
  return out;
}

/** Whether a column (x, z) lies in the flood's footprint, grown by `margin` blocks. */
export function inFootprint(f: Flood, p: { x: number; z: number }, margin = 0): boolean {
  const x = Math.floor(p.x);
  const z = Math.floor(p.z);
  return x >= f.volume.min.x - margin && x <= f.volume.max.x + margin && z >= f.volume.min.z - margin && z <= f.volume.max.z + margin;
}

/** The first step at which the fill covers the block at `p`; Infinity when it never does. */
export function arrivalStep(f: Flood, p: Vec3): number {
  const x = Math.floor(p.x);
  const y = Math.floor(p.y);
  const z = Math.floor(p.z);
  const v = f.volume;
  if (x < v.min.x || x > v.max.x || z < v.min.z || z > v.max.z || y < v.min.y || y > v.max.y) return Infinity;
  const slice = sliceAt(v, f.direction, x, y, z);
  // slices(step) = floor((step - start + 1) * rate) must exceed `slice`.
  const step = f.startStep + Math.max(0, Math.ceil((slice + 1) / f.rate - 1e-9) - 1);
  return f.endStep !== undefined && step > f.endStep ? Infinity : step;
}

/** Step at which the column under `p` (any height in the volume) is first flooded. */
export function columnArrival(f: Flood, p: { x: number; z: number }): number {
  return arrivalStep(f, { x: p.x, y: f.volume.min.y, z: p.z });
}

/**
 * Whether standing in the flood hurts: lava burns (unless fire resistant), powder snow freezes
 * (unless wearing leather), water drowns only when it covers the eyes (two or more layers).
 */
export function floodThreatens(f: Flood, opts: { effects: readonly string[]; wearsLeather: boolean; feetY: number }): boolean {
  const depth = f.volume.max.y - Math.max(opts.feetY, f.volume.min.y) + 1;
  if (depth <= 0) return false;
  switch (f.block) {
    case 'lava':
      return !opts.effects.includes('fire_resistance');
    case 'powder_snow':
      return !opts.wearsLeather;
    case 'water':
      // Eyes are 1.62 above the feet: one layer of water leaves the head in the air.
      return depth >= 2 && !opts.effects.includes('water_breathing');
    default:
      return true;
  }
}
