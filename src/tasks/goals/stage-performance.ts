/**
 * MineLand stage performance (§3.3, Eq. 1): the script's behaviours SEQ* against the agents'
 * recorded behaviours SEQ_Agent. keypoint = |LCS| / |SEQ*| (were the script's beats performed, in
 * order?), appropriateness = |LCS| / |SEQ_Agent| (was little else done?). The score is their mean.
 *
 * SEQ_Agent holds the behaviours of the kinds the script uses (a script of chats is compared with
 * the agents' chats, not with every block they broke). Two behaviours match when the action is the
 * same, the actor and object agree where the script names them, and chat lines overlap enough.
 */
import type { GoalOf, StageLine } from '../spec/goals.js';
import type { Behaviour } from './episode-log.js';
import type { GoalContext, GoalEvaluator, GoalResult } from './goal-evaluator.js';
import { lcsLength, wordOverlap } from './lcs.js';

export function behaviourMatches(line: StageLine, b: Behaviour, chatSimilarity: number): boolean {
  if (line.action !== b.action) return false;
  if (line.actor !== undefined && line.actor.toLowerCase() !== b.actor.toLowerCase()) return false;
  if (line.object !== undefined && line.object !== b.object) return false;
  if (line.action === 'chat' && line.text !== undefined) return wordOverlap(line.text, b.text ?? '') >= chatSimilarity;
  return true;
}

export function stageScores(script: readonly StageLine[], performed: readonly Behaviour[], chatSimilarity: number): { keypoint: number; appropriateness: number; lcs: number; compared: Behaviour[] } {
  const kinds = new Set(script.map((l) => l.action));
  const compared = performed.filter((b) => kinds.has(b.action as StageLine['action']));
  const lcs = lcsLength(script, compared, (l, b) => behaviourMatches(l, b, chatSimilarity));
  return { keypoint: script.length === 0 ? 0 : lcs / script.length, appropriateness: compared.length === 0 ? 0 : lcs / compared.length, lcs, compared };
}

const describe = (b: Behaviour) => `${b.actor} ${b.action}${b.object ? ` ${b.object}` : ''}${b.text !== undefined ? ` '${b.text}'` : ''}`;

export class StagePerformanceEvaluator implements GoalEvaluator {
  constructor(private readonly goal: GoalOf<'stage_performance'>) {}

  evaluate(ctx: GoalContext): GoalResult {
    const s = stageScores(this.goal.script, ctx.log.behaviours, this.goal.chat_similarity);
    return {
      success: s.keypoint >= this.goal.threshold,
      failed: false,
      score: (s.keypoint + s.appropriateness) / 2,
      details: { keypoint: s.keypoint, appropriateness: s.appropriateness, lcs: s.lcs, scriptLength: this.goal.script.length, performed: s.compared.map(describe) },
    };
  }
}
