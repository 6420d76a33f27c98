/**
 * The blocks of a recorded episode at any tick, rebuilt from its task and seed plus the block events its log holds.
 *
 * The log records what agents and task events did to blocks (block_broken, block_placed, block_changed) but not how
 * water and lava spread afterwards: the fluid rule changes blocks without an event, and a flood is thousands of such
 * changes. Rather than log them (the log would grow by the size of every flood, and old logs would stay unviewable),
 * they are recomputed: fluid flow depends on the blocks alone (src/world/fluids/flow.ts), so a world rebuilt from the
 * same task and seed, given the logged block events at their ticks and running only the fluid rule, spreads the same
 * floods. The rebuild runs once per episode, from the first tick on as far as a question has needed, and remembers
 * every block change it saw (before and after states) in an undo log; any tick run so far is then reached by applying
 * or undoing the changes between the current tick and the wanted one. A jump costs the changes crossed, never a re-simulation, which is what
 * keyframes would buy, without storing copies of the world.
 *
 * The rebuilt world keeps the task's agents (placed where the log says at the tick asked) so the real senses code can
 * run on it (senses-at-tick.ts).
 */
import { InputError } from '../../core/errors.js';
import { buildWorld, spawnAgent } from '../../env/sim/build-world.js';
import { parseScenario, type ParsedScenario } from '../../env/scenario.js';
import type { LogRecord } from '../../runner/run-log.js';
import { episodeTaskFromSpec, loadSpec } from '../../runner/task-adapter.js';
import type { World } from '../../world/index.js';
import { sectionRange } from './chunks.js';

/** One block change: the tick it happened during and the states either side. */
interface BlockChange {
  readonly tick: number;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly before: number;
  readonly after: number;
}

/** Turns an episode's task id (episode_start.task) into its task file. */
export type TaskResolver = (taskId: string) => string;

export class ReplayWorld {
  /** Every block change of the episode, in the order it happened. */
  private readonly changes: BlockChange[] = [];
  /** How many of `changes` are applied to `world` now. */
  private applied = 0;
  private recording = true;

  private constructor(
    readonly world: World,
    readonly scenario: ParsedScenario,
    readonly lastTick: number,
  ) {}

  /** Rebuilds the episode's world at tick 0; later ticks are run when first asked for (`seek`). */
  static async build(records: readonly LogRecord[], resolveTask: TaskResolver): Promise<ReplayWorld> {
    const start = records[0];
    if (!start || start.type !== 'episode_start') throw new InputError('this log does not start with episode_start', 'open an episode log written by `guildcraft run` or `bench`');
    if (start.backend !== 'sim') {
      throw new InputError(`the viewer rebuilds embedded-world episodes; this one ran on '${String(start.backend)}'`, 'replay it with `guildcraft replay`, or run the task on the sim backend');
    }
    const file = resolveTask(String(start.task));
    const seed = String(start.seed);
    const spec = await loadSpec(file);
    const scenario = parseScenario(episodeTaskFromSpec(spec, seed).scenario);
    const world = buildWorld(seed, scenario);
    for (const spawn of scenario.agents) spawnAgent(world, spawn);
    // Only the fluid rule runs: every other change to blocks is in the log, and the other rules (mobs, hunger,
    // digging) would act on entities that are placed from the log instead.
    const fluids = world.systems.filter((s) => s.name === 'fluids');
    world.systems.splice(0, world.systems.length, ...fluids);
    const lastTick = records.reduce((m, r) => (typeof r.tick === 'number' && r.tick > m ? r.tick : m), 0);
    const replay = new ReplayWorld(world, scenario, lastTick);
    world.watchBlocks((x, y, z, before, after) => {
      if (replay.recording) replay.changes.push({ tick: world.tick, x, y, z, before, after });
    });
    replay.index(records);
    replay.simulateTo(0);
    return replay;
  }


  /** Block changes known so far (all of them once a tick at the end has been asked for). */
  get changeCount(): number {
    return this.changes.length;
  }

  /**
   * Moves the world's blocks to tick `tick`: every change made during that tick or before it applied. (A change made
   * during tick T is strictly visible from T + 1; counting it at T shows the task's set-up, logged at tick 0, at tick 0.)
   */
  seek(tick: number): void {
    this.simulateTo(tick);
    this.moveCursor(tick);
  }

