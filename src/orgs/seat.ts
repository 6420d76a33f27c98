/**
 * What an architecture needs from its organisation, for one member: its seat. Every architecture
 * reads the same four things from it, whatever the topology:
 *
 * - who leads (the member at the top, or nobody) and whether the team's goal was announced to it;
 * - whom it may command (its subordinates) and to whom it reports (its commanders);
 * - which heard lines reach it (`reaches`): tasks only from a commander, reports only from a
 *   subordinate, plain talk from anyone (the world's chat range decided who heard it at all);
 * - how assignments arrive (`memberBrief`): a goal holder's brief is the task's; any other member's
 *   brief is the latest task a commander gave it, with the team context (S-Agents' prompt header:
 *   organisation, who you may command, who you report to, the wire format) as guidance.
 *
 * The S-Agents hourglass agent reads the seat directly; other architectures get it through the
 * brief and the filtered messages, so their prompts show it without knowing about organisations.
 */
import type { HeardMessage } from '../core/observation.js';
import type { TaskBrief } from '../tasks/task-brief.js';
import { decodeOrgMessage } from './message-bus.js';
import { commandersOf, downstreamOf, goalHolders, subordinatesOf, type OrgKind, type Topology } from './topology.js';

export interface Seat {
  org: OrgKind;
  /** Every member, in spawn order. */
  members: readonly string[];
  /** The member at the top (tree root, chain head, graph contact), or null (solo, distributed, and centralized: its planner is not a member). */
  leader: string | null;
  subordinates: readonly string[];
  commanders: readonly string[];
  /** Chain only: the members after this one, nearest first. */
  downstream: readonly string[];
  /** The task's goal was announced to this member. */
  holdsGoal: boolean;
}

export function seatOf(t: Topology, name: string): Seat {
  const holders = goalHolders(t);
  const leads = t.kind === 'tree' || t.kind === 'chain' || t.kind === 'graph';
  return {
    org: t.kind,
    members: t.agents,
    leader: leads ? (holders[0] ?? null) : null,
    subordinates: subordinatesOf(t, name),
    commanders: commandersOf(t, name),
    downstream: t.kind === 'chain' ? downstreamOf(t, name) : [],
    holdsGoal: holders.includes(name),
  };
}

/**
 * Whether a line `me` heard reaches it as its organisation means it to: a task counts only from a
 * commander and a report only from a subordinate, both addressed to `me`; talk always reaches.
 */
export function reaches(seat: Seat, me: string, heard: HeardMessage): boolean {
  const line = decodeOrgMessage(heard.message);
  if (line.kind === 'talk') return true;
  if (line.respondent === null || line.respondent.toLowerCase() !== me.toLowerCase()) return false;
  return line.kind === 'task' ? seat.commanders.includes(heard.from) : seat.subordinates.includes(heard.from);
}

/** The latest task a commander gave `me` among `heard` (already filtered by `reaches`), or null. */
export function latestAssignment(heard: readonly HeardMessage[], me: string, seat: Seat): { from: string; text: string; tick: number } | null {
  for (let i = heard.length - 1; i >= 0; i--) {
    const h = heard[i]!;
    const line = decodeOrgMessage(h.message);
    if (line.kind === 'task' && reaches(seat, me, h)) return { from: h.from, text: line.text, tick: h.tick };
  }
  return null;
}

/** The team context in words: what S-Agents' prompt header says, for any architecture's prompt. */
export function teamContextText(seat: Seat, me: string): string {
  const lines = [`Organisation: ${seat.org}; members: ${seat.members.join(', ')}; you are ${me}.`];
  if (seat.leader) lines.push(`Leader: ${seat.leader === me ? 'you' : seat.leader}.`);
  lines.push(`You may command: ${seat.subordinates.join(', ') || 'nobody'}.`);
  lines.push(`You report to: ${seat.commanders.join(', ') || 'nobody'}.`);
  if (seat.downstream.length) lines.push(`Agents after you in the chain: ${seat.downstream.join(', ')}.`);
  if (seat.subordinates.length) {
    lines.push(`To give ${seat.subordinates[0]} work, use say with to "${seat.subordinates[0]}" and a message starting with "[task] ", e.g. "[task] collect 3 oak_log"; do a share yourself only if your organisation expects it.`);
  }
  if (seat.commanders.length) lines.push(`Work on the latest task your commander gave you; report with say to ${seat.commanders[0]}: "[report:success] <task> | <what you hold>" or "[report:fail] <task> | <why>".`);
  return lines.join('\n');
}

/**
 * The brief a member works from. A goal holder keeps the task's brief; a member waiting for work
 * gets a brief that says so; a member with an assignment gets the assignment as its goal (the
 * task's structured goals are the team's, not its share, so they are left out).
 */
export function memberBrief(task: TaskBrief, seat: Seat, me: string, assignment: { from: string; text: string } | null): TaskBrief {
  const guidance = [task.guidance, teamContextText(seat, me)].filter(Boolean).join('\n');
  if (seat.holdsGoal && !assignment) return { ...task, guidance };
  const goal = assignment ? assignment.text : `wait for a task from ${seat.commanders.join(' or ') || 'your team'}`;
  const rest: TaskBrief = { id: task.id, type: task.type, goal, maxTicks: task.maxTicks, guidance };
  return rest;
}
