/**
 * One person's CuisineWorld episode: the human commands agent0, an AI dispatcher (heuristic, random or an LLM) commands the other
 * agents, and every step is kept so the episode can be stored, analysed and replayed (the game is deterministic from its
 * settings and the commands). Each step the human's command is fixed first, the dispatcher plans around it, and the game
 * runs the list with the human's command first, so the human always acts before the AI within a step.
 */
import { InputError } from '../../core/errors.js';
import { HeuristicDispatcher, RandomDispatcher, type Dispatcher } from '../../agents/cuisine-dispatcher/index.js';
import { CuisineGame, type GameStateJson, type StepResult } from '../../env/cuisine/index.js';
import { humanChoices, type HumanChoices } from './human-choices.js';
import { surveyQuestions, type SurveyAnswers, type SurveyQuestion } from './survey.js';

export type AiKind = 'heuristic' | 'random' | 'llm';

/**
 * The LLM teammates a server offers when it was started with a model (`guildcraft serve --model …`): MindAgent's
 * human–AI study, where an LLM dispatcher commands the AI cooks beside a person.
 */
export interface LlmTeammates {
  /** The model's id (`openai:gpt-4o`), shown on the page and kept in every record. */
  readonly model: string;
  /** A fresh dispatcher for one game. */
  dispatcher(gameId: string): Dispatcher;
}

export interface HumanGameSettings {
  readonly level: string;
  /** Team size including the human (1 = playing alone). */
  readonly agents: number;
  readonly alpha: number;
  readonly seed: number;
  /** Who commands agents 1..n-1; null when the human plays alone. */
  readonly ai: AiKind | null;
  /** The model behind `ai: 'llm'` (absent otherwise). */
  readonly model?: string;
  readonly rules: 'fixed';
  readonly humanAgent: 'agent0';
}

export interface HumanStepRecord {
  readonly step: number;
  readonly human: string;
  readonly ai: readonly string[];
  /** The dispatch as the game ran it: the human's command first. */
  readonly commands: readonly string[];
  readonly success: readonly boolean[];
  readonly feedback: readonly string[];
  readonly suggestions: readonly string[];
  readonly completed: readonly string[];
  readonly expired: readonly string[];
  /** Milliseconds between the previous state being ready and the human's command arriving. */
  readonly thinkMs: number;
  /** The LLM teammates' model failed this step (they did nothing): what went wrong, for the page and the analysis. */
  readonly aiFault?: string;
}

export interface HumanScore {
  readonly completed: number;
  readonly failed: number;
  /** Orders still open at the end: neither completed nor failed (as in the paper). */
  readonly open: number;
  /** completed / (completed + failed); 0 when neither happened. */
  readonly successRate: number;
  readonly accomplished: readonly string[];
}

export interface HumanGameView {
  readonly id: string;
  readonly settings: HumanGameSettings;
  readonly state: GameStateJson;
  /** Dishes this level can order, and the lifetime a fresh order of each starts with. */
  readonly dishes: readonly string[];
  readonly lifetimes: Record<string, number>;
  readonly recipes: { product: string; tool: string; ingredients: readonly string[] }[];
  readonly you: HumanChoices;
  readonly lastStep: HumanStepRecord | null;
  readonly score: HumanScore;
  readonly done: boolean;
  /** Questions to answer once the episode is over. */
  readonly survey: { questions: SurveyQuestion[]; answered: boolean };
  /** Where the record was stored (relative to the runs directory), once the episode is over. */
  readonly storedAs: string | null;
}

export interface HumanRecord {
  readonly format: 'guildcraft.cuisine.human-play/1';
  readonly id: string;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly surveyedAt: string | null;
  readonly settings: HumanGameSettings;
  readonly score: HumanScore;
  readonly trace: readonly HumanStepRecord[];
  readonly final: GameStateJson;
  readonly survey: SurveyAnswers | null;
}

export interface HumanGameOptions {
  readonly id: string;
  readonly level: string;
  readonly agents: number;
  readonly alpha: number;
  readonly seed: number;
  readonly ai: AiKind;
  /** Commands the AI agents instead of the built-in `ai` kind (for `ai: 'llm'`, the server's LLM dispatcher). */
  readonly dispatcher?: Dispatcher;
  /** The model behind the dispatcher, kept in the settings (for `ai: 'llm'`). */
  readonly model?: string;
  /** Wall clock in ms (injectable for tests). */
  readonly now?: () => number;
}

export class HumanGame {
  readonly id: string;
  readonly settings: HumanGameSettings;
  readonly game: CuisineGame;
  readonly startedAt: number;
  readonly trace: HumanStepRecord[] = [];
  finishedAt: number | null = null;
  survey: SurveyAnswers | null = null;
  surveyedAt: number | null = null;
  storedAs: string | null = null;
  /** Last time anyone touched this game (for evicting abandoned games). */
  lastActive: number;
  private readonly dispatcher: Dispatcher | null;
  private readonly aiAgents: number[];
  private readonly now: () => number;
  private readyAt: number;

