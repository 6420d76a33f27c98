/**
 * Alex's prompts, written for guildcraft after the structure of MineLand's Appendix E/T: a system
 * part with the agent's personality and persona, its role, the rules and the answer format; a user
 * part with labelled sections (task, long-term plan, current sub-goal, observation, inner state,
 * events, associative memory, critique). Sections that would be empty are left out. The first line
 * of every system prompt names the component, so logs and scripted test models can tell them apart.
 */
import type { RecalledContext } from './associative-memory.js';
import type { SkillCall } from './skill-memory.js';

export interface Identity {
  name: string;
  personality: string;
  persona: string;
}

export interface TaskText {
  goal: string;
  guidance?: string;
}

export const PROMPT_HEADS = {
  longTerm: "You are the long-term planner of Alex",
  shortTerm: "You are the short-term planner of Alex",
  critic: "You are the critic of Alex",
  chat: "You are the attention control of Alex",
} as const;

function identity(id: Identity): string {
  return `Your name in the world is ${id.name}.\nPersonality: ${id.personality}\nPersona: ${id.persona}`;
}

function section(title: string, body: string | string[]): string {
  const text = Array.isArray(body) ? body.join('\n') : body;
  return text.trim() ? `## ${title}\n${text}` : '';
}

function join(parts: string[]): string {
  return parts.filter((p) => p !== '').join('\n\n');
}

export function longTermPrompt(o: { id: Identity; task: TaskText; observation: string; failure?: string; done: string[] }): { system: string; user: string } {
  const system = join([
    `${PROMPT_HEADS.longTerm}, an agent living in Minecraft alongside other players.`,
    identity(o.id),
    [
      'Judge how complex the task is. A task one short sequence of skills can finish is simple: give it as a single sub-goal.',
      'A complex task is split into ordered sub-goals, each small enough for a few skill calls and checkable from the inventory or the world.',
      'Interleave your needs with the task: if health or food is low, put eating or safety first.',
      'Reply with JSON only: {"reasoning": string, "complex": boolean, "subGoals": string[]} (1 to 10 sub-goals, in order).',
    ].join('\n'),
  ]);
  const user = join([
    section('Task', [o.task.goal, o.task.guidance ?? ''].filter(Boolean)),
    section('Observation', o.observation),
    section('Sub-goals already achieved', o.done.map((d) => `- ${d}`)),
    section('Why the previous plan is being replaced', o.failure ?? ''),
  ]);
  return { system, user };
}

export function shortTermPrompt(o: {
  id: Identity;
  task: TaskText;
  skills: string;
  longTermPlan: string[];
  subGoal: string;
  observation: string;
  focusEvent?: string;
  recalled: RecalledContext;
  critique?: string;
  actionErrors?: string;
}): { system: string; user: string } {
  const r = o.recalled;
  const system = join([
    `${PROMPT_HEADS.shortTerm}, an agent living in Minecraft alongside other players.`,
    identity(o.id),
    section('Skills you can call', o.skills),
    [
      'Make a short-term plan for the current sub-goal (or for the urgent event, when there is one) and turn it into skill calls, run in order.',
      'Use only what you can see, hear and carry. Talk to other players with the say skill when it helps the team.',
      'When a remembered skill fits, reuse it by name in "reuseSkill" instead of writing its calls again.',
      'Reply with JSON only: {"reasoning": string, "plan": string, "explanation": string, "reuseSkill": string|null, "actions": [{"name": skill, "params": {...}}]} (at most 8 actions).',
    ].join('\n'),
  ]);
  const user = join([
    section('Task', [o.task.goal, o.task.guidance ?? ''].filter(Boolean)),
    section('Long-term plan', o.longTermPlan.map((g, i) => `${i + 1}. ${g}`)),
    o.focusEvent ? section('URGENT event to handle first', o.focusEvent) : section('Current sub-goal', o.subGoal),
    section('Observation', o.observation),
    section('Relevant chats', r.chats.map((c) => `- ${c.text}`)),
    section('Recent chats', r.recentChats.map((c) => `- ${c.text}`)),
    section('Relevant events', r.events.map((e) => `- ${e.text}`)),
    section('Environment notes', r.environment.map((e) => `- ${e.text}`)),
    section('Recent short-term plans', r.plans.map((p) => `- ${p.text}`)),
    section('Remembered skills', r.skills.map((s) => `- ${s.name}: ${s.description} calls ${describeCalls(s.calls)}`)),
    section('Critique of the last attempt', o.critique ?? ''),
    section('Problems with your last answer', o.actionErrors ?? ''),
  ]);
  return { system, user };
}

export function criticPrompt(o: { id: Identity; subGoal: string; plan: string; results: string[]; observation: string }): { system: string; user: string } {
  const system = join([
    `${PROMPT_HEADS.critic}, an agent living in Minecraft.`,
    identity(o.id),
    [
      'Decide from the observation and the skill results whether the short-term plan achieved its sub-goal.',
      'If it did, name the skill that achieved it (a short camelCase name) and describe it in one sentence so it can be reused.',
      'If it did not, say what is missing and what to try instead.',
      'Reply with JSON only: {"reasoning": string, "success": boolean, "critique": string, "skill": {"name": string, "description": string} | null}.',
    ].join('\n'),
  ]);
  const user = join([
    section('Sub-goal', o.subGoal),
    section('Short-term plan', o.plan),
    section('Skill results', o.results),
    section('Observation', o.observation),
  ]);
  return { system, user };
}

export function chatPrompt(o: { id: Identity; heard: string[]; working: string; observation: string }): { system: string; user: string } {
  const system = join([
    `${PROMPT_HEADS.chat}, an agent living in Minecraft.`,
    identity(o.id),
    [
      'Someone spoke while you are busy. Chat is low priority: your work goes on either way.',
      'Decide whether to answer now (a short, useful reply) or not at all.',
      'Reply with JSON only: {"respond": boolean, "message": string}.',
    ].join('\n'),
  ]);
  const user = join([section('Heard', o.heard), section('What you are doing', o.working), section('Observation', o.observation)]);
  return { system, user };
}

export function describeCalls(calls: readonly SkillCall[]): string {
  return calls.map((c) => `${c.name}(${JSON.stringify(c.params)})`).join(', ');
}
