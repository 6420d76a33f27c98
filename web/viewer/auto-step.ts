/**
 * Auto-step for a person seated in a sync-mode episode: the world waits for the page's step after every step, so
 * without it the person presses Step four times per simulated second. With it on, each turn is answered by itself
 * after as much wall time as the step covers at 20 ticks a second (the ticks between two turns), with the controls as
 * they are held then: the person plays at the world's normal pace, and the AI team still thinks as long as it needs.
 */

/** Wall milliseconds per world tick at normal speed. */
const MS_PER_TICK = 50;
/** The step before the first two turns tell the real one (the runner's default 5 ticks). */
const DEFAULT_STEP_TICKS = 5;

export class AutoStep {
  private lastTurn: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The world waits for this page's step (a turn came, no step went yet). */
  private waiting = false;
  private stepTicks = DEFAULT_STEP_TICKS;

  constructor(
    private readonly on: () => boolean,
    private readonly step: () => void,
  ) {}

  /** A turn at `tick`: steps after the step's length in wall time, when auto-step is on. */
  turn(tick: number): void {
    if (this.lastTurn !== null && tick > this.lastTurn) this.stepTicks = tick - this.lastTurn;
    this.lastTurn = tick;
    this.waiting = true;
    this.schedule();
  }

  /** The person stepped by hand. */
  stepped(): void {
    this.waiting = false;
  }

  /** Auto-step was switched on or off: a turn left waiting is answered now that it is on. */
  switched(): void {
    this.schedule();
  }

  private schedule(): void {
    if (this.timer !== null || !this.waiting || !this.on()) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.waiting || !this.on()) return;
      this.waiting = false;
      this.step();
    }, Math.min(1000, this.stepTicks * MS_PER_TICK));
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.lastTurn = null;
    this.waiting = false;
  }
}
