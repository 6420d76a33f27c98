/**
 * The S-Agents collective-collection task built in code (§4.1, "mine N logs"): a team on a flat
 * world among free-standing oak logs must hold N oak logs between them. It is an EpisodeTask
 * (`tasks/episode-task.ts`) so `runEpisode` and `compare-orgs` can run it without a task file.
 *
 * The paper's NaN rule — a run counts as failed when it made no progress for 40 minutes with more
 * than 5 failed attempts — ends the episode early: the team's log count has not grown for
 * `stallTicks` and the caller's attempt counter (failed skill calls, from the run log) is above
 * `maxFailedAttempts`. Without a counter only the stall counts.
 */
import type { EpisodeTask } from '../tasks/episode-task.js';
import { InputError } from '../core/errors.js';

export interface CollectionTaskOptions {
  /** Agent names in spawn order. */
  agents: readonly string[];
  /** Logs the team must hold. */
  target: number;
  /** Logs placed (default twice the target, at least target + 4). */
  logs?: number;
  maxTicks?: number;
  /** Blocks between spawned agents (default 2: everyone within chat range). */
  spacing?: number;
  /** Chat range in blocks (default null: heard everywhere, as S-Agents teams talk over the game chat). */
  chatRange?: number | null;
  radioChannels?: string[];
  /** The NaN rule: ticks without progress (default 40 game minutes) … */
  stallTicks?: number;
  /** … with more than this many failed attempts (default 5). */
  maxFailedAttempts?: number;
  failedAttempts?: () => number;
}

const BLOCK = 'oak_log';
const Y = -60;

export function collectionTask(o: CollectionTaskOptions): EpisodeTask {
  if (!Number.isInteger(o.target) || o.target < 1) throw new InputError(`the collection target must be a positive whole number, got ${o.target}`, 'ask for at least one log');
  if (o.agents.length === 0) throw new InputError('the collection task needs at least one agent', 'name the agents');
  const maxTicks = o.maxTicks ?? 20 * 60 * 10;
  const spacing = o.spacing ?? 2;
  const logs = o.logs ?? Math.max(o.target * 2, o.target + 4);
  const stallTicks = o.stallTicks ?? 20 * 60 * 40;
  const maxFailed = o.maxFailedAttempts ?? 5;
  const id = `sagents/collect-${o.target}-${BLOCK}-v1`;
  let best = 0;
  let lastProgress = 0;
  let stalled = false;
  const count = (b: Parameters<EpisodeTask['outcome']>[0]) => {
    const per: Record<string, number> = {};
    for (const p of b.admin.players()) per[p.name] = p.inventory[BLOCK] ?? 0;
    return { total: Object.values(per).reduce((a, n) => a + n, 0), per };
  };
  return {
    id,
    type: 'collection',
    brief: {
      id,
      type: 'collection',
      goal: `collect ${o.target} ${BLOCK} (the team's inventories together)`,
      guidance: `Free-standing ${BLOCK} blocks stand a few blocks east of the spawn.`,
      maxTicks,
      goals: [{ type: 'collection', items: [{ name: BLOCK, count: o.target }] }],
    },
    scenario: {
      agents: o.agents.map((name, i) => ({ name, position: { x: 0.5, y: Y, z: 0.5 + i * spacing } })),
      // Single-block "trunks" in a loose grid east of the agents, so nobody needs to climb.
      blocks: Array.from({ length: logs }, (_, i) => ({ pos: { x: 5 + (i % 6) * 2, y: Y, z: Math.floor(i / 6) * 2 }, block: BLOCK })),
      world: { gamerules: { doMobSpawning: false, doDaylightCycle: false } },
      chatRange: o.chatRange === undefined ? null : o.chatRange,
      radioChannels: o.radioChannels ?? [],
      maxTicks,
    },
    setup(backend) {
      best = 0;
      lastProgress = backend.tick;
      stalled = false;
    },
    afterStep(backend) {
      const { total } = count(backend);
      if (total > best) {
        best = total;
        lastProgress = backend.tick;
      }
      const attempts = o.failedAttempts?.() ?? Infinity;
      if (backend.tick - lastProgress >= stallTicks && attempts > maxFailed) stalled = true;
    },
    outcome(backend) {
      const { total, per } = count(backend);
      const success = total >= o.target;
      const details = stalled && !success ? `${total}/${o.target} ${BLOCK}; no progress for ${(stallTicks / 1200).toFixed(1)} min with more than ${maxFailed} failed attempts (NaN)` : `${total}/${o.target} ${BLOCK}`;
      return { done: success || stalled, success, score: Math.min(1, total / o.target), details, perAgent: per };
    },
  };
}

/** Agent names for an organisation of `workers` working agents: a tree adds a leader at its root (ToA(n)). */
export function collectionTeamNames(org: string, workers: number): string[] {
  const names = ['alice', 'bob', 'cara', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jon', 'kim', 'lou'];
  const pick = (n: number) => Array.from({ length: n }, (_, i) => names[i] ?? `agent${i + 1}`);
  if (org === 'solo') return pick(1);
  if (org === 'tree') return ['leader', ...pick(workers)];
  return pick(workers);
}
