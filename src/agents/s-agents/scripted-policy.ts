/**
 * `scripted:sagents` — a deterministic stand-in for a language model that plays the three
 * hourglass roles sensibly on collection tasks ("collect N <block>"), so S-Agents organisations
 * run end to end offline (tests, CI, `compare-orgs --model scripted:sagents`). It is a scripted
 * policy, not a language model: it reads the `###` sections of our own prompts and answers the
 * JSON each module asks for.
 *
 * - progress monitor: own parts succeed or fail by the agent's `collect` results; delegated parts
 *   by the assignee's `[report:success|fail]`; anything else is unknown.
 * - task planner: the objective is the team goal (for goal holders) or the latest task given to
 *   the agent. Credit = own collected + delegated amounts reported done (or the part collected
 *   before a failure); work still out with someone counts as pending unless its message was not
 *   delivered or nobody answered for three minutes. The rest is split by role: a tree root gives it
 *   all to idle subordinates, a graph member shares it with idle team mates, a chain link does
 *   its share and passes the remainder to the next link, a worker does it all itself.
 * - action planner: `X collect n block` becomes a `collect` skill call for the agent itself and an
 *   `inform` for anyone else.
 */
import { ScriptedModel, type ChatRequest } from '../../llm/index.js';

export const SCRIPTED_SAGENTS_SPEC = 'scripted:sagents';

/** Seconds of silence after which a delegation is taken to be lost. */
const LOST_AFTER_S = 180;

export function createScriptedSAgentsModel(): ScriptedModel {
  return new ScriptedModel('sagents', (req) => JSON.stringify(answer(req)));
}

/** The policy itself, as a function of the request (exported for tests). */
export function answer(req: ChatRequest): unknown {
  const prompt = req.messages.find((m) => m.role === 'user' && m.content.startsWith('### Prompt'))?.content ?? '';
  const p = readPrompt(prompt);
  const title = p.sections.get('Prompt') ?? '';
  if (title.includes('progress monitor')) return monitor(p);
  if (title.includes('task planner')) return planner(p);
  if (title.includes('action planner')) return { queue: actions(p) };
  return { error: 'the scripted S-Agents policy only answers S-Agents prompts' };
}

interface Line {
  t: number;
  speaker: string;
  respondent: string;
  kind: 'task' | 'report' | 'talk';
  status: string;
  text: string;
}

interface Result {
  t: number;
  ok: boolean;
  skill: string;
  params: Record<string, unknown>;
  result: Record<string, unknown>;
}

interface ReadPrompt {
  sections: Map<string, string>;
  me: string;
  org: string;
  subs: string[];
  downstream: string[];
  goal: string | null;
  lines: Line[];
  results: Result[];
  now: number;
}

function readPrompt(text: string): ReadPrompt {
  const sections = new Map<string, string>();
  for (const part of text.split(/^### /m).slice(1)) {
    const nl = part.indexOf('\n');
    sections.set((nl < 0 ? part : part.slice(0, nl)).trim(), nl < 0 ? '' : part.slice(nl + 1).trim());
  }
  const names = (s: string | undefined): string[] => (!s || /^(nobody|\(none\))$/i.test(s) ? [] : s.split(',').map((x) => x.trim()).filter(Boolean));
  const goal = sections.get('Team goal') ?? '';
  const convo = sections.get('Conversation (time, speaker -> respondent: message)') ?? '';
  const lines: Line[] = [];
  for (const raw of convo.split('\n')) {
    const m = /^\[(\d+(?:\.\d+)?)s\] (\S+) -> (\S+): (?:\[(task|report)(?::(\w+))?\] )?(.*)$/.exec(raw.trim());
    if (m) lines.push({ t: Number(m[1]), speaker: m[2]!, respondent: m[3]!, kind: (m[4] as Line['kind']) ?? 'talk', status: m[5] ?? '', text: m[6]! });
  }
  const results: Result[] = [];
  for (const raw of (sections.get('Your action results') ?? '').split('\n')) {
    const m = /^\[(\d+(?:\.\d+)?)s\] (done|failed) (\w+) (\{.*?\}) -> (\{.*\})$/.exec(raw.trim());
    if (!m) continue;
    try {
      results.push({ t: Number(m[1]), ok: m[2] === 'done', skill: m[3]!, params: JSON.parse(m[4]!) as Record<string, unknown>, result: JSON.parse(m[5]!) as Record<string, unknown> });
    } catch {
      // A result line the policy cannot read is left out, as a person would skim past it.
    }
  }
  const tick = /\bt=(\d+)/.exec(sections.get('Environment') ?? '');
  return {
    sections,
    me: sections.get('Agent') ?? '',
    org: sections.get('Organisation') ?? 'solo',
    subs: names(sections.get('You may command')),
    downstream: names(sections.get('Agents after you in the chain')),
    goal: goal.startsWith('not announced') ? null : goal,
    lines,
    results,
    now: tick ? Number(tick[1]) / 20 : 0,
  };
}

const ALIASES: Record<string, string> = { log: 'oak_log', logs: 'oak_log', wood: 'oak_log', woods: 'oak_log', stones: 'stone', irons: 'iron_ore' };

function blockName(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z_]/g, '');
  return ALIASES[w] ?? (w.endsWith('s') && w.includes('_') ? w.slice(0, -1) : w);
}

