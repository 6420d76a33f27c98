/**
 * TickingCollab's crisis: lava, water or powder snow advancing across an area slice by slice
 * (a slice is one x column-plane for east/west, one z plane for north/south, one y layer for up).
 * The fill only replaces air, so shelters stand; what the flood then does — lava burning planks and
 * hurting agents without fire resistance, water and powder snow slowing them — is the world's own rules,
 * plus the paper's contact damage: every step an agent stands or breathes in the flood it is hurt
 * (`contact_damage`, by default 2 for water and 1 for powder snow), so only a shelter or a pillar
 * above the flood saves it, as in TickingCollab.
 *
 * Progress is a pure function of the step: slices(step) = floor((step - start + 1) * rate), so a
 * run that skips steps catches up exactly (Appendix C's T_crisis = t0 + L / v).
 */
import type { ActionOf } from '../spec/events.js';
import type { Box } from '../spec/common.js';
import { REPLACEABLE } from './area.js';
import type { EventAction, EventStepContext } from './event-action.js';

export type ProgressiveFillSpec = ActionOf<'progressive_fill'>;

/** Slices advanced per step: `speed_bps` per second, or `speed` per firing (one firing per `interval` steps). */
export function fillRate(spec: ProgressiveFillSpec, stepSeconds: number, interval: number | undefined): number {
  if (spec.speed_bps !== undefined) return spec.speed_bps * stepSeconds;
  return (spec.speed ?? 1) / (interval ?? 1);
}

/** The flooded volume: the area, with `height` layers from its bottom when given. */
export function fillVolume(spec: ProgressiveFillSpec): Box {
  const { min, max } = spec.area;
  return { min, max: { ...max, y: spec.height === undefined ? max.y : min.y + spec.height - 1 } };
}

export function sliceCount(spec: ProgressiveFillSpec): number {
  const v = fillVolume(spec);
  switch (spec.direction) {
    case 'east':
    case 'west':
      return v.max.x - v.min.x + 1;
    case 'north':
    case 'south':
      return v.max.z - v.min.z + 1;
    case 'up':
      return v.max.y - v.min.y + 1;
  }
}

/**
 * Which slice of `volume` holds the block (x, y, z), filling in `direction`: the inverse of
 * `sliceBox` (for forecasts of when the front arrives). The block must lie in the volume.
 */
export function sliceAt(volume: Box, direction: ProgressiveFillSpec['direction'], x: number, y: number, z: number): number {
  switch (direction) {
    case 'east':
      return x - volume.min.x;
    case 'west':
      return volume.max.x - x;
    case 'south':
      return z - volume.min.z;
    case 'north':
      return volume.max.z - z;
    case 'up':
      return y - volume.min.y;
  }
}

/** The box of slice `i` (0 = where the flood starts). East is +x, south is +z, as in Minecraft. */
export function sliceBox(spec: ProgressiveFillSpec, i: number): Box {
  const v = fillVolume(spec);
  const min = { ...v.min };
  const max = { ...v.max };
  switch (spec.direction) {
    case 'east':
      min.x = max.x = v.min.x + i;
      break;
    case 'west':
      min.x = max.x = v.max.x - i;
      break;
    case 'south':
      min.z = max.z = v.min.z + i;
      break;
    case 'north':
      min.z = max.z = v.max.z - i;
      break;
    case 'up':
      min.y = max.y = v.min.y + i;
      break;
  }
  return { min, max };
}

/** Contact damage per step when the task does not set it (the paper gives no number; ours, documented in docs/tasks.md). */
export const DEFAULT_CONTACT_DAMAGE: Record<string, number> = { water: 2, powder_snow: 1, lava: 0 };

const CONTACT_CAUSE: Record<string, 'drowning' | 'lava' | 'freezing'> = { water: 'drowning', lava: 'lava', powder_snow: 'freezing' };

export class ProgressiveFill implements EventAction {
  private filled = 0;

  constructor(
    private readonly spec: ProgressiveFillSpec,
    private readonly interval: number | undefined,
  ) {}

  step(ctx: EventStepContext): void {
    if (this.filled > 0) this.hurtSwimmers(ctx);
    if (!ctx.active) return;
    const total = sliceCount(this.spec);
    const target = Math.min(total, Math.floor((ctx.sinceStart + 1) * fillRate(this.spec, ctx.stepSeconds, this.interval) + 1e-9));
    if (target <= this.filled) return;
    let changed = 0;
    const from = this.filled;
    for (; this.filled < target; this.filled++) {
      const box = sliceBox(this.spec, this.filled);
      changed += ctx.admin.fill(box.min, box.max, this.spec.block, { onlyReplace: REPLACEABLE });
    }
    ctx.notify('fill_advanced', { block: this.spec.block, slices: [from, target - 1], of: total, changed, front: sliceBox(this.spec, target - 1) });
  }

  /** Hurts every living agent whose feet or eye block holds the flood's block. */
  private hurtSwimmers(ctx: EventStepContext): void {
    const amount = this.spec.contact_damage ?? DEFAULT_CONTACT_DAMAGE[this.spec.block] ?? 0;
    if (amount <= 0) return;
    for (const p of ctx.players()) {
      if (!p.alive) continue;
      const feet = { x: Math.floor(p.pos.x), y: Math.floor(p.pos.y), z: Math.floor(p.pos.z) };
      const eyes = { ...feet, y: Math.floor(p.pos.y + 1.62) };
      if (ctx.admin.blockAt(feet) !== this.spec.block && ctx.admin.blockAt(eyes) !== this.spec.block) continue;
      const cause = CONTACT_CAUSE[this.spec.block] ?? 'generic';
      if (ctx.admin.damage) ctx.admin.damage(p.name, amount, cause);
      else ctx.admin.effect(p.name, 'instant_damage', 1, Math.max(0, Math.round(amount / 6) - 1));
      ctx.notify('contact_damage', { player: p.name, amount, block: this.spec.block });
    }
  }
}
