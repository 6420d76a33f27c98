/**
 * A human player at a terminal: when the episode asks this agent for a decision, it shows the
 * compact text observation and reads a command (see command-parser.ts), re-prompting until the
 * command is valid. Streams are injected, so tests drive it with scripted input. Several human
 * agents share one terminal: their prompts take turns instead of interleaving.
 */
import type { Writable } from 'node:stream';
import type { Readable } from 'node:stream';
import type { AgentAction } from '../../core/actions.js';
import type { Observation } from '../../core/observation.js';
import { describeSkills } from '../../skills/catalog.js';
import { renderObservationText } from '../../skills/observe/render-text.js';
import { teamOfAgents, type Agent, type Team, type TeamSetup } from '../team.js';
import { parseCommand } from './command-parser.js';
import { LineReader } from './line-reader.js';

/** One terminal: a line reader, an output, and a turn lock so prompts never interleave. */
export class HumanTerminal {
  readonly reader: LineReader;
  private turn: Promise<void> = Promise.resolve();

  constructor(
    input: Readable,
    readonly output: Writable,
  ) {
    this.reader = new LineReader(input);
  }

  write(text: string): void {
    this.output.write(text);
  }

  /** Runs `fn` when the previous prompt is done. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turn.then(fn);
    this.turn = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  close(): void {
    this.reader.close();
  }
}

export class HumanAgent implements Agent {
  private setup: TeamSetup | null = null;
  private left = false;
  private commands = 0;

  constructor(
    readonly name: string,
    private readonly terminal: HumanTerminal,
  ) {}

  async start(setup: TeamSetup): Promise<void> {
    this.setup = setup;
    if (setup.agents[0] === this.name) {
      this.terminal.write(`Task ${setup.task.id}: ${setup.task.goal}\nType a skill and JSON parameters (collect {"block":"oak_log","count":3}), say <text>, wait <ticks>, code <js>, cancel, or Enter to keep going; help lists the skills.\n`);
    }
  }

  stats(): { prompts: number } {
    return { prompts: this.commands };
  }

  decide(obs: Observation, signal?: AbortSignal): Promise<AgentAction | null> {
    if (this.left) return Promise.resolve(null);
    return this.terminal.exclusive(async () => {
      this.terminal.write(`\n${renderObservationText(obs)}\n`);
      for (;;) {
        this.terminal.write(`${this.name}> `);
        const line = await this.terminal.reader.next(signal);
        if (line === null) {
          if (!signal?.aborted) {
            this.left = true;
            this.setup?.log({ type: 'human_left', agent: this.name });
            this.terminal.write('\n(input ended: this agent now only keeps doing what it does)\n');
          }
          return null;
        }
        const cmd = parseCommand(line);
        if (cmd.kind === 'help') {
          this.terminal.write(`${describeSkills()}\n`);
          continue;
        }
        if (cmd.kind === 'error') {
          this.terminal.write(`! ${cmd.message}\n`);
          this.setup?.log({ type: 'human_input_error', agent: this.name, line: line.slice(0, 500), message: cmd.message });
          continue;
        }
        this.commands++;
        this.setup?.log({ type: 'human_command', agent: this.name, line: line.slice(0, 500) });
        return cmd.kind === 'keep' ? null : cmd.action;
      }
    });
  }
}

export interface HumanTeamOptions {
  input?: Readable;
  output?: Writable;
}

/** Every agent of the episode played from one terminal (stdin/stdout by default). */
export function createHumanTeam(o: HumanTeamOptions = {}): Team {
  let terminal: HumanTerminal | null = null;
  const inner = teamOfAgents('human', (name) => {
    terminal ??= new HumanTerminal(o.input ?? process.stdin, o.output ?? process.stdout);
    return new HumanAgent(name, terminal);
  });
  return {
    architecture: inner.architecture,
    start: (setup) => inner.start(setup),
    decide: (observations, signal) => inner.decide(observations, signal),
    async stop() {
      terminal?.close();
      terminal = null;
    },
    stats: () => inner.stats?.() ?? {},
  };
}