/** `collect 6 oak_log`, `mine 50 logs`, … → the count and block. */
function parseCollect(text: string): { n: number; block: string } | null {
  const m = /\b(?:collect|mine|gather|get|chop)s?\s+(\d+)\s+(?:more\s+)?([A-Za-z_]+)/i.exec(text);
  return m ? { n: Number(m[1]), block: blockName(m[2]!) } : null;
}

interface Assignment {
  agent: string;
  n: number;
  block: string;
}

/** `bob collect 2 oak_log; cat collect 2 oak_log` → assignments (a bare `collect n x` is the agent's own). */
function parseAssignments(text: string, me: string): Assignment[] {
  const out: Assignment[] = [];
  const re = /(?:\b([A-Za-z0-9_]+)\s+)?(?:collect|mine|gather|get|chop)s?\s+(\d+)\s+([A-Za-z_]+)/gi;
  for (const m of text.matchAll(re)) {
    const who = m[1] && !/^(stage|\d+|and|then|to|please)$/i.test(m[1]) ? m[1] : me;
    out.push({ agent: who, n: Number(m[2]), block: blockName(m[3]!) });
  }
  return out;
}

function collectedIn(r: Result, block: string): number {
  if (r.skill !== 'collect' || blockName(String(r.params.block ?? '')) !== block) return 0;
  if (r.ok) return Number(r.result.collected ?? 0);
  const partial = /collected (\d+) of/.exec(String(r.result.details ?? ''));
  return partial ? Number(partial[1]) : 0;
}

/** How many of `block` the agent's inventory section lists. */
function held(p: ReadPrompt, block: string): number {
  const m = new RegExp(`\\b${block}\\s+x(\\d+)`).exec(p.sections.get('Your inventory') ?? '');
  return m ? Number(m[1]) : 0;
}

type Outcome = 'success' | 'fail' | 'pending' | 'lost';

/** What became of the delegation `d` (a task line from me): the assignee's last report after it. */
function outcomeOf(p: ReadPrompt, d: Line, laterTasks: Line[]): { outcome: Outcome; partial: number } {
  const until = laterTasks.find((x) => x.respondent === d.respondent && x.t > d.t)?.t ?? Infinity;
  const reports = p.lines.filter((l) => l.kind === 'report' && l.speaker === d.respondent && l.respondent === p.me && l.t >= d.t && l.t < until);
  const last = reports.filter((l) => l.status === 'success' || l.status === 'fail').at(-1);
  if (last?.status === 'success') return { outcome: 'success', partial: 0 };
  if (last?.status === 'fail') {
    const m = /collected (\d+) of/.exec(last.text);
    return { outcome: 'fail', partial: m ? Number(m[1]) : 0 };
  }
  const undelivered = p.results.some((r) => r.skill === 'say' && !r.ok && String(r.params.to ?? '') === d.respondent && r.t >= d.t && r.t < until);
  if (undelivered) return { outcome: 'lost', partial: 0 };
  if (reports.length === 0 && p.now - d.t > LOST_AFTER_S) return { outcome: 'lost', partial: 0 };
  return { outcome: 'pending', partial: 0 };
}

function monitor(p: ReadPrompt): { judgment: string; status: string } {
  const task = p.sections.get('Task at hand') ?? '';
  const parts = parseAssignments(task, p.me);
  if (parts.length === 0) return { judgment: 'The task names nothing to collect, so its result is unknown.', status: 'unknown' };
  const verdicts = parts.map((a): Outcome => {
    if (a.agent === p.me) {
      const last = p.results.filter((r) => r.skill === 'collect' && blockName(String(r.params.block ?? '')) === a.block).at(-1);
      if (!last) return 'pending';
      // Dug is not held: drops someone else picked up do not count, the inventory decides.
      return last.ok && held(p, a.block) >= a.n ? 'success' : 'fail';
    }
    const d = p.lines.filter((l) => l.kind === 'task' && l.speaker === p.me && l.respondent === a.agent).at(-1);
    if (!d) return 'pending';
    const o = outcomeOf(p, d, []).outcome;
    return o === 'lost' ? 'fail' : o;
  });
  if (verdicts.includes('fail')) return { judgment: `According to the results and reports, part of "${task}" failed.`, status: 'fail' };
  if (verdicts.every((v) => v === 'success')) return { judgment: `According to the results and reports, every part of "${task}" succeeded.`, status: 'success' };
  return { judgment: `Some parts of "${task}" have not reported a result yet, so the status is unknown.`, status: 'unknown' };
}

