/**
 * The default `guildcraft demo`: an S-Agents tree organisation (a leader and two workers) collects
 * oak logs on the embedded world, driven by the built-in deterministic scripted policy — no model,
 * no network — and the demo prints the episode's timeline: delegations over chat, skill calls and
 * their results, then the summary. The same episode runs with a real model via `--model`.
 */
import { createSAgentsTeam } from '../../agents/s-agents/team.js';
import { collectionTask, collectionTeamNames } from '../../orgs/index.js';
import { SimEnv } from '../../env/sim/index.js';
import { runEpisode } from '../../runner/episode.js';
import { MemoryRunLog, type LogRecord } from '../../runner/run-log.js';
import { describeResult } from '../commands/run.js';

export interface TeamDemoOptions {
  seed: string;
  target: number;
  workers: number;
  model?: string;
}

export async function runTeamDemo(o: TeamDemoOptions): Promise<string> {
  const names = collectionTeamNames('tree', o.workers);
  const task = collectionTask({ agents: names, target: o.target });
  const team = createSAgentsTeam({ org: 'tree', seed: o.seed, modelSpec: o.model ?? 'scripted:sagents' });
  const log = new MemoryRunLog();
  const result = await runEpisode({ backend: new SimEnv({ ticksPerStep: 5 }), task, team, seed: o.seed, log, org: 'tree' });
  const lines = [
    `guildcraft demo: an S-Agents tree (${names[0]} leads ${names.slice(1).join(', ')}) collects ${o.target} oak logs`,
    o.model ? `model: ${o.model}` : 'model: the built-in scripted S-Agents policy (deterministic, not a language model; pass --model to use one)',
    '',
    ...log.records.map(describe).filter((l): l is string => l !== null),
    '',
    describeResult(result),
  ];
  return lines.join('\n');
}

const at = (r: LogRecord) => `${((r.tick ?? 0) / 20).toFixed(1).padStart(6)} s`;

function describe(r: LogRecord): string | null {
  if (r.type === 'action') {
    const a = r.action as { type: string; name?: string; params?: Record<string, unknown> };
    if (a.type !== 'skill') return `${at(r)}  ${r.agent}: ${a.type}`;
    if (a.name === 'say') return `${at(r)}  ${r.agent} says: ${String(a.params?.message ?? '')}`;
    return `${at(r)}  ${r.agent} starts ${a.name}(${JSON.stringify(a.params ?? {})})`;
  }
  if (r.type === 'skill_result' && r.skill !== 'say') {
    const res = r.result as { ok: boolean; reason?: string; details?: string };
    return `${at(r)}  ${r.agent} ${r.skill} ${res.ok ? 'done' : `failed: ${res.details}`}`;
  }
  return null;
}