  constructor(options: HumanGameOptions) {
    this.id = options.id;
    this.now = options.now ?? Date.now;
    this.game = new CuisineGame({ level: options.level, agents: options.agents, alpha: options.alpha, seed: options.seed, rules: 'fixed' });
    const withAi = options.agents > 1;
    this.settings = {
      level: this.game.level.name,
      agents: options.agents,
      alpha: options.alpha,
      seed: options.seed,
      ai: withAi ? options.ai : null,
      ...(withAi && options.model !== undefined ? { model: options.model } : {}),
      rules: 'fixed',
      humanAgent: 'agent0',
    };
    this.aiAgents = Array.from({ length: options.agents - 1 }, (_, i) => i + 1);
    if (withAi && options.ai === 'llm' && options.dispatcher === undefined) {
      throw new InputError('an LLM teammate needs the server\'s LLM dispatcher, and none was given', 'start the server with a model: guildcraft serve --model <provider:model>');
    }
    const builtIn = () => (options.ai === 'random' ? new RandomDispatcher(options.seed) : new HeuristicDispatcher());
    this.dispatcher = withAi ? (options.dispatcher ?? builtIn()) : null;
    this.dispatcher?.reset(this.game);
    // An LLM dispatcher logs each failed model step here; the step's record carries it to the page and the analysis.
    this.dispatcher?.start?.((r) => {
      if (r.type === 'model_fault') this.stepFault = typeof r.message === 'string' ? r.message : 'the model failed';
    });
    this.startedAt = this.now();
    this.readyAt = this.startedAt;
    this.lastActive = this.startedAt;
  }

  /** The model fault the dispatcher logged during the step being run, if any. */
  private stepFault: string | undefined;

  /** True while an asynchronous dispatcher is deciding this step. */
  stepping = false;

  get done(): boolean {
    return this.game.done;
  }

  /**
   * Runs one step with the human's command for agent0. A command that does not parse, or that names another agent, is
   * refused without spending the step (InputError); a well-formed command that fails in the kitchen spends the step and
   * the game's message comes back as feedback, as it would for an AI agent.
   */
  async step(command: string): Promise<HumanStepRecord> {
    if (this.done) throw new InputError(`the episode is over (step ${this.game.time} of ${this.game.maxSteps})`, 'answer the survey or start a new game');
    const parsed = this.game.parse(command);
    if (!parsed.ok) throw new InputError(`command '${command}' is not valid here: ${parsed.message}`, 'pick one of the commands the page offers, e.g. noop_agent0');
    if (parsed.command.agent !== 0) {
      throw new InputError(`command '${command}' is for agent${parsed.command.agent}, but you control agent0`, 'send a command for agent0');
    }
    if (this.stepping) throw new InputError('a step of this game is already running', 'wait for its answer before sending the next command');
    const arrived = this.now();
    const step = this.game.time;
    let ai: string[] = [];
    this.stepFault = undefined;
    if (this.dispatcher) {
      const out = this.dispatcher.dispatch({ game: this.game, agents: this.aiAgents, before: [command] });
      if (out instanceof Promise) {
        // An asynchronous dispatcher (an LLM) lets other requests run meanwhile: hold this game until it answers.
        this.stepping = true;
        try {
          ai = [...(await out)];
        } finally {
          this.stepping = false;
        }
      } else ai = [...out];
    }
    const commands = [command, ...ai];
    const result: StepResult = this.game.step(commands);
    const record: HumanStepRecord = {
      step,
      human: command,
      ai,
      commands,
      success: result.success,
      feedback: result.feedback,
      suggestions: result.suggestions,
      completed: result.completed,
      expired: result.expired,
      thinkMs: Math.max(0, arrived - this.readyAt),
      ...this.aiFault(),
    };
    this.trace.push(record);
    this.readyAt = this.now();
    this.lastActive = this.readyAt;
    if (this.done) this.finishedAt = this.readyAt;
    return record;
  }

  /** The step's model fault, or why the teammates stopped for good (their model's circuit breaker opened). */
  private aiFault(): { aiFault?: string } {
    const halted = this.dispatcher?.halted?.() ?? null;
    if (halted !== null) return { aiFault: `your teammates stopped for the rest of this game: ${halted}` };
    return this.stepFault !== undefined ? { aiFault: this.stepFault } : {};
  }

  score(): HumanScore {
    const g = this.game;
    const completed = g.completedCount;
    const failed = g.failedCount;
    return {
      completed,
      failed,
      open: g.orders.length,
      successRate: completed + failed === 0 ? 0 : completed / (completed + failed),
      accomplished: g.accomplished.slice(),
    };
  }

  surveyQuestions(): SurveyQuestion[] {
    return surveyQuestions(this.settings.ai !== null);
  }

  view(): HumanGameView {
    return {
      id: this.id,
      settings: this.settings,
      state: this.game.snapshot(),
      dishes: this.game.level.dishes,
      lifetimes: Object.fromEntries(this.game.lifetimes),
      recipes: this.game.level.recipes.map((r) => ({ product: r.product, tool: r.tool, ingredients: r.ingredients })),
      you: humanChoices(this.game, 0),
      lastStep: this.trace.at(-1) ?? null,
      score: this.score(),
      done: this.done,
      survey: { questions: this.done ? this.surveyQuestions() : [], answered: this.survey !== null },
      storedAs: this.storedAs,
    };
  }

  record(): HumanRecord {
    const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
    return {
      format: 'guildcraft.cuisine.human-play/1',
      id: this.id,
      startedAt: new Date(this.startedAt).toISOString(),
      finishedAt: iso(this.finishedAt),
      surveyedAt: iso(this.surveyedAt),
      settings: this.settings,
      score: this.score(),
      trace: this.trace,
      final: this.game.snapshot(),
      survey: this.survey,
    };
  }
}