function planner(p: ReadPrompt): unknown {
  const given = p.lines.filter((l) => l.kind === 'task' && l.respondent === p.me && l.speaker !== p.me).at(-1);
  const fromGoal = p.goal !== null && parseCollect(p.goal) !== null;
  const objectiveText = fromGoal ? p.goal! : (given?.text ?? null);
  const informer = fromGoal ? 'task' : (given?.speaker ?? null);
  const since = fromGoal ? 0 : (given?.t ?? 0);
  const target = objectiveText ? parseCollect(objectiveText) : null;
  const base = { inventory: p.sections.get('Your inventory') ?? '', objective: objectiveText ?? 'None', informer };
  if (!target) return { ...base, analysis: 'No collection task has been given to me, so there is nothing to do now.', longTermPlan: [], taskAtHand: null };

  const own = p.results.filter((r) => r.t >= since).reduce((n, r) => n + collectedIn(r, target.block), 0);
  const delegating = p.subs.length > 0 && (fromGoal || p.org === 'chain');
  let credit = own;
  let pending = 0;
  const busy = new Set<string>();
  if (delegating) {
    const mine = p.lines.filter((l) => l.kind === 'task' && l.speaker === p.me && l.t >= since);
    for (const d of mine) {
      const later = mine.filter((x) => x.t > d.t);
      if (later.some((x) => x.respondent === d.respondent)) {
        // Superseded by a later task to the same agent: only its reported outcome counts.
        const o = outcomeOf(p, d, later);
        if (o.outcome === 'success') credit += parseCollect(d.text)?.n ?? 0;
        if (o.outcome === 'fail') credit += o.partial;
        continue;
      }
      const o = outcomeOf(p, d, []);
      const n = parseCollect(d.text)?.n ?? 0;
      if (o.outcome === 'success') credit += n;
      else if (o.outcome === 'fail') credit += o.partial;
      else if (o.outcome === 'pending') {
        pending += n;
        busy.add(d.respondent);
      }
    }
  }
  const remaining = target.n - credit - pending;
  const analysis = `Objective ${target.n} ${target.block}: ${credit} done, ${pending} in progress with others, ${Math.max(0, remaining)} left to assign.`;
  if (remaining <= 0) return { ...base, analysis, longTermPlan: [`Stage 1: collect ${target.n} ${target.block} (all assigned or done)`], taskAtHand: null };

  const idle = p.subs.filter((s) => !busy.has(s));
  let parts: Assignment[];
  if (!delegating) parts = [{ agent: p.me, n: remaining, block: target.block }];
  else if (p.org === 'chain') {
    const share = Math.ceil(remaining / (1 + p.downstream.length));
    const next = idle[0];
    parts = next && remaining > share ? [{ agent: p.me, n: share, block: target.block }, { agent: next, n: remaining - share, block: target.block }] : [{ agent: p.me, n: remaining, block: target.block }];
  } else {
    const workers = p.org === 'tree' ? idle : [p.me, ...idle];
    if (workers.length === 0) return { ...base, analysis: `${analysis} Everyone is busy; wait for reports.`, longTermPlan: [], taskAtHand: null };
    parts = split(remaining, workers).map(([agent, n]) => ({ agent, n, block: target.block }));
  }
  const stage = parts.map((a) => `${a.agent} collect ${a.n} ${a.block}`).join('; ');
  return { ...base, analysis, longTermPlan: [`Stage 1: ${stage}`], taskAtHand: `Stage 1: ${stage}` };
}

function split(total: number, agents: readonly string[]): [string, number][] {
  const base = Math.floor(total / agents.length);
  const extra = total % agents.length;
  return agents.map((a, i): [string, number] => [a, base + (i < extra ? 1 : 0)]).filter(([, n]) => n > 0);
}

function actions(p: ReadPrompt): unknown[] {
  const parts = parseAssignments(p.sections.get('Task at hand') ?? '', p.me);
  const own = parts.filter((a) => a.agent === p.me).map((a) => ({ skill: 'collect', params: { block: a.block, count: a.n } }));
  const informs = parts.filter((a) => a.agent !== p.me && p.subs.includes(a.agent)).map((a) => ({ inform: a.agent, task: `collect ${a.n} ${a.block}` }));
  // A chain link works before it hands on (relay); everyone else hands out work first so it runs in parallel.
  return p.org === 'chain' ? [...own, ...informs] : [...informs, ...own];
}
