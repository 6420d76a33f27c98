/**
 * The human-play API as the page uses it. Request and response types are the server's own (type-only imports: nothing
 * of the server is bundled), so a change to the API is a type error here rather than a broken page.
 */
import type { z } from 'zod';
import type { HumanGameView } from '../../src/server/cuisine/human-game.js';
import type { TeammateOffer } from '../../src/server/cuisine/routes.js';
import type { createGameSchema, stepSchema } from '../../src/server/cuisine/schemas.js';
import type { SurveyAnswers } from '../../src/server/cuisine/survey.js';
import { callApi } from '../shared/api.js';

export type { HumanGameView, TeammateOffer };
export type HumanStepRecord = NonNullable<HumanGameView['lastStep']>;
export type HumanChoice = HumanGameView['you']['choices'][number];
export type GameLocation = HumanGameView['state']['locations'][number];

/** What the page sends: the schemas' input side (the server turns `level: 1` into `level_1`). */
export type CreateGameRequest = z.input<typeof createGameSchema>;
export type StepRequest = z.input<typeof stepSchema>;

/**
 * GET /api/cuisine/levels answers with a list built inline in the server's route, which exports no type for it; this is
 * the part of it the page reads.
 */
export interface LevelSummary {
  readonly name: string;
  readonly dishes: readonly string[];
}

/** POST /api/cuisine/games/:id/survey answers with where the record went and the game as it stands. */
export interface SurveyStored {
  readonly storedAs: string;
  readonly view: HumanGameView;
}

export const listLevels = (): Promise<LevelSummary[]> => callApi('GET', '/api/cuisine/levels');

/** The AI teammates the server offers (an LLM dispatcher only on a server started with a model). */
export const listTeammates = (): Promise<TeammateOffer[]> => callApi('GET', '/api/cuisine/teammates');

export const createGame = (req: CreateGameRequest): Promise<HumanGameView> => callApi('POST', '/api/cuisine/games', req);

export const sendStep = (gameId: string, req: StepRequest): Promise<HumanGameView> =>
  callApi('POST', `/api/cuisine/games/${encodeURIComponent(gameId)}/step`, req);

export const sendSurvey = (gameId: string, answers: SurveyAnswers): Promise<SurveyStored> =>
  callApi('POST', `/api/cuisine/games/${encodeURIComponent(gameId)}/survey`, answers);
