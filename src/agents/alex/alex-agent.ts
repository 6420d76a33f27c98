/**
 * The Alex agent (MineLand, Section 4 and Appendix E) on guildcraft's skills. Each decision:
 * store what was perceived in the memory library; file skill results against the running plan;
 * let the multitasking component decide whether an event pre-empts the plan (context switch) or a
 * chat gets a queued reply (concurrent processing); otherwise carry the plan on, and when it has
 * run, let the critic judge it — success stores the skill and moves to the next sub-goal, failure
 * retries the sub-goal with the critique until the failed-times limit, then the long-term plan is
 * redone. A model that answers garbage, times out or is rate limited costs a decision: the shared fault
 * policy counts and logs it, the agent waits a moment and tries again, and the episode's circuit
 * breaker ends the episode if the model keeps failing.
 */
import type { AgentAction } from '../../core/actions.js';
import type { FinishedSkillReport, Observation, ObservedEvent } from '../../core/observation.js';
import { isCooperativePlan } from './cooperative-plan.js';
import { LlmRun, type EmbeddingModel, type LanguageModel } from '../../llm/index.js';
import { renderObservationText } from '../../skills/observe/render-text.js';
import type { Agent, TeamSetup, TeamStats } from '../team.js';
import { isAbort, ModelFaultPolicy } from '../model-fault-policy.js';
import { AssociativeMemory } from './associative-memory.js';
import { FailureCounter, judge, type Verdict } from './critic.js';
import { MemoryLibrary, PAPER_RETRIEVE_LIMITS, type MemoryKind, type RetrieveLimits } from './memory-library.js';
import { attend, PlanStack, type ActivePlan } from './multitask.js';
import { askWith, planLongTerm, planShortTerm, type AskModel } from './planner.js';
import { chatPrompt, describeCalls, type Identity } from './prompts.js';
import type { SkillCall, SkillMemory } from './skill-memory.js';
import { z } from 'zod';

export interface AlexOptions {
  name: string;
  /** The team's model, from the episode's LlmRun. */
  model: LanguageModel;
  /** The team's fault policy over the episode's LlmRun; default: one over a private run. */
  faults?: ModelFaultPolicy;
  /** Mastered skills; share one between agents and episodes to reuse what was learned. */
  skills: SkillMemory;
  embedding: EmbeddingModel;
  /** The system prompt's personality and persona; the paper's default is "None". */
  personality?: string;
  persona?: string;
  limits?: Partial<RetrieveLimits>;
  /** Critic FAILED TIMES LIMIT: failed attempts of a sub-goal before the long-term plan is redone. Default 2. */
  criticFailLimit?: number;
  /** Dispatcher FAILED TIMES LIMIT: model answers per short-term plan while its calls are invalid. Default 3. */
  codeFailLimit?: number;
  /** Events at or above this priority pre-empt the running plan. Default 60 (low food and above). */
  interruptPriority?: number;
  /** False gives the paper's "Alex w/o mt" ablation: events never interrupt and chat waits. Default true. */
  multitasking?: boolean;
  /** How long to wait after a model fault before asking again. Default 20 ticks. */
  faultWaitTicks?: number;
}

/** Plan steps per decision at most (a safety net against a critic that always says "done" at once). */
const MAX_STEPS_PER_DECISION = 6;

/** A call with no result and nothing running for this long is given up as lost. */
const LOST_AFTER_TICKS = 100;

const chatReplySchema = z.object({ respond: z.boolean(), message: z.string().default('') });

export class AlexAgent implements Agent {
  readonly name: string;
  readonly library: MemoryLibrary;
  readonly associative: AssociativeMemory;
  private readonly model: LanguageModel;
  private readonly faults: ModelFaultPolicy;
  private prompts = 0;
  private messages = 0;
  private readonly failures: FailureCounter;
  private readonly stack = new PlanStack();
  private setup: TeamSetup | null = null;
  private longTerm: string[] | null = null;
  /** Whether the first long-term plan spoke of working with others (null until there is one). */
  private firstPlanCooperative: boolean | null = null;
  private goalIndex = 0;
  private readonly achieved: string[] = [];
  private current: ActivePlan | null = null;
  private critique: string | undefined;
  /** Skills this agent pre-empted on purpose: their `preempted` reports are not plan failures. */
  private expectPreempted = 0;
  private readonly envNotes = new Map<string, string>();

