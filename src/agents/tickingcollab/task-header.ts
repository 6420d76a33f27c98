/**
 * The opening of every TickingCollab user prompt (paper Appendix F): the task type, the goal, the
 * optional guidance and the available actions, as the centralized planner and each distributed
 * agent both see them.
 */
import type { TaskBrief } from '../../tasks/task-brief.js';

export function taskHeaderLines(task: TaskBrief, skills: string): string[] {
  return [
    `- Task Type: ${task.type}`,
    `- Goal: ${task.goal}`,
    ...(task.guidance ? ['', `Guidance: ${task.guidance}`] : []),
    '',
    '## Available actions (do: name, with: parameters; ? = optional)',
    skills,
  ];
}