  private moveCursor(tick: number): void {
    this.recording = false;
    try {
      while (this.applied < this.changes.length && this.changes[this.applied]!.tick <= tick) {
        const c = this.changes[this.applied++]!;
        this.world.setBlock(c, c.after);
      }
      while (this.applied > 0 && this.changes[this.applied - 1]!.tick > tick) {
        const c = this.changes[--this.applied]!;
        this.world.setBlock(c, c.before);
      }
    } finally {
      this.recording = true;
    }
  }

  /**
   * The blocks that differ between tick `from` and tick `to`, as they are at `to` (one entry per position, however
   * often it changed in between), and the world left at `to`. A page holding the world at `from` applies these to be
   * at `to`: a jump sends what changed, not the chunks again. `regrown` names the chunks (`cx,cz`) whose span of
   * non-empty sections differs between the two ticks: a change there may fall outside the rows the page holds, so
   * such a chunk is sent whole.
   */
  changesBetween(from: number, to: number): { changes: { x: number; y: number; z: number; block: string }[]; regrown: Set<string> } {
    const lo = Math.min(from, to);
    const hi = Math.max(from, to);
    this.simulateTo(hi);
    // Changes are in tick order: the first one after `lo` by binary search, then up to `hi`.
    let a = 0;
    let b = this.changes.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (this.changes[mid]!.tick <= lo) a = mid + 1;
      else b = mid;
    }
    const touched = new Map<string, { x: number; y: number; z: number }>();
    const chunks = new Map<string, { cx: number; cz: number }>();
    for (let i = a; i < this.changes.length && this.changes[i]!.tick <= hi; i++) {
      const c = this.changes[i]!;
      touched.set(`${c.x},${c.y},${c.z}`, c);
      const cx = Math.floor(c.x / 16);
      const cz = Math.floor(c.z / 16);
      chunks.set(`${cx},${cz}`, { cx, cz });
    }
    this.moveCursor(from);
    const spanAtFrom = new Map([...chunks].map(([k, c]) => [k, sectionRange(this.world, c.cx, c.cz).join()]));
    this.moveCursor(to);
    const regrown = new Set([...chunks].filter(([k, c]) => sectionRange(this.world, c.cx, c.cz).join() !== spanAtFrom.get(k)).map(([k]) => k));
    const reg = this.world.registry;
    const changes = [...touched.values()].map((p) => ({ x: p.x, y: p.y, z: p.z, block: reg.blockNameOfState(this.world.stateAt(p.x, p.y, p.z)) }));
    return { changes, regrown };
  }

  /**
   * Runs the world on by up to `ticks` past what has run (the background warm-up of replay-episode.ts); returns whether
   * ticks are left to run. What has run is only ever extended, so this changes no answer, only how soon it comes.
   */
  simulateAhead(ticks: number): boolean {
    this.simulateTo(this.simulatedTo + ticks);
    return this.simulatedTo < this.lastTick;
  }

  /** Logged block events by the tick they happened during. */
  private byTick = new Map<number, LogRecord[]>();
  /** The world has been run through this tick (changes of later ticks are not known yet). */
  private simulatedTo = -1;

  private index(records: readonly LogRecord[]): void {
    for (const r of records) {
      if (r.type !== 'world' || typeof r.tick !== 'number') continue;
      if (r.event !== 'block_broken' && r.event !== 'block_placed' && r.event !== 'block_changed') continue;
      const list = this.byTick.get(r.tick) ?? [];
      list.push(r);
      this.byTick.set(r.tick, list);
    }
  }

  /**
   * Runs the world on through `tick` (at most the last), applying each logged block event during its tick. Lazy, so
   * opening an episode in its middle runs only the first half; the cursor is left at the end of what has run.
   */
  private simulateTo(tick: number): void {
    const target = Math.min(tick, this.lastTick);
    if (target <= this.simulatedTo) return;
    this.moveCursor(Infinity);
    const reg = this.world.registry;
    while (this.world.tick <= target) {
      for (const r of this.byTick.get(this.world.tick) ?? []) {
        const pos = r.pos as { x: number; y: number; z: number };
        const name = r.event === 'block_broken' ? 'air' : r.event === 'block_placed' ? String(r.block) : String(r.to);
        let state: number;
        try {
          state = reg.stateOf(name);
        } catch {
          continue; // a block this version's registry does not know (a log from another version): leave it
        }
        if (this.world.stateAt(pos.x, pos.y, pos.z) !== state) this.world.setBlock(pos, state);
      }
      this.world.step();
    }
    this.simulatedTo = target;
    this.applied = this.changes.length;
  }
}
