/**
 * The hourglass prompts, written after S-Agents' Appendix B: a progress monitor, a task planner
 * in a leader and a worker variant, and an action planner. The user message is a list of `###`
 * sections in a fixed order (so consecutive prompts differ only where the world or the
 * conversation did); the system message states the role, the rules and the JSON to answer.
 */
import type { ChatRequest } from '../../llm/index.js';
import type { MonitorVerdict, PlannerOutput } from './schemas.js';
import type { Perception } from './perception.js';
import type { OrgKind } from '../../orgs/topology.js';

/** What an agent knows about its place in the organisation and its own plan. */
export interface PromptContext {
  agent: string;
  org: OrgKind;
  subordinates: readonly string[];
  commanders: readonly string[];
  /** Chain only: the agents after this one, nearest first. */
  downstream: readonly string[];
  /** The task's goal, for the members it was announced to. */
  teamGoal: string | null;
  skills: string;
  plan: PlannerOutput | null;
  verdict: MonitorVerdict | null;
  perception: Perception;
  /** Conversation and results before this tick are left out (the paper truncates at the last plan). */
  since: number;
}

export const PROMPT_TITLES = {
  monitor: 'S-Agents progress monitor',
  leader: 'S-Agents task planner (leader)',
  worker: 'S-Agents task planner (worker)',
  action: 'S-Agents action planner',
} as const;

function section(name: string, body: string): string {
  return `### ${name}\n${body.trim() === '' ? '(none)' : body.trim()}`;
}

function header(c: PromptContext, title: string): string[] {
  return [
    section('Prompt', title),
    section('Agent', c.agent),
    section('Organisation', c.org),
    section('You may command', c.subordinates.join(', ') || 'nobody'),
    section('You report to', c.commanders.join(', ') || 'nobody'),
    ...(c.org === 'chain' ? [section('Agents after you in the chain', c.downstream.join(', ') || 'nobody')] : []),
    section('Team goal', c.teamGoal ?? 'not announced to you; take your tasks from the conversation'),
  ];
}

function planSections(c: PromptContext): string[] {
  return [
    section('Previous objective', c.plan?.objective ?? 'None'),
    section('Previous long-term plan', c.plan?.longTermPlan.join('\n') ?? 'None'),
    section('Task at hand', c.plan?.taskAtHand ?? 'None'),
    section('Status of the task at hand', c.verdict ? `${c.verdict.status}: ${c.verdict.judgment}` : 'None'),
  ];
}

function worldSections(c: PromptContext): string[] {
  return [
    section('Conversation (time, speaker -> respondent: message)', c.perception.conversationText(c.since)),
    section('Your action results', c.perception.resultsText(c.since)),
    section('Your inventory', c.perception.inventoryText()),
    section('Environment', c.perception.environmentText()),
  ];
}

const MONITOR_SYSTEM = `You judge progress in Minecraft. You are told a [Task at hand], the [Conversation] of your team, your own [Action results] and what you see, and you decide whether the task is finished.
Rules:
1. Look only at information about the task at hand.
2. One clear piece of evidence is enough: a successful action result or an inventory that holds what the task asked for means success; a failed action result or a report "[report:fail]" means fail.
3. "[report:start]" means the task has started but not ended: unknown. No answer at all also means unknown.
4. "[report:success]" from the player who was given the task means that part succeeded; a task split among several players succeeds when every part has.
5. Judge at once, do not hedge.
Answer with JSON only: {"judgment": "<according to <the key sentence>, the task succeeded/failed, or what is known and why the result is unknown>", "status": "success" | "fail" | "unknown"}`;

export function monitorPrompt(c: PromptContext): ChatRequest {
  return {
    temperature: 0,
    messages: [
      { role: 'system', content: MONITOR_SYSTEM },
      { role: 'user', content: [...header(c, PROMPT_TITLES.monitor), section('Task at hand', c.plan?.taskAtHand ?? 'None'), ...worldSections(c)].join('\n\n') },
    ],
  };
}

