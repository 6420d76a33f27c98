/**
 * The MindAgent LLM dispatcher (paper §4.1): prompt = rules + inference knowledge + recipes + one-shot demo + info line,
 * then a sliding memory of the last exchanges and the current state with the previous step's feedback. The model's reply
 * goes through action extraction and, unless switched off, look-ahead validation: the commands are tried on a copy of the
 * game, and if that produces error messages the model is told and asked again (up to `maxRetries` times).
 *
 * Ablations of the paper (Tables 8–9): `feedback: false`, `inferenceKnowledge: false`, `demo: 'few-step'`, `demoAgents`.
 *
 * The model is any `LanguageModel` (with the run's cache, retries and accounting around it). When a call still fails
 * because of the model or its server (after the LLM layer's retries), the dispatcher does what every LLM agent does
 * (agents/model-fault-policy.ts): it logs a `model_fault`, tells the episode's circuit breaker, and its agents do
 * nothing this step; the breaker decides when the faults end the episode (`model_unreachable`, `model_faults`), and the
 * runner ends it. Faults the user must fix (a missing key, a spent budget, a replay cache miss) are thrown and end the run.
 */
import { GuildcraftError } from '../../../core/errors.js';
import { pyListRepr, stepMessage, stateText, type CuisineGame } from '../../../env/cuisine/index.js';
import { LlmRun } from '../../../llm/llm-run.js';
import type { ChatMessage, LanguageModel } from '../../../llm/types.js';
import type { TeamStats } from '../../team.js';
import { ModelFaultPolicy, type FaultLog, type ModelFault } from '../../model-fault-policy.js';
import type { DispatchContext, Dispatcher } from '../dispatcher.js';
import { demoMessages, FEW_STEP_DEMO_TURNS, FULL_DEMO_TURNS } from './demo.js';
import { commandAgent, extractActions } from './extract.js';
import { infoPrompt, rulesPrompt } from './prompt.js';

export const NO_ACTION_FEEDBACK =
  'no action was found in your reply; write one command per agent on its own line, for example goto_agent0_storage0';

/**
 * MindAgent's sampling settings: temperature 0.1 ("We set the temperature for all experiments to 0.1", §5) and the
 * 100-token reply cap of its code's chat call. The defaults here, so a run is comparable unless told otherwise.
 */
export const MINDAGENT_SAMPLING = { temperature: 0.1, maxTokens: 100 } as const;

export interface LlmDispatcherOptions {
  model: LanguageModel;
  /**
   * The LLM run `model` comes from: its ledger is where the runner reads the episode's calls, tokens and cost. Absent,
   * the model is taken as a bare one (a scripted model) and wrapped in an offline run of its own.
   */
  llm?: LlmRun;
  /** Sampling temperature sent with every call. Default MindAgent's 0.1. */
  temperature?: number;
  /** Longest reply, in tokens, asked of every call. Default MindAgent's 100. */
  maxTokens?: number;
  /** Show the environment's error messages each step (paper ablation: "w/o feedback"). Default true. */
  feedback?: boolean;
  /** Include the inference knowledge in the rules (ablation: "w/o inference knowledge"). Default true. */
  inferenceKnowledge?: boolean;
  /** 'full' one-shot demo, 'few-step' (2 turns, ablation "w/ just few-step"), or 'none'. Default 'full'. */
  demo?: 'full' | 'few-step' | 'none';
  /** Use the demo recorded with this many agents (Table 9: fewer-agent demos). Default: the team size, at most 4. */
  demoAgents?: number;
  /** Past (state, actions) exchanges kept in the prompt. Default 2 (the original's look_ahead_steps = 5). */
  historyExchanges?: number;
  /** Try the commands on a copy of the game first and ask again on errors. Default: on when feedback is on. */
  lookAhead?: boolean;
  /** How many times to ask again after look-ahead errors or an empty reply. Default 1. */
  maxRetries?: number;
}

export class LlmDispatcher implements Dispatcher {
  readonly name = 'llm';
  private prefix: ChatMessage[] = [];
  private history: ChatMessage[] = [];
  /** Feedback the engine cannot know (an unreadable reply), shown with the next state. */
  private carried: string[] = [];
  /** Model calls made so far (for accounting). */
  calls = 0;
  /** The model faults this dispatcher met, in order (its team's log has them as `model_fault` records too). */
  readonly faultRecords: ModelFault[] = [];
  private readonly policy: ModelFaultPolicy;
  private log: FaultLog = () => {};

  /** The run whose ledger counts this dispatcher's calls (the runner reads it as the team's `llm`). */
  readonly llm: LlmRun;
  private readonly model: LanguageModel;

  constructor(private readonly options: LlmDispatcherOptions) {
    this.llm = options.llm ?? LlmRun.offline();
    this.model = options.llm ? options.model : this.llm.model('dispatcher', undefined, { base: options.model });
    this.policy = new ModelFaultPolicy(this.llm);
  }

  start(log: FaultLog): void {
    this.log = log;
  }

  reset(game: CuisineGame): void {
    this.prefix = [];
    this.history = [];
    this.carried = [];
    this.prefixFor(game, game.numAgents, false);
  }

