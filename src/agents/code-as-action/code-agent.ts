/**
 * The code-as-action agent (MineLand's high-level code actions, in Voyager's loop): the model
 * writes a JavaScript program over the skills; it runs as a `code` action in the backend's
 * sandbox; the agent reads the result. An execution error, or a critic's "not done" for a program
 * that ran, is fed back into the next prompt, up to `maxAttempts` tries per task (then the task is
 * abandoned and the model picks another). Programs the critic passes are stored in the skill
 * library and retrieved by embedding similarity for later tasks, where they are both shown in the
 * prompt and defined in the program, so the model reuses them by calling them.
 */
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import { generateObject, LlmRun, ModelBehaviorError, type LanguageModel } from '../../llm/index.js';
import { renderObservationText } from '../../skills/observe/render-text.js';
import { z } from 'zod';
import type { Agent, TeamSetup, TeamStats } from '../team.js';
import { ModelFaultPolicy } from '../model-fault-policy.js';
import { criticPromptMessages, writerPromptMessages, type LastAttempt } from './code-prompt.js';
import { withLookedImages } from './looked-images.js';
import { hasTopLevelStatements, parseWrittenProgram, topLevelFunctions } from './program-text.js';
import type { SkillLibrary } from './skill-library.js';

export interface CodeAgentOptions {
  name: string;
  /** Writes the programs. */
  model: LanguageModel;
  /** Judges finished programs; null trusts a program that ran without error. */
  critic: LanguageModel | null;
  /** The team's fault policy over the episode's LlmRun; default: one over a private run. */
  faults?: ModelFaultPolicy;
  library: SkillLibrary;
  /** Tries per task before it is abandoned. Default 4 (Voyager's). */
  maxAttempts?: number;
  /** Programs per episode, to bound cost. Default 30. */
  maxPrograms?: number;
  /** Library skills retrieved per prompt. Default 3. */
  retrieveK?: number;
  /** Ticks to wait after a failed model call before asking again. Default 20. */
  faultWaitTicks?: number;
  temperature?: number;
}

const criticSchema = z.object({ reasoning: z.string().nullish(), success: z.boolean(), critique: z.string().nullish() });

interface RunningProgram {
  task: string;
  description: string;
  code: string;
  functions: Array<{ name: string; source: string }>;
  main: string | null;
}

export class CodeAsActionAgent implements Agent {
  readonly name: string;
  private readonly faults: ModelFaultPolicy;
  private prompts = 0;
  private readonly writer: LanguageModel;
  private readonly critic: LanguageModel | null;
  private setup: TeamSetup | null = null;
  private running: RunningProgram | null = null;
  private last: LastAttempt | null = null;
  private failures = 0;
  private programs = 0;
  private readonly completed: string[] = [];
  private done = false;
  private gaveUp = false;
  private quietUntil = -1;

  constructor(private readonly o: CodeAgentOptions) {
    this.name = o.name;
    this.writer = o.model;
    this.critic = o.critic;
    this.faults = o.faults ?? new ModelFaultPolicy(LlmRun.offline());
  }

  async start(setup: TeamSetup): Promise<void> {
    this.setup = setup;
  }

  stats(): Partial<TeamStats> {
    return { prompts: this.prompts, modelFaults: this.faults.count };
  }

  /** Tasks the critic passed, in order. */
  get completedTasks(): readonly string[] {
    return this.completed;
  }

  async decide(obs: Observation, signal?: AbortSignal): Promise<AgentAction | null> {
    if (!this.setup || !obs.alive) return null;
    for (const report of obs.finishedSkills) {
      if (report.name === 'code' && this.running) await this.review(report.result, obs, signal);
    }
    if (this.running) {
      // While a program runs, the running skill is named after the skill it is inside ('collect',
      // 'moveTo'…) or 'code' between skills: anything running is our program until its report arrives.
      // Writing now would replace it, so news (a teammate's chat, an event) waits for the result.
      if (obs.runningSkill !== null) return null;
      this.running = null; // ended without a report (e.g. death): write again
    }
    if (this.done || this.gaveUp || obs.tick < this.quietUntil) return null;
    if (this.programs >= (this.o.maxPrograms ?? 30)) {
      this.gaveUp = true;
      this.setup.log({ type: 'code_gave_up', agent: this.name, programs: this.programs, completed: this.completed });
      return null;
    }
    return this.write(obs, signal);
  }

