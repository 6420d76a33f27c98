/**
 * Appendix B: "The configuration file is parsed and converted into a text prompt for the LLM."
 * The prompt carries the task description, the parameter space, the formatting constraints, the
 * generation instructions, this draft's round-robin assignment, the reference names, and one example
 * in the exact metadata layout (drafted by the offline sampler, so it is always schema-valid).
 */
import type { Assignment } from './round-robin.js';
import type { UserSpec } from './user-spec.js';

export interface DraftPrompt {
  system: string;
  user: string;
}

export const SYSTEM_PROMPT =
  'You design Minecraft multi-agent benchmark tasks as YAML metadata (TickingCollab layout: task, events, agents, environment). ' +
  'Answer with exactly one YAML document and nothing else.';

export function buildDraftPrompt(spec: UserSpec, assignments: readonly Assignment[], draftNumber: number, exampleYaml: string): DraftPrompt {
  const params = Object.entries(spec.variable_parameters).map(([field, p]) => {
    const values = p.allowed ? `allowed: [${p.allowed.join(', ')}]` : `range: [${p.range![0]}, ${p.range![1]}]`;
    return `- ${field}: ${p.description}${p.description ? '; ' : ''}${values}${p.match === 'keys' ? ' (values are map keys)' : ''}`;
  });
  const assigned = assignments.map((a) => `- ${a.label || a.field}: ${a.field} = ${String(a.value)}. ${a.instruction}`.trim());
  const sections = [
    `Task type: ${spec.task_type}`,
    `Description: ${spec.description}`,
    `Variable parameters (parameter names match the metadata):\n${params.join('\n') || '- (none listed)'}`,
    spec.constraints.trim() ? `Constraints:\n${spec.constraints.trim()}` : '',
    spec.generation_instructions.trim() ? `Generation instructions:\n${spec.generation_instructions.trim()}` : '',
    assigned.length > 0 ? `Assignment for draft #${draftNumber + 1} (diversity round-robin):\n${assigned.join('\n')}` : '',
    spec.references.length > 0 ? `References: ${spec.references.join(', ')}` : '',
    `Example of the metadata layout (a different configuration; vary it):\n${exampleYaml.trim()}`,
    `Write draft #${draftNumber + 1} now as one YAML document.`,
  ];
  return { system: SYSTEM_PROMPT, user: sections.filter((s) => s.length > 0).join('\n\n') };
}
