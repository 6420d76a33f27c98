/**
 * `guildcraft replay <log>`: the timeline of an episode from its JSONL log, any version this code
 * knows (src/runner/read-episode-log.ts); a file that is not an episode log is a user error (exit 2).
 */
import type { Command } from 'commander';
import { RUN_LOG_SCHEMA_VERSION } from '../../core/run-records.js';
import { readEpisodeLog, type ReadRecord } from '../../runner/read-episode-log.js';

interface ReplayFlags {
  world?: boolean;
  positions?: boolean;
  json?: boolean;
}

export function registerReplay(program: Command): void {
  program
    .command('replay')
    .description("print an episode's timeline from its JSONL log")
    .argument('<log>', 'an episode log (runs/episodes/*.jsonl)')
    .option('--world', 'include every world event (block and entity changes), not only agents\u2019 actions and results')
    .option('--positions', 'include the sampled agent and mob positions (one line per sample)')
    .option('--json', 'print the records as JSON lines')
    .action((path: string, flags: ReplayFlags) => {
      console.log(replayText(path, flags));
    });
}

export function replayText(path: string, flags: ReplayFlags = {}): string {
  const { schemaVersion, records, invalid, badLines } = readEpisodeLog(path);
  const shown = records.filter((r) => (r.type === 'positions' ? flags.positions : flags.world || r.type !== 'world' || NOTABLE.has(String(r.event))));
  const lines = flags.json ? shown.map((r) => JSON.stringify(r)) : shown.map(describe);
  if (schemaVersion === 0) lines.push('(a log from before run records were versioned: read leniently; LLM call times are those of the record before each)');
  if (schemaVersion > RUN_LOG_SCHEMA_VERSION) lines.push(`(written by a newer guildcraft: schema version ${schemaVersion}, this one reads ${RUN_LOG_SCHEMA_VERSION}; records it does not know are shown as data)`);
  if (invalid.length > 0) lines.push(`(${invalid.length} record${invalid.length === 1 ? '' : 's'} did not match schema version ${schemaVersion}, e.g. ${invalid[0]!.type}: ${invalid[0]!.issue})`);
  if (badLines.length > 0) lines.push(`(skipped ${badLines.length} unreadable line${badLines.length === 1 ? '' : 's'}: ${badLines.slice(0, 5).join(', ')})`);
  return lines.join('\n');
}

/** World events worth a line even without --world. */
const NOTABLE = new Set(['player_died', 'player_respawned', 'chat', 'entity_died', 'item_crafted', 'item_smelted', 'item_given', 'player_joined', 'player_left']);

const time = (r: ReadRecord) => `${r.tickInferred ? '~' : ' '}${String(r.tick).padStart(6)} t ${(r.tick / 20).toFixed(1).padStart(7)} s`;

function describe(r: ReadRecord): string {
  const at = time(r);
  switch (r.type) {
    case 'episode_start':
      return `${at}  episode ${r.task} (seed ${r.seed}) with ${r.agents} agents ${JSON.stringify(r.names)}, ${r.mode} mode on ${r.backend}`;
    case 'action':
      return `${at}  ${r.agent} → ${formatAction(r.action)}`;
    case 'skill_result': {
      const res = r.result as { ok?: boolean; reason?: string; details?: string };
      return `${at}  ${r.agent} ${r.skill} ${res.ok ? 'ok' : `FAILED ${res.reason}: ${res.details}`} (${r.ticks} ticks)`;
    }
    case 'world':
      return `${at}  [${r.event}] ${summarizeWorld(r)}`;
    case 'llm_call':
      return `${at}  llm ${r.agent ? `${String(r.agent)} ` : ''}${r.role ?? ''} ${r.modelId ?? r.model ?? ''} ${r.promptTokens ?? '?'}+${r.completionTokens ?? '?'} tokens ${r.latencyMs ?? '?'} ms${r.simulatedLatencyMs ? ` (+${r.simulatedLatencyMs} ms simulated)` : ''}${r.error ? ` error: ${r.error}` : ''}`;
    case 'positions': {
      const p = r as unknown as { reason: string; agents: { name: string[]; x: number[]; y: number[]; z: number[] }; mobs: { id: number[] } };
      const where = p.agents.name.map((n, i) => `${n}@${p.agents.x[i]},${p.agents.y[i]},${p.agents.z[i]}`).join(' ');
      return `${at}  positions (${p.reason}): ${where}; ${p.mobs.id.length} mob${p.mobs.id.length === 1 ? '' : 's'}`;
    }
    case 'episode_error':
      return `${at}  EPISODE ERROR (${r.fault}): ${r.message}`;
    case 'episode_end': {
      const res = r.result as { success: boolean; score: number; ended: string; details: string };
      return `${at}  episode end: ${res.success ? 'SUCCESS' : 'FAILED'} (${res.ended}), score ${res.score.toFixed(2)} — ${res.details}`;
    }
    default:
      return `${at}  ${r.type} ${JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'type' && k !== 'tick')))}`;
  }
}

function formatAction(a: unknown): string {
  if (typeof a === 'string') return a; // a CuisineWorld command, e.g. goto_agent0_storage0
  const x = a as { type: string; name?: string; params?: unknown; source?: string };
  if (x.type === 'skill') return `${x.name}(${JSON.stringify(x.params ?? {})})`;
  if (x.type === 'code') return `code (${(x.source ?? '').length} chars)`;
  return x.type;
}

function summarizeWorld(r: ReadRecord): string {
  const { type: _t, tick: _k, event: _e, tickInferred: _i, ...rest } = r;
  const text = JSON.stringify(rest);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}
