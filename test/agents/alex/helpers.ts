/** Hand-built observations and a scripted Alex model that answers each component by its prompt. */
import type { FinishedSkillReport, Observation, ObservedEvent } from '../../../src/core/observation.js';
import { HashedEmbeddingModel, ScriptedModel, type ChatRequest, type ScriptedReply } from '../../../src/llm/index.js';
import { AlexAgent, type AlexOptions } from '../../../src/agents/alex/alex-agent.js';
import { PROMPT_HEADS } from '../../../src/agents/alex/prompts.js';
import { SkillMemory } from '../../../src/agents/alex/skill-memory.js';
import { describeSkills } from '../../../src/skills/catalog.js';
import type { TeamSetup } from '../../../src/agents/team.js';

export function obs(o: Partial<Observation> & { tick: number }): Observation {
  return {
    agent: 'alex',
    alive: true,
    health: 20,
    maxHealth: 20,
    food: 20,
    saturation: 5,
    oxygen: 300,
    effects: [],
    pos: { x: 0.5, y: -60, z: 0.5 },
    yaw: 0,
    pitch: 0,
    inventory: [],
    equipment: { head: null, chest: null, legs: null, feet: null, mainHand: null, offHand: null },
    heldItem: null,
    timeOfDay: 1000,
    dayPhase: 'day',
    biome: null,
    nearbyBlocks: [],
    entities: [],
    messages: [],
    sounds: [],
    events: [],
    runningSkill: null,
    finishedSkills: [],
    ...o,
  };
}

export function report(name: string, params: unknown, ok: boolean, extra: Record<string, unknown> = {}, tick = 0): FinishedSkillReport {
  return { name, params, ok, result: { ok, ...extra }, ticks: 10, finishedAt: tick };
}

export function event(type: string, priority: number, text: string, tick = 0): ObservedEvent {
  return { tick, type, priority, text };
}

export type Component = keyof typeof PROMPT_HEADS;

export function componentOf(req: ChatRequest): Component {
  const sys = req.messages[0]!.content;
  for (const [k, head] of Object.entries(PROMPT_HEADS)) if (sys.startsWith(head)) return k as Component;
  throw new Error(`unknown prompt: ${sys.slice(0, 60)}`);
}

export const userText = (req: ChatRequest): string => req.messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');

export type Answerers = Partial<Record<Component, (req: ChatRequest, n: number) => ScriptedReply>>;

/** A scripted model that routes each prompt to the component's answerer (n counts that component's calls). */
export function alexModel(answer: Answerers): ScriptedModel {
  const counts: Record<string, number> = {};
  return new ScriptedModel('alex', (req) => {
    const c = componentOf(req);
    counts[c] = (counts[c] ?? 0) + 1;
    const f = answer[c];
    if (!f) throw new Error(`no scripted answer for ${c}`);
    return f(req, counts[c]);
  });
}

export interface Harness {
  agent: AlexAgent;
  model: ScriptedModel;
  logs: ({ type: string } & Record<string, unknown>)[];
  skills: SkillMemory;
}

export async function alex(answer: Answerers, opts: Partial<AlexOptions> = {}, goal = 'collect 3 oak logs'): Promise<Harness> {
  const model = alexModel(answer);
  const embedding = new HashedEmbeddingModel(256);
  const skills = opts.skills ?? new SkillMemory(embedding);
  const agent = new AlexAgent({ name: 'alex', model, skills, embedding, ...opts });
  const logs: Harness['logs'] = [];
  const setup: TeamSetup = { task: { id: 't/x-v1', type: 'collect', goal, maxTicks: 6000 }, agents: ['alex'], seed: '1', skills: describeSkills(), log: (r) => logs.push(r) };
  await agent.start(setup);
  return { agent, model, logs, skills };
}

export const json = (x: unknown): string => JSON.stringify(x);
