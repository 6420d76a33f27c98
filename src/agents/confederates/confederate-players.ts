/**
 * The built-in controller of a task's confederates (spawns with a `script:`, tasks/spec/confederate-script.ts):
 * each plays its script step by step with the ordinary skills (moveTo, look, say), so what the other players see of
 * it is what they would see of any player: it walks, turns and talks. A step starts once its `at` time has come and
 * the step before it has ended (done or failed: a confederate does not retry, it carries on with its script).
 * Deterministic: the steps depend on the script and the world's clock only.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import type { ConfederateScript, ScriptStep } from '../../tasks/spec/confederate-script.js';

const TICKS_PER_SECOND = 20;

interface Progress {
  script: ConfederateScript;
  /** The next step to start. */
  next: number;
  /** A step was started and has not been seen to end yet. */
  busy: boolean;
  /** The agent died or left: it plays no more. */
  gone: boolean;
}

/** A script step as the skill call that performs it. */
export function stepAction(step: ScriptStep): AgentAction {
  if (step.say !== undefined) return { type: 'skill', name: 'say', params: { message: step.say } };
  if (step.look_at !== undefined) return { type: 'skill', name: 'look', params: { at: step.look_at } };
  const p = step.move_to!;
  return { type: 'skill', name: 'moveTo', params: { x: p.x, y: p.y, z: p.z, range: step.range ?? 1 } };
}

export class ConfederatePlayers {
  private readonly progress = new Map<string, Progress>();
  /** The first tick seen: `at` counts from here. */
  private startTick: number | null = null;

  constructor(private readonly scripts: Readonly<Record<string, ConfederateScript>>) {}

  /** The confederates among `agents`, in their order. */
  playing(agents: readonly string[]): string[] {
    return agents.filter((a) => Object.hasOwn(this.scripts, a));
  }

  start(agents: readonly string[]): void {
    this.progress.clear();
    this.startTick = null;
    for (const a of this.playing(agents)) this.progress.set(a, { script: this.scripts[a]!, next: 0, busy: false, gone: false });
  }

  /** Every confederate has played its whole script (or is gone). */
  get finished(): boolean {
    for (const p of this.progress.values()) if (!p.gone && (p.busy || p.next < p.script.length)) return false;
    return true;
  }

  decide(observations: Readonly<Record<string, Observation>>): Record<string, AgentAction> {
    const out: Record<string, AgentAction> = {};
    for (const [name, obs] of Object.entries(observations)) {
      const p = this.progress.get(name);
      if (!p) continue;
      this.startTick ??= obs.tick;
      if (!obs.alive) {
        p.gone = true;
        continue;
      }
      if (obs.runningSkill !== null) continue;
      p.busy = false;
      const step = p.script[p.next];
      if (!step || obs.tick - this.startTick < step.at * TICKS_PER_SECOND) continue;
      p.next++;
      p.busy = true;
      out[name] = stepAction(step);
    }
    return out;
  }
}
