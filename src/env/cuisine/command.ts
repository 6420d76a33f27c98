/**
 * The dispatch grammar (cuisineworld.md §5.1): `noop_agent<i>`, `goto_agent<i>_<loc>`, `get_agent<i>[_<item>]_<loc>`,
 * `put_agent<i>[_<item>]_<loc>`, `activate_agent<i>_<loc>`. Parsing checks what the original `validate_n_parse` checks and
 * returns its exact messages; a dispatch with any unparsable command is rejected whole.
 */
export type Verb = 'noop' | 'goto' | 'get' | 'put' | 'activate';

export interface Command {
  readonly verb: Verb;
  readonly agent: number;
  /** Location index in the level, or -1 for noop without a location. */
  readonly loc: number;
  /** Only for the 4-token get/put form; null otherwise (get from storage needs it). */
  readonly item: string | null;
  readonly text: string;
}

export type ParseResult = { ok: true; command: Command } | { ok: false; message: string };

const VERBS: ReadonlySet<string> = new Set(['noop', 'goto', 'get', 'put', 'activate']);
const AGENT_RE = /^agent(\d+)$/;

export function parseCommand(
  text: string,
  locationIndex: ReadonlyMap<string, number>,
  numAgents: number,
): ParseResult {
  const tokens = text.split('_');
  if (tokens.length < 2 || tokens.length > 4) return fail(`not enough arguments for action ${text}`);
  const verb = tokens[0]!;
  if (!VERBS.has(verb)) return fail(`${verb} is not in the list of supported actions`);
  const m = AGENT_RE.exec(tokens[1]!);
  if (!m) return fail('agent id not found');
  const agent = Number(m[1]);
  // The original crashed with an IndexError here; a message lets a model correct itself.
  if (agent >= numAgents) return fail(`agent${agent} does not exist, there are only ${numAgents} agents`);
  if (tokens.length === 2) {
    // A bare verb other than noop names no location: the original failed later on it; say so now.
    if (verb !== 'noop') return fail(`not enough arguments for action ${text}`);
    return ok({ verb: 'noop', agent, loc: -1, item: null, text });
  }
  const locName = tokens[tokens.length - 1]!;
  const loc = locationIndex.get(locName);
  if (loc === undefined) return fail(`for agent${agent}, tool ${locName} is not in the current game level`);
  if (tokens.length === 4) {
    // The original rejected this silently; a message keeps the rejection visible.
    if (verb !== 'get' && verb !== 'put') return fail(`${verb} does not take an item, use ${verb}_agent${agent}_${locName}`);
    return ok({ verb, agent, loc, item: tokens[2]!, text });
  }
  return ok({ verb: verb as Verb, agent, loc, item: null, text });
}

function ok(command: Command): ParseResult {
  return { ok: true, command };
}

function fail(message: string): ParseResult {
  return { ok: false, message };
}
