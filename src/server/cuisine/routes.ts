/**
 * The human-play JSON API:
 *   GET  /api/cuisine/levels               levels and their dishes (for the page's choices)
 *   GET  /api/cuisine/teammates            the AI teammates this server offers (an LLM only when it has a model)
 *   POST /api/cuisine/games                start a game            → 201 view
 *   GET  /api/cuisine/games/:id            the game as it stands   → view
 *   POST /api/cuisine/games/:id/step       the human's command     → view (with lastStep)
 *   POST /api/cuisine/games/:id/survey     answers after the end   → { storedAs, view }
 * When an episode ends its record is written under the runs directory; the survey rewrites it with the answers.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { InputError } from '../../core/errors.js';
import { LEVELS, getLevel } from '../../env/cuisine/index.js';
import { parseOr400, sendError, sendGuildcraftError } from '../http-errors.js';
import { GAME_ID_PATTERN, GameStore } from './game-store.js';
import { HumanGame, type LlmTeammates } from './human-game.js';
import { storeRecord } from './record-store.js';
import { createGameSchema, stepSchema } from './schemas.js';
import { surveySchema, type SurveyAnswers } from './survey.js';

export interface CuisineRoutesOptions {
  readonly runsDir: string;
  readonly maxGames: number;
  readonly idleMs: number;
  /** Games one client (address) may hold at once (default DEFAULT_GAMES_PER_CLIENT). */
  readonly maxGamesPerClient?: number;
  readonly now?: () => number;
  /** LLM teammates, when the server was started with a model. */
  readonly llm?: LlmTeammates;
}

/** One kind of AI teammate the page may offer. */
export interface TeammateOffer {
  readonly kind: 'heuristic' | 'random' | 'llm';
  readonly label: string;
  readonly model?: string;
}

export function registerCuisineRoutes(app: FastifyInstance, options: CuisineRoutesOptions): void {
  const store = new GameStore(options.maxGames, options.idleMs, options.now, options.maxGamesPerClient);

  const find = (id: string, reply: FastifyReply): HumanGame | undefined => {
    const game = GAME_ID_PATTERN.test(id) ? store.get(id) : undefined;
    if (!game) sendError(reply, 404, `no game with id '${id}'`, 'start one with POST /api/cuisine/games (games idle for long are dropped)');
    return game;
  };

  const save = async (game: HumanGame, reply: FastifyReply): Promise<boolean> => {
    try {
      game.storedAs = await storeRecord(options.runsDir, game);
      return true;
    } catch (err) {
      sendError(reply, 500, `the record of game ${game.id} could not be written under ${options.runsDir}: ${(err as Error).message}`,
        'check that the runs directory is writable; submitting the survey tries again');
      return false;
    }
  };

  app.get('/api/cuisine/levels', async () =>
    LEVELS.map((l) => ({ name: l.name, dishes: getLevel(l.name).dishes, tools: getLevel(l.name).locations.map((x) => x.id) })),
  );

  app.get('/api/cuisine/teammates', async (): Promise<TeammateOffer[]> => [
    { kind: 'heuristic', label: 'planner (plans around you)' },
    { kind: 'random', label: 'random (valid but aimless actions)' },
    ...(options.llm ? [{ kind: 'llm' as const, label: `LLM dispatcher (${options.llm.model})`, model: options.llm.model }] : []),
  ]);

  app.post('/api/cuisine/games', async (req, reply) => {
    const body = parseOr400(createGameSchema, req.body, reply, 'new game');
    if (!body) return reply;
    if (body.ai === 'llm' && body.aiAgents > 0 && !options.llm) {
      return sendError(reply, 400, 'this server offers no LLM teammates: it was started without a model', 'pick the planner or random teammates, or restart the server with guildcraft serve --model <provider:model>');
    }
    const noRoom = store.makeRoom(req.ip);
    if (noRoom === 'client_full') {
      return sendError(reply, 429, `you already run ${store.maxPerClient} games on this server`, `finish one first; a game of yours idle for ${Math.round(store.clientIdleMs / 60_000)} minutes makes room`);
    }
    if (noRoom === 'server_full') {
      return sendError(reply, 503, `the server already runs ${store.maxGames} games`, 'finish or abandon a game, or try again later');
    }
    const id = store.newId();
    const llm = body.ai === 'llm' && body.aiAgents > 0 ? options.llm : undefined;
    const game = new HumanGame({
      id,
      level: body.level,
      agents: 1 + body.aiAgents,
      alpha: body.alpha,
      seed: body.seed ?? randomInt(0, 2 ** 31 - 1),
      ai: body.ai,
      ...(llm ? { dispatcher: llm.dispatcher(id), model: llm.model } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
    store.add(game, req.ip);
    return reply.code(201).send(game.view());
  });

  app.get<{ Params: { id: string } }>('/api/cuisine/games/:id', async (req, reply) => {
    const game = find(req.params.id, reply);
    return game ? game.view() : reply;
  });

  app.post<{ Params: { id: string } }>('/api/cuisine/games/:id/step', async (req, reply) => {
    const game = find(req.params.id, reply);
    if (!game) return reply;
    const body = parseOr400(stepSchema, req.body, reply, 'step');
    if (!body) return reply;
    if (game.done) return sendError(reply, 409, `the episode is over (${game.game.maxSteps} steps played)`, 'answer the survey or start a new game');
    if (body.step !== undefined && body.step !== game.game.time) {
      return sendError(reply, 409, `this command was chosen at step ${body.step}, but the game is at step ${game.game.time}`,
        'reload the game state and choose again');
    }
    if (game.stepping) return sendError(reply, 409, 'a step of this game is already running', 'wait for its answer before sending the next command');
    try {
      await game.step(body.command);
    } catch (err) {
      if (err instanceof InputError) return sendGuildcraftError(reply, 400, err);
      throw err;
    }
    if (game.done && !(await save(game, reply))) return reply;
    return game.view();
  });

  app.post<{ Params: { id: string } }>('/api/cuisine/games/:id/survey', async (req, reply) => {
    const game = find(req.params.id, reply);
    if (!game) return reply;
    if (!game.done) {
      return sendError(reply, 409, `the episode is still running (step ${game.game.time} of ${game.game.maxSteps})`, 'finish the game first');
    }
    if (game.survey !== null) return sendError(reply, 409, 'this game\'s survey was already answered', 'start a new game to play again');
    const answers = parseOr400(surveySchema(game.settings.ai !== null), req.body, reply, 'survey');
    if (!answers) return reply;
    game.survey = answers as SurveyAnswers;
    game.surveyedAt = (options.now ?? Date.now)();
    if (!(await save(game, reply))) {
      game.survey = null; // let the player submit again once the disk is fixed
      game.surveyedAt = null;
      return reply;
    }
    return { storedAs: game.storedAs, view: game.view() };
  });
}
