/**
 * Alex's multitasking component (MineLand, Section 4 and Appendix E.4). Events arrive with
 * priorities from the body (death 100, hurt 80, low oxygen 70, low food 60, chat to me 50, …).
 * At or above the interrupt priority Alex switches context: the running plan — with the skill it
 * was running put back at the front — is set aside, an urgent plan is made and started with the
 * NEW gate (pre-empting the skill), and when the urgent plan is done the set-aside plan resumes.
 * Lower-priority events (chat) do not pre-empt: a reply, if any, is queued behind the running
 * skill (the RESUME gate) — concurrent processing rather than a switch.
 */
import type { FinishedSkillReport, HeardMessage, Observation, ObservedEvent } from '../../core/observation.js';
import type { SkillCall } from './skill-memory.js';

/** A short-term plan being carried out. */
export interface ActivePlan {
  subGoal: string;
  plan: string;
  explanation: string;
  /** Calls not yet issued, in order. */
  calls: SkillCall[];
  /** The call issued and not yet reported back. */
  inFlight: SkillCall | null;
  /** When the in-flight call was issued. */
  inFlightTick: number;
  /** Calls that reported back, in order, with their reports in `results`. */
  done: SkillCall[];
  results: FinishedSkillReport[];
  /** Made for an urgent event: it is not judged by the critic and resumes what it interrupted. */
  urgent: boolean;
  /** The event it answers, for urgent plans. */
  event: ObservedEvent | null;
  reused: string | null;
}

/** Events that report on skills, not on the world: never a reason to switch. */
const SKILL_EVENTS = new Set(['skill_finished', 'skill_failed', 'action_rejected']);

export interface Attention {
  /** The most urgent event at or above the interrupt priority, if any. */
  urgent: ObservedEvent | null;
  /** Chat lines heard this step (addressed or not). */
  chat: HeardMessage[];
}

export function attend(obs: Observation, interruptPriority: number): Attention {
  let urgent: ObservedEvent | null = null;
  for (const e of obs.events) {
    if (SKILL_EVENTS.has(e.type) || e.priority < interruptPriority) continue;
    if (!urgent || e.priority > urgent.priority) urgent = e;
  }
  return { urgent, chat: obs.messages.filter((m) => m.from !== obs.agent) };
}

/** The stack of plans set aside by interrupts (context switching), newest on top. */
export class PlanStack {
  private readonly stack: ActivePlan[] = [];

  get depth(): number {
    return this.stack.length;
  }

  /**
   * Sets `plan` aside. Its in-flight skill is about to be pre-empted, so it goes back to the front
   * of the remaining calls and runs again on resume (as MineLand re-runs interrupted code).
   */
  suspend(plan: ActivePlan): void {
    if (plan.inFlight) plan.calls.unshift(plan.inFlight);
    plan.inFlight = null;
    this.stack.push(plan);
  }

  resume(): ActivePlan | null {
    return this.stack.pop() ?? null;
  }

  peek(): ActivePlan | null {
    return this.stack[this.stack.length - 1] ?? null;
  }
}
