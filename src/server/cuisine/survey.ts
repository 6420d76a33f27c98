/**
 * The post-episode questionnaire, after MindAgent's user study (§5.3): participants rated their engagement on a 5-point
 * Likert scale; the findings speak of fun, perceived productivity, acting on the agents' actions and the agents'
 * predictability. Questions about AI teammates are asked only when there were some. The page renders these questions
 * from the game view, and the same list validates the answers, so the two cannot drift apart.
 */
import { z } from 'zod';

export interface SurveyQuestion {
  readonly id: string;
  readonly text: string;
  /** Asked only when the player had AI teammates. */
  readonly aboutAi: boolean;
}

export const SURVEY_QUESTIONS: readonly SurveyQuestion[] = [
  { id: 'enjoyment', text: 'I enjoyed playing this game.', aboutAi: false },
  { id: 'productivity', text: 'Our team (or I, playing alone) got a lot done.', aboutAi: false },
  { id: 'aiHelpful', text: 'The AI teammates helped me complete orders.', aboutAi: true },
  { id: 'aiUnderstanding', text: 'The AI teammates understood what I was doing.', aboutAi: true },
  { id: 'aiPredictable', text: 'I could predict what the AI teammates would do.', aboutAi: true },
  { id: 'adaptedToAi', text: "I chose my actions based on the AI teammates' actions.", aboutAi: true },
];

export const MAX_COMMENT_LENGTH = 2000;

export function surveyQuestions(withAi: boolean): SurveyQuestion[] {
  return SURVEY_QUESTIONS.filter((q) => withAi || !q.aboutAi);
}

const LIKERT_RANGE = 'answer 1 (strongly disagree) to 5 (strongly agree)';
const likert = z.number(LIKERT_RANGE).int(LIKERT_RANGE).min(1, LIKERT_RANGE).max(5, LIKERT_RANGE);

/** The answers' schema for one game: every asked question is required, questions not asked are refused. */
export function surveySchema(withAi: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const q of surveyQuestions(withAi)) shape[q.id] = likert;
  shape.comment = z.string().max(MAX_COMMENT_LENGTH, `keep the comment under ${MAX_COMMENT_LENGTH} characters`).optional();
  return z.strictObject(shape);
}

export type SurveyAnswers = Record<string, number | string | undefined>;