  private async write(obs: Observation, signal?: AbortSignal): Promise<AgentAction | null> {
    const setup = this.setup!;
    const query = [setup.task.goal, this.last?.task ?? ''].join('\n');
    const library = await this.o.library.retrieve(query, this.o.retrieveK ?? 3);
    const messages = writerPromptMessages({
      self: this.name,
      teammates: (setup.seat?.members ?? setup.agents).filter((a) => a !== this.name),
      task: setup.task,
      skills: setup.skills,
      state: renderObservationText(obs),
      library,
      completed: this.completed,
      last: this.last,
      attempt: this.failures + 1,
      maxAttempts: this.o.maxAttempts ?? 4,
    });
    this.prompts++;
    let text: string;
    try {
      const request = { messages, ...(this.o.temperature !== undefined ? { temperature: this.o.temperature } : {}) };
      // With --vision, the frames the last program's look() calls took (handles img-N in its results).
      text = (await this.writer.generate(withLookedImages(request, obs.view?.looked ?? []), { signal, caller: { agent: this.name, role: 'writer' } })).text;
    } catch (err) {
      return this.fault(obs, err, signal);
    }
    const written = parseWrittenProgram(text);
    if (!written) return this.fault(obs, new ModelBehaviorError(`${this.writer.id} wrote no program`, 'the answer has no ```javascript code block', text), signal);
    this.faults.succeeded();
    if (written.done) {
      this.done = true;
      setup.log({ type: 'code_done', agent: this.name, completed: this.completed });
      return null;
    }
    const functions = topLevelFunctions(written.code).map(({ name, source }) => ({ name, source }));
    const main = functions.at(-1)?.name ?? null;
    const call = main && !hasTopLevelStatements(written.code) ? `\nreturn await ${main}();` : '';
    // Function declarations are hoisted, so library code goes after the program: error line numbers match what the model wrote.
    const prelude = this.o.library.prelude(library.map((s) => s.name), functions.map((f) => f.name));
    const source = `${written.code}${call}${prelude ? `\n\n${prelude}` : ''}`;
    const task = written.task ?? setup.task.goal;
    this.running = { task, description: written.description ?? task, code: written.code, functions, main };
    this.programs++;
    setup.log({ type: 'code_program', role: 'writer', agent: this.name, task, retrieved: library.map((s) => ({ name: s.name, score: s.score })), defines: functions.map((f) => f.name), attempt: this.failures + 1 });
    return { type: 'code', source };
  }

  /** Judges a finished program: an error is fed back; a clean run goes to the critic; success is stored. */
  private async review(result: Record<string, unknown>, obs: Observation, signal?: AbortSignal): Promise<void> {
    const setup = this.setup!;
    const p = this.running!;
    this.running = null;
    const logs = Array.isArray(result.logs) ? result.logs.map(String) : [];
    let feedback: string | null = null;
    if (result.ok !== true) {
      feedback = `the program failed (${String(result.reason)}): ${String(result.details ?? '')}`;
    } else if (this.critic) {
      const verdict = await this.judge(p, result.value, logs, obs, signal);
      if (verdict && !verdict.success) feedback = `the critic says the task is not complete: ${verdict.critique ?? verdict.reasoning ?? ''}`;
    }
    setup.log({ type: 'code_result', agent: this.name, task: p.task, ok: feedback === null, feedback, value: result.value ?? null, logs: logs.slice(-10) });
    if (feedback === null) {
      this.completed.push(p.task);
      this.failures = 0;
      this.last = null;
      if (p.main) {
        await this.o.library.add({ name: p.main, description: p.description, task: p.task, source: p.functions.map((f) => f.source).join('\n\n') });
        setup.log({ type: 'skill_stored', agent: this.name, name: p.main, description: p.description, librarySize: this.o.library.size });
      }
      return;
    }
    this.failures++;
    this.last = { task: p.task, code: p.code, feedback, logs };
    if (this.failures >= (this.o.maxAttempts ?? 4)) {
      setup.log({ type: 'code_task_abandoned', agent: this.name, task: p.task, attempts: this.failures });
      this.last = { ...this.last, feedback: `${feedback}. You tried this task ${this.failures} times: choose a different task or approach.` };
      this.failures = 0;
    }
  }

  private async judge(p: RunningProgram, value: unknown, logs: string[], obs: Observation, signal?: AbortSignal): Promise<z.output<typeof criticSchema> | null> {
    const messages = criticPromptMessages({ goal: this.setup!.task.goal, task: p.task, code: p.code, value, logs, state: renderObservationText(obs) });
    try {
      const verdict = (await generateObject(this.critic!, { messages, temperature: 0 }, criticSchema, { signal, caller: { agent: this.name, role: 'critic' } })).object;
      this.faults.succeeded();
      return verdict;
    } catch (err) {
      // Without a verdict the clean run stands: the program's own checks passed.
      this.faults.fault(err, this.setup!.log, { agent: this.name, role: 'critic' }, signal);
      return null;
    }
  }

  private fault(obs: Observation, err: unknown, signal?: AbortSignal): AgentAction {
    this.faults.fault(err, this.setup!.log, { agent: this.name, role: 'writer' }, signal);
    this.quietUntil = obs.tick + (this.o.faultWaitTicks ?? 20);
    return { type: 'skill', name: 'wait', params: { ticks: this.o.faultWaitTicks ?? 20 } };
  }
}
