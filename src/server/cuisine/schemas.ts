/** Request bodies of the human-play API (zod), with the limits a person's browser needs and no more. */
import { z } from 'zod';
import { DEFAULT_ALPHA, LEVEL_NAMES, levelKey } from '../../env/cuisine/index.js';

/** `1`, `"1"` or `"level_1"` become `level_1`. */
const LEVEL_RULE = `must be a benchmark level 0..${LEVEL_NAMES.length - 1} (or level_N)`;
const levelName = z
  .union([z.number().int(), z.string()], { error: LEVEL_RULE })
  .transform(levelKey)
  .refine((v) => LEVEL_NAMES.includes(v), { error: LEVEL_RULE });

export const createGameSchema = z.strictObject({
  level: levelName,
  /** AI teammates beside the human (the team is 1 + aiAgents). */
  aiAgents: z.number().int('must be a whole number').min(0).max(3).default(1),
  /** `llm` only on a server started with a model (the route checks; the page offers it only then). */
  ai: z.enum(['heuristic', 'random', 'llm']).default('heuristic'),
  alpha: z.number().min(0.5).max(5).default(DEFAULT_ALPHA),
  seed: z.number().int('must be a whole number').min(0).max(2 ** 31 - 1).optional(),
});

export type CreateGameBody = z.infer<typeof createGameSchema>;

export const stepSchema = z.strictObject({
  /** The human's command for agent0, e.g. `goto_agent0_storage0`. */
  command: z.string().min(1).max(100),
  /** The step the player saw; a mismatch (a double click, two tabs) is refused instead of spending a step. */
  step: z.number().int('must be a whole number').min(0).optional(),
});
