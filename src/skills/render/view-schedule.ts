/**
 * Rendered observations are optional and cost far more than text ones, so an observation builder
 * renders each agent's view only every `everyTicks` ticks and reuses the last frame in between.
 * Each agent's clock starts at its first view, so agents that join at different ticks spread the
 * rendering over the interval.
 */
import { InputError } from '../../core/errors.js';
import type { Player, World } from '../../world/index.js';
import { renderFirstPersonRgb, type FirstPersonOptions, type Frame } from './first-person.js';

export interface ViewScheduleOptions extends FirstPersonOptions {
  /** Refresh interval: re-render an agent's view every N ticks (default 20, once a second of game time). */
  everyTicks?: number;
}

export class FirstPersonViews {
  private readonly frames = new Map<number, { tick: number; frame: Frame }>();
  readonly everyTicks: number;

  constructor(private readonly opts: ViewScheduleOptions) {
    this.everyTicks = opts.everyTicks ?? 20;
    if (!Number.isInteger(this.everyTicks) || this.everyTicks < 1) {
      throw new InputError(`everyTicks must be a whole number >= 1, got ${opts.everyTicks}`, 'pass e.g. 20 to render once per second of game time');
    }
  }

  /** Whether `player`'s view is due this tick (never rendered, or rendered `everyTicks` or more ago). */
  isDue(world: World, player: Player): boolean {
    const last = this.frames.get(player.id);
    return !last || world.tick - last.tick >= this.everyTicks;
  }

  /** The latest view of `player`, rendered now if due. */
  view(world: World, player: Player): Frame {
    const last = this.frames.get(player.id);
    if (last && !this.isDue(world, player)) return last.frame;
    const frame = renderFirstPersonRgb(world, player, this.opts); // a fresh buffer: callers may keep old frames
    this.frames.set(player.id, { tick: world.tick, frame });
    return frame;
  }

  /** Drops the frames of players that left. */
  forget(playerId: number): void {
    this.frames.delete(playerId);
  }
}
