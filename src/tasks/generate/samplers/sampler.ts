/**
 * The offline drafter: a seeded function from (user spec, round-robin assignment, draft number) to
 * task metadata in the TickingCollab layout. It plays the part the LLM plays in Appendix B, drawing
 * every listed parameter from the user's space, so generation runs (and reproduces) without a model.
 * Like the LLM it drafts without checking feasibility; the verifier decides.
 */
import type { RawTaskSpec } from '../../spec.js';
import type { ParamSpace } from '../param-space.js';
import type { GeneratedTaskType } from '../user-spec.js';
import { sampleCrisis } from './crisis.js';
import { sampleRaid } from './raid.js';
import { sampleVanishing } from './vanishing.js';

export type Sampler = (space: ParamSpace, description: string) => RawTaskSpec;

export const SAMPLERS: Readonly<Record<GeneratedTaskType, Sampler>> = {
  prepare_crisis: sampleCrisis,
  mine_vanishing_blocks: sampleVanishing,
  raid_boss: sampleRaid,
};

/** TickingCollab's bot names (Listing 2). */
export const agentName = (i: number): string => `MineflayerBot${i}`;

/** The paper's shared chest sits at the origin of the flat world (Listing 2). */
export const CHEST_POSITION: [number, number, number] = [0, 64, 0];

export type Triple = [number, number, number];

/**
 * The collaboration necessity N a draft is sized for, from `task.collaboration_necessity` (default
 * [0.8, 1.6]): the offline drafter's stand-in for Appendix B's instruction to the LLM that "N must be
 * greater than 1.0". The verifier still decides whether the sized draft is feasible.
 */
export function aimedNecessity(space: ParamSpace): number {
  return space.real('task.collaboration_necessity', [0.8, 1.6], 2);
}
