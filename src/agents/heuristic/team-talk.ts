/**
 * What the heuristic team's members say aloud. The team already pools its members' observations the way
 * agents that report to each other would; this is that reporting, said in the world's chat (so its range
 * rule decides who hears, and the run log and the viewer's Chat panel show it): who takes which share of
 * a goal, a share done, a deposit, a kill, a part of a build finished, what an agent cannot get.
 *
 * Talk is sparse by construction: each topic is said once (a key per topic), an agent says at most
 * `MAX_LINES` lines in an episode and leaves `MIN_GAP_TICKS` between two of them, and a line not said
 * within `STALE_TICKS` of its news is dropped (old news misleads more than it helps).
 */

/** Lines one agent says in an episode, at most. */
export const MAX_LINES = 8;
/** Ticks between two lines of one agent (10 simulated seconds). */
export const MIN_GAP_TICKS = 200;
/** News older than this many ticks is not said any more. */
export const STALE_TICKS = 400;
/** The `say` skill's longest message. */
const MAX_MESSAGE = 256;

interface Pending {
  key: string;
  text: string;
  tick: number;
}

interface Speaker {
  pending: Pending[];
  said: number;
  lastTick: number;
}

export class TeamTalk {
  private readonly speakers = new Map<string, Speaker>();
  /** Topics already said or queued, across the team (one agent reports a team fact once). */
  private readonly topics = new Set<string>();

  reset(): void {
    this.speakers.clear();
    this.topics.clear();
  }

  /**
   * Queues `text` for `agent` about `key`, news of `tick`. A topic is queued once per episode; a later
   * line on the same topic (a new share for the same goal) is ignored.
   */
  tell(agent: string, key: string, text: string, tick: number): void {
    if (this.topics.has(key)) return;
    this.topics.add(key);
    this.speaker(agent).pending.push({ key, text: text.slice(0, MAX_MESSAGE), tick });
  }

  /** The line `agent` should say now at `tick`, if any is due (it counts as said); null otherwise. */
  take(agent: string, tick: number): string | null {
    const s = this.speakers.get(agent);
    if (!s || s.pending.length === 0) return null;
    s.pending = s.pending.filter((p) => tick - p.tick <= STALE_TICKS);
    if (s.pending.length === 0 || s.said >= MAX_LINES || (s.said > 0 && tick - s.lastTick < MIN_GAP_TICKS)) return null;
    const line = s.pending.shift()!;
    s.said++;
    s.lastTick = tick;
    return line.text;
  }

  private speaker(agent: string): Speaker {
    let s = this.speakers.get(agent);
    if (!s) this.speakers.set(agent, (s = { pending: [], said: 0, lastTick: 0 }));
    return s;
  }
}
