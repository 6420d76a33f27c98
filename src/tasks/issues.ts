/**
 * A problem found in a task file, as data: which file, where in it (a YAML path such as
 * `agents.spawn[1].inventory[0].name`, plus the line when known), and why. Loading never throws for
 * a bad file; it returns these so `guildcraft validate` can list every problem and a benchmark can
 * skip one broken task without stopping.
 */
export type IssueSeverity = 'error' | 'warning';

export interface TaskIssue {
  file: string;
  /** YAML path; empty for whole-file problems (unreadable file, YAML syntax). */
  path: string;
  /** 1-based line in the file, when the YAML node could be located. */
  line?: number;
  reason: string;
  severity: IssueSeverity;
}

export type PathSegment = string | number;

/** `['agents', 'spawn', 1, 'inventory', 0, 'name']` -> `agents.spawn[1].inventory[0].name`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? seg : `.${seg}`;
  }
  return out;
}

/** `file:line: path: reason` — the format editors and CI logs link to. */
export function formatIssue(issue: TaskIssue): string {
  const where = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
  const tag = issue.severity === 'warning' ? 'warning: ' : '';
  return issue.path ? `${where}: ${tag}${issue.path}: ${issue.reason}` : `${where}: ${tag}${issue.reason}`;
}

export const hasErrors = (issues: readonly TaskIssue[]): boolean => issues.some((i) => i.severity === 'error');