  constructor(private readonly o: AlexOptions) {
    this.name = o.name;
    this.model = o.model;
    this.faults = o.faults ?? new ModelFaultPolicy(LlmRun.offline());
    this.library = new MemoryLibrary({ embedding: o.embedding });
    this.library.personality = o.personality ?? 'None';
    this.library.persona = o.persona ?? 'None';
    this.associative = new AssociativeMemory(this.library, o.skills, { ...PAPER_RETRIEVE_LIMITS, ...o.limits });
    this.failures = new FailureCounter(o.criticFailLimit ?? 2);
  }

  async start(setup: TeamSetup): Promise<void> {
    this.setup = setup;
  }

  /** The plan being carried out (for tests and the dashboard). */
  get activePlan(): Readonly<ActivePlan> | null {
    return this.current;
  }

  get pausedPlans(): number {
    return this.stack.depth;
  }

  get longTermPlan(): readonly string[] {
    return this.longTerm ?? [];
  }

  stats(): Partial<TeamStats> {
    const planned = this.firstPlanCooperative === null ? {} : { longTermPlans: 1, cooperativePlans: this.firstPlanCooperative ? 1 : 0 };
    return { prompts: this.prompts, messages: this.messages, modelFaults: this.faults.count, ...planned };
  }

  async decide(obs: Observation, signal?: AbortSignal): Promise<AgentAction | null> {
    if (!this.setup) return null;
    await this.perceive(obs);
    this.fileResults(obs.finishedSkills);
    if (!obs.alive) return null;
    const ask = this.asker(signal, obs);
    const multitasking = this.o.multitasking ?? true;
    const attention = attend(obs, this.o.interruptPriority ?? 60);
    try {
      if (multitasking && attention.urgent && !this.current?.urgent) {
        const act = await this.interrupt(ask, obs, attention.urgent);
        if (act) return act;
      }
      if (this.current?.inFlight && obs.runningSkill) {
        // Busy: chat is low priority, answered (if at all) without pre-empting the work.
        return multitasking && attention.chat.length > 0 ? await this.considerChat(ask, obs) : null;
      }
      return await this.advance(ask, obs);
    } catch (err) {
      if (isAbort(err, signal)) return null;
      this.faults.fault(err, (r) => this.log(r), { agent: this.name, role: 'alex' }, signal);
      return obs.runningSkill ? null : { type: 'skill', name: 'wait', params: { ticks: this.o.faultWaitTicks ?? 20 } };
    }
  }

  // ---- perception and results -----------------------------------------------------------------

  /** Chats, events and new sights go into the memory library as they happen. */
  private async perceive(obs: Observation): Promise<void> {
    const items: { kind: MemoryKind; text: string; tick: number }[] = [];
    for (const m of obs.messages) if (m.from !== obs.agent) items.push({ kind: 'chat', text: `${m.from}: ${m.message}`, tick: m.tick });
    for (const e of obs.events) if (e.type !== 'chat') items.push({ kind: 'event', text: e.text, tick: e.tick });
    for (const b of obs.nearbyBlocks) {
      // Coarse cells keep one note per block type per area instead of one per step.
      const cell = `${Math.floor(b.nearest.x / 8)},${Math.floor(b.nearest.y / 8)},${Math.floor(b.nearest.z / 8)}`;
      if (this.envNotes.get(b.name) === cell) continue;
      this.envNotes.set(b.name, cell);
      items.push({ kind: 'environment', text: `${b.name} x${b.count} seen near ${b.nearest.x},${b.nearest.y},${b.nearest.z}`, tick: obs.tick });
    }
    await this.library.addMany(items);
  }

  private fileResults(reports: readonly FinishedSkillReport[]): void {
    for (const r of reports) {
      if (!r.ok && r.result.reason === 'preempted' && this.expectPreempted > 0) {
        this.expectPreempted--;
        continue;
      }
      const cur = this.current;
      if (cur?.inFlight && cur.inFlight.name === r.name) {
        cur.done.push(cur.inFlight);
        cur.results.push(r);
        cur.inFlight = null;
      }
    }
  }

  // ---- multitasking ---------------------------------------------------------------------------

  private async interrupt(ask: AskModel, obs: Observation, event: ObservedEvent): Promise<AgentAction | null> {
    await this.ensureLongTermPlan(ask, obs);
    const prev = this.current;
    const plan = await this.shortTermPlan(ask, obs, prev?.subGoal ?? this.subGoal() ?? this.setup!.task.goal, event);
    if (plan.calls.length === 0) return null; // nothing to do about it: carry on with the plan
    if (prev) this.stack.suspend(prev);
    this.current = plan;
    await this.library.add('event', `interrupted "${prev?.plan ?? 'idle'}" to handle: ${event.text}`, obs.tick);
    this.log({ type: 'alex_interrupt', role: 'short-term planner', agent: this.name, event: event.type, priority: event.priority, suspended: prev?.plan ?? null, plan: plan.plan, calls: [...plan.calls] });
    return this.issue(plan, obs, false);
  }