  halted(): string | null {
    return this.llm.breaker.open?.message ?? null;
  }

  stats(): Partial<TeamStats> {
    // Calls, tokens and cost come from the LLM run's ledger, the one source (agents/model-fault-policy.ts); here only
    // what the ledger cannot know: planning decisions and the faults this dispatcher survived.
    return { prompts: this.calls, modelFaults: this.policy.count };
  }

  /** The fixed messages: rules, demo, info line. */
  private prefixFor(game: CuisineGame, planned: number, human: boolean): ChatMessage[] {
    if (this.prefix.length > 0) return this.prefix;
    const o = this.options;
    const messages: ChatMessage[] = [{ role: 'user', content: rulesPrompt(game.level, { inferenceKnowledge: o.inferenceKnowledge ?? true }) }];
    const demo = o.demo ?? 'full';
    if (demo !== 'none') {
      const agents = Math.max(1, Math.min(4, o.demoAgents ?? game.numAgents));
      messages.push(...demoMessages(agents, demo === 'full' ? FULL_DEMO_TURNS : FEW_STEP_DEMO_TURNS));
    }
    messages.push({ role: 'user', content: infoPrompt(human ? game.numAgents : planned, human) });
    this.prefix = messages;
    return messages;
  }

  /** The messages the model gets for the current state (exposed for inspection and tests). */
  messagesFor(ctx: DispatchContext): ChatMessage[] {
    const human = ctx.agents.length < ctx.game.numAgents;
    const prefix = this.prefixFor(ctx.game, ctx.agents.length, human);
    let user = stepMessage(ctx.game, this.options.feedback ?? true, this.carried);
    if (ctx.before.length > 0) user += `${ctx.before.join('\n')}\n`;
    return [...prefix, ...this.history, { role: 'user', content: user }];
  }

  async dispatch(ctx: DispatchContext): Promise<string[]> {
    const o = this.options;
    const messages = this.messagesFor(ctx);
    const stepUser = messages[messages.length - 1]!;
    const allowed = new Set(ctx.agents);
    let commands: string[] = [];
    const retries = o.maxRetries ?? 1;
    for (let attempt = 0; attempt <= retries; attempt++) {
      const reply = await this.complete(messages);
      if (reply === null) {
        // The model failed this step: its agents do nothing, and nothing of it goes into the memory or the feedback.
        this.carried = [];
        return ctx.agents.map((a) => `noop_agent${a}`);
      }
      // Commands for agents this dispatcher does not command (a human's) are dropped; the rest go through as written,
      // so duplicates and bad agent numbers come back as the engine's feedback.
      commands = extractActions(reply).filter((c) => allowed.has(commandAgent(c)) || commandAgent(c) >= ctx.game.numAgents);
      const errors = commands.length === 0 ? [NO_ACTION_FEEDBACK] : (o.lookAhead ?? o.feedback ?? true) ? this.check(ctx, commands) : [];
      if (errors.length === 0 || attempt === retries) break;
      messages.push(
        { role: 'assistant', content: reply },
        { role: 'user', content: this.retryMessage(ctx.game, errors) },
      );
    }
    this.carried = commands.length === 0 ? [NO_ACTION_FEEDBACK] : [];
    if (commands.length === 0) commands = ctx.agents.map((a) => `noop_agent${a}`);
    this.remember(stepUser, commands);
    return commands;
  }

  /** One model call: its text, or null when the model failed (the fault policy has logged and counted it). */
  private async complete(messages: ChatMessage[]): Promise<string | null> {
    if (this.policy.stopped) return null;
    this.calls++;
    try {
      const res = await this.model.generate({
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        temperature: this.options.temperature ?? MINDAGENT_SAMPLING.temperature,
        maxTokens: this.options.maxTokens ?? MINDAGENT_SAMPLING.maxTokens,
      });
      this.policy.succeeded();
      return res.text;
    } catch (err) {
      if (!(err instanceof GuildcraftError) || (err.fault !== 'environment' && err.fault !== 'model')) throw err;
      const before = this.policy.count;
      const fault = this.policy.fault(err, this.log, { role: 'dispatcher' });
      if (this.policy.count > before) this.faultRecords.push(fault);
      return null;
    }
  }

  /** Look-ahead: the error messages these commands would cause now (no-op-only dispatches are fine). */
  private check(ctx: DispatchContext, commands: string[]): string[] {
    const result = ctx.game.lookAhead([...ctx.before, ...commands]);
    return result.feedback.filter((f) => !f.startsWith('None of the agents'));
  }

  private retryMessage(game: CuisineGame, errors: string[]): string {
    const head = (this.options.feedback ?? true) ? `-execution error messages:\n  --  ${pyListRepr(errors)}\n` : '';
    return `${head}These actions would fail. Please give corrected actions for the same state.\n${stateText(game)}-action:\n`;
  }

  private remember(user: ChatMessage, commands: string[]): void {
    this.history.push(user, { role: 'assistant', content: commands.join('\n') });
    const keep = 2 * (this.options.historyExchanges ?? 2);
    if (this.history.length > keep) this.history.splice(0, this.history.length - keep);
  }
}