/** S-Agents' four organisations; the team refuses the others (their members have no commander to plan with). */
const ROLE_RULES: Partial<Record<OrgKind, string>> = {
  tree: 'You are the leader at the root of a tree of agents. Do not take work yourself: divide it among the players you command so that each has exactly one task in every stage and nobody waits idle.',
  graph: 'You are one member of a team in which everyone may command everyone. You may do a share of the work yourself and give shares to others; avoid sending back work someone gave you.',
  chain: 'You are one link in a chain of agents. Do a fair share of the work yourself first, then pass the rest on to the next agent in the chain.',
  solo: 'You work alone: plan everything for yourself.',
};

function plannerSystem(c: PromptContext, leader: boolean): string {
  const common = `Follow Minecraft's rules and split the objective into stages that can be done with the skills below.
1. Combine the [Conversation] with the [Previous objective] to state the current objective; keep it when nothing new was said.
2. If there is a [Previous long-term plan], adjust it to the conversation, the inventories and the [Status of the task at hand]; otherwise make one.
3. Collect somewhat more than needed when gathering resources is cheap; do not gather what the inventories already hold.
4. Stone and ores need a pickaxe: get logs first, then craft planks, sticks and a wooden pickaxe.
5. If a task failed, find why (the reason and inventory in the report) and plan around it, e.g. give the rest to someone who succeeded before.
6. When the objective is reached, or there is nothing to do until someone reports back, the task at hand is None.
Skills available to every player:\n${c.skills}
Answer with JSON only: {"inventory": "<inventories as known from the conversation>", "objective": "...", "analysis": "<step by step>", "longTermPlan": ["Stage 1: ...", "Stage 2: ..."], "taskAtHand": "<the stage to do now, naming who does what, with exact counts and positions>" or null, "informer": "<who gave you the objective: a player's name, or 'task' for the team goal>"}`;
  if (leader) {
    return `You are ${c.agent}, a Minecraft planner who may command ${c.subordinates.join(', ')}. ${ROLE_RULES[c.org] ?? ROLE_RULES.solo}
Consider what each player holds and what each has already done; large jobs are split (e.g. 50 logs for two players: 25 each). Things that depend on each other go in different stages.
${common}`;
  }
  return `You are ${c.agent}, a Minecraft worker. You command nobody: the tasks you get in the conversation you do yourself, and you report back to ${c.commanders.join(', ') || 'nobody'}. ${c.org === 'solo' ? ROLE_RULES.solo : ''}
Do not start work nobody asked for unless it is the team goal given to you.
${common}`;
}

export function taskPlannerPrompt(c: PromptContext): ChatRequest {
  const leader = c.subordinates.length > 0;
  return {
    temperature: 0,
    messages: [
      { role: 'system', content: plannerSystem(c, leader) },
      { role: 'user', content: [...header(c, leader ? PROMPT_TITLES.leader : PROMPT_TITLES.worker), ...planSections(c), ...worldSections(c)].join('\n\n') },
    ],
  };
}

export function actionPlannerPrompt(c: PromptContext, taskAtHand: string): ChatRequest {
  const may = c.subordinates.length ? c.subordinates.join(', ') : 'nobody';
  const system = `You are player ${c.agent}. Translate the [Task at hand] into an action queue, keeping who does what exactly as the task says.
Items of two kinds:
- what you do yourself: a skill call {"skill": "<name>", "params": {...}} from the list below;
- what someone you command does: {"inform": "<player>", "task": "<one short phrase, e.g. collect 10 oak_log at (3,-60,4)>"}. You may command: ${may}.
If part of the task is someone else's, inform them instead of doing it yourself. Use exact block and item names and positions when known.
Skills:\n${c.skills}
Answer with JSON only: {"queue": [ ...items in the order to do them... ]}`;
  return {
    temperature: 0,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: [...header(c, PROMPT_TITLES.action), section('Task at hand', taskAtHand), section('Your inventory', c.perception.inventoryText()), section('Environment', c.perception.environmentText())].join('\n\n') },
    ],
  };
}