  private async considerChat(ask: AskModel, obs: Observation): Promise<AgentAction | null> {
    const heard = obs.messages.filter((m) => m.from !== obs.agent).map((m) => `${m.from}: ${m.message}`);
    const working = this.current ? `${this.current.plan} (running ${obs.runningSkill?.name ?? 'nothing'})` : 'nothing';
    const reply = await ask('chat', chatPrompt({ id: this.identity(), heard, working, observation: renderObservationText(obs) }), chatReplySchema);
    if (!reply.respond || !reply.message.trim()) return null;
    this.messages++;
    this.log({ type: 'alex_chat_reply', role: 'chat', agent: this.name, heard, message: reply.message });
    // RESUME gate: the reply waits for the running skill instead of pre-empting it.
    return { type: 'skill', name: 'say', params: { message: reply.message.slice(0, 256) }, queue: true };
  }

  // ---- planning loop --------------------------------------------------------------------------

  private async advance(ask: AskModel, obs: Observation): Promise<AgentAction | null> {
    await this.ensureLongTermPlan(ask, obs);
    for (let step = 0; step < MAX_STEPS_PER_DECISION; step++) {
      const cur = this.current;
      if (cur) {
        if (cur.inFlight) {
          if (obs.runningSkill || obs.tick - cur.inFlightTick < LOST_AFTER_TICKS) return null;
          // Nothing runs and no result came: the call was lost (say, a backend dropped it). Treat it as failed.
          cur.done.push(cur.inFlight);
          cur.results.push({ name: cur.inFlight.name, params: cur.inFlight.params, ok: false, result: { ok: false, reason: 'lost', details: 'no result arrived for this call' }, ticks: 0, finishedAt: obs.tick });
          cur.inFlight = null;
          continue;
        }
        const failed = cur.results.some((r) => !r.ok);
        if (!failed && cur.calls.length > 0) return this.issue(cur, obs, true);
        await this.finish(ask, obs, cur);
        continue;
      }
      const resumed = this.stack.resume();
      if (resumed) {
        this.current = resumed;
        this.log({ type: 'alex_resume', agent: this.name, plan: resumed.plan, calls: [...resumed.calls] });
        continue;
      }
      const goal = this.subGoal();
      if (goal === null) {
        await this.replan(ask, obs, 'every sub-goal of the plan was achieved but the task is not complete yet');
        continue;
      }
      this.current = await this.shortTermPlan(ask, obs, goal, null);
    }
    return { type: 'skill', name: 'wait', params: { ticks: this.o.faultWaitTicks ?? 20 } };
  }

  /** A plan that ran (or could not run): urgent ones just end; others go to the critic. */
  private async finish(ask: AskModel, obs: Observation, cur: ActivePlan): Promise<void> {
    this.current = null;
    if (cur.urgent) {
      await this.library.add('event', `handled ${cur.event?.type ?? 'event'}: ${cur.plan}`, obs.tick);
      this.log({ type: 'alex_urgent_done', agent: this.name, plan: cur.plan, ok: cur.results.every((r) => r.ok) });
      return;
    }
    const verdict: Verdict =
      cur.results.length === 0
        ? { success: false, critique: 'the plan had no usable skill calls', skill: null, askedModel: false }
        : await judge(ask, { id: this.identity(), subGoal: cur.subGoal, plan: cur.plan, results: cur.results, observation: renderObservationText(obs) });
    this.log({ type: 'alex_critic', role: 'critic', agent: this.name, subGoal: cur.subGoal, success: verdict.success, critique: verdict.critique, askedModel: verdict.askedModel });
    if (verdict.success) {
      await this.learn(cur, verdict);
      this.achieved.push(cur.subGoal);
      this.goalIndex++;
      this.failures.reset(cur.subGoal);
      this.critique = undefined;
      await this.library.add('event', `achieved: ${cur.subGoal}`, obs.tick);
      return;
    }
    this.critique = verdict.critique;
    await this.library.add('event', `failed: ${cur.subGoal} (${verdict.critique})`, obs.tick);
    if (!this.failures.fail(cur.subGoal)) {
      await this.replan(ask, obs, `the sub-goal "${cur.subGoal}" failed ${this.failures.failures(cur.subGoal)} times; last critique: ${verdict.critique}`);
    }
  }

