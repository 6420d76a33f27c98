/**
 * Judges for open (creative) goals. A judge reads a summary of the episode and the task's rubric and
 * returns a score in [0, 1] with a reason. `llmJudge` asks any LanguageModel for a JSON verdict; a
 * malformed answer is a judged failure with the reason, never a crash.
 */
import type { LanguageModel } from '../llm/types.js';
import type { JudgeVerdict } from './goals/creative.js';

export interface EpisodeSummary {
  taskId: string;
  goal: string;
  rubric: string;
  steps: number;
  /** `Alice chat 'hi'`, `Bob place oak_planks`, … in order (truncated to the last 200). */
  behaviours: string[];
  agents: { name: string; alive: boolean; inventory: Record<string, number> }[];
}

export interface CreativeJudge {
  readonly id: string;
  judge(summary: EpisodeSummary): Promise<JudgeVerdict>;
}

export function llmJudge(model: LanguageModel): CreativeJudge {
  return {
    id: model.id,
    async judge(summary: EpisodeSummary): Promise<JudgeVerdict> {
      const res = await model.generate({
        responseFormat: 'json',
        temperature: 0,
        messages: [
          {
            role: 'system',
            content: 'You judge open-ended Minecraft tasks played by agents. Answer with a single JSON object {"score": number between 0 and 1, "reason": string}.',
          },
          {
            role: 'user',
            content: [
              `Task ${summary.taskId}: ${summary.goal}`,
              `Rubric: ${summary.rubric}`,
              `Episode length: ${summary.steps} steps.`,
              `Agents at the end: ${summary.agents.map((a) => `${a.name} (${a.alive ? 'alive' : 'dead'}; ${Object.entries(a.inventory).map(([k, v]) => `${v} ${k}`).join(', ') || 'empty inventory'})`).join('; ')}`,
              'What the agents did, in order:',
              ...summary.behaviours,
            ].join('\n'),
          },
        ],
      });
      return parseVerdict(res.text, model.id);
    },
  };
}

export function parseVerdict(text: string, judge: string): JudgeVerdict {
  const json = /\{[\s\S]*\}/.exec(text)?.[0];
  try {
    const v = JSON.parse(json ?? '') as { score?: unknown; reason?: unknown };
    if (typeof v.score === 'number' && Number.isFinite(v.score)) {
      return { score: Math.min(1, Math.max(0, v.score)), reason: typeof v.reason === 'string' ? v.reason : '', judge };
    }
  } catch {
    // fall through: an unusable answer is scored 0 with the reason below
  }
  return { score: 0, reason: `the judge's answer was not a JSON verdict {score, reason}: ${text.slice(0, 200)}`, judge };
}
