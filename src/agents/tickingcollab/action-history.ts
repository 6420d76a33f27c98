/**
 * The recent action outcomes an agent (or the central planner) sees in its prompt: one short line
 * per finished node, newest last, bounded so prompts stay small. It is how the planner learns that
 * an action failed twice and must be changed ("BREAK REPETITION" in the paper's prompts).
 */
import type { NodeState } from './plan-executor.js';

export class ActionHistory {
  private readonly lines = new Map<string, string[]>();

  constructor(private readonly perAgent = 8) {}

  record(tick: number, node: NodeState): void {
    const list = this.lines.get(node.agent) ?? [];
    list.push(`t=${tick} ${node.id} ${node.skill}${short(node.params)} -> ${node.status === 'done' ? 'ok' : 'FAILED'}${describe(node.result)}`);
    if (list.length > this.perAgent) list.splice(0, list.length - this.perAgent);
    this.lines.set(node.agent, list);
  }

  note(agent: string, tick: number, text: string): void {
    const list = this.lines.get(agent) ?? [];
    list.push(`t=${tick} ${text}`);
    if (list.length > this.perAgent) list.splice(0, list.length - this.perAgent);
    this.lines.set(agent, list);
  }

  of(agent: string): readonly string[] {
    return this.lines.get(agent) ?? [];
  }
}

function short(v: unknown, max = 120): string {
  const s = (JSON.stringify(v) ?? '').replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function describe(result: Record<string, unknown> | undefined): string {
  if (!result) return '';
  const { ok: _ok, ...rest } = result;
  return ` ${short(rest, 160)}`;
}