  /** The skill manager: a confirmed plan's calls become a named, described, retrievable skill. */
  private async learn(cur: ActivePlan, verdict: Verdict): Promise<void> {
    if (cur.reused) {
      const s = this.o.skills.get(cur.reused);
      if (s) s.uses++;
      return;
    }
    if (!verdict.skill || cur.done.length === 0) return;
    const stored = await this.o.skills.add({ name: verdict.skill.name, description: verdict.skill.description, goal: cur.subGoal, calls: cur.done });
    this.log({ type: 'alex_skill_stored', agent: this.name, skill: stored.name, description: stored.description, calls: describeCalls(stored.calls) });
  }

  private async ensureLongTermPlan(ask: AskModel, obs: Observation): Promise<void> {
    if (this.longTerm) return;
    await this.replan(ask, obs, undefined);
  }

  private async replan(ask: AskModel, obs: Observation, failure: string | undefined): Promise<void> {
    const task = this.setup!.task;
    const plan = await planLongTerm(ask, { id: this.identity(), task: { goal: task.goal, ...(task.guidance ? { guidance: task.guidance } : {}) }, observation: renderObservationText(obs), done: this.achieved, ...(failure ? { failure } : {}) });
    this.longTerm = plan.subGoals;
    this.library.longTermGoals = plan.subGoals;
    const cooperative = isCooperativePlan(plan);
    // The personality study reads the plan an agent first made, before the episode's events could change it.
    this.firstPlanCooperative ??= cooperative;
    this.goalIndex = 0;
    this.failures.reset();
    this.critique = undefined;
    this.log({ type: 'alex_long_term_plan', role: 'long-term planner', agent: this.name, complex: plan.complex, subGoals: plan.subGoals, reasoning: plan.reasoning, cooperative, reason: failure ?? null });
  }

  private subGoal(): string | null {
    return this.longTerm?.[this.goalIndex] ?? null;
  }

  private async shortTermPlan(ask: AskModel, obs: Observation, subGoal: string, event: ObservedEvent | null): Promise<ActivePlan> {
    const setup = this.setup!;
    const situation = [subGoal, event?.text ?? '', ...obs.messages.map((m) => m.message)].join(' ');
    const recalled = await this.associative.recall(situation, obs.tick);
    const p = await planShortTerm(
        ask,
        this.o.skills,
        {
          id: this.identity(),
          task: { goal: setup.task.goal, ...(setup.task.guidance ? { guidance: setup.task.guidance } : {}) },
          skills: setup.skills,
          longTermPlan: this.longTerm ?? [],
          subGoal,
          observation: renderObservationText(obs),
          ...(event ? { focusEvent: `[${event.priority}] ${event.text}` } : {}),
          recalled,
          ...(this.critique && !event ? { critique: this.critique } : {}),
        },
        this.o.codeFailLimit ?? 3,
      );
    await this.associative.remember(p.plan, obs.tick);
    this.log({ type: 'alex_short_term_plan', role: 'short-term planner', agent: this.name, subGoal, urgent: event !== null, plan: p.plan, explanation: p.explanation, reused: p.reused, calls: p.calls, attempts: p.attempts, recalledSkills: recalled.skills.map((s) => s.name) });
    return { subGoal, plan: p.plan, explanation: p.explanation, calls: [...p.calls], inFlight: null, inFlightTick: obs.tick, done: [], results: [], urgent: event !== null, event, reused: p.reused };
  }

  /** Issues the plan's next call: NEW gate (pre-empt) for urgent plans, RESUME (queue) otherwise. */
  private issue(plan: ActivePlan, obs: Observation, queue: boolean): AgentAction {
    const call: SkillCall = plan.calls.shift()!;
    plan.inFlight = call;
    plan.inFlightTick = obs.tick;
    if (!queue && obs.runningSkill) this.expectPreempted++;
    if (call.name === 'say') this.messages++;
    return { type: 'skill', name: call.name, params: call.params, ...(queue ? { queue: true } : {}) };
  }

  // ---- helpers --------------------------------------------------------------------------------

  /**
   * Asks the model for one component's answer, counting it as one prompt (for mPT). In multimodal mode
   * (the observation carries a rendered view) the frame goes with the perception and planning prompts,
   * as MineLand's Alex reads GPT-4V frames: planners, critic and chat all see it.
   */
  private asker(signal: AbortSignal | undefined, obs: Observation): AskModel {
    const ask = askWith(this.model, signal, this.name);
    return async (component, prompt, schema) => {
      this.prompts++;
      const answer = await ask(component, { ...prompt, observation: obs }, schema);
      this.faults.succeeded();
      return answer;
    };
  }

  private identity(): Identity {
    return { name: this.name, personality: this.library.personality, persona: this.library.persona };
  }

  private log(record: { type: string } & Record<string, unknown>): void {
    this.setup?.log(record);
  }
}
