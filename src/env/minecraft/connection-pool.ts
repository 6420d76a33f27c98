/**
 * The server connections of a Minecraft backend: the orchestrator's and one per agent. Joining
 * costs a login and a chunk download, so a pool keeps bots connected between episodes: an agent
 * of the same name in the next scenario reuses its bot (reset clears its inventory and moves it),
 * and bots no longer needed leave the server. Joins happen one at a time, each waiting for the
 * previous bot's spawn.
 */
import type { Bot } from 'mineflayer';
import { InputError } from '../../core/errors.js';
import { joinBot, leaveBot } from './join.js';
import type { ResolvedMinecraftOptions } from './options.js';

export class MinecraftConnectionPool {
  private orchestratorBot: Bot | null = null;
  private readonly agentBots = new Map<string, Bot>();
  /** Serialises joins: the next one starts after the previous bot spawned. */
  private joining: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(readonly options: ResolvedMinecraftOptions) {}

  /**
   * Blocks changed since the last restore, with what stood there first (`x,y,z` → block name), as
   * the orchestrator saw them change. A real server keeps every dug hole and placed block, so each
   * reset puts these back before building the next scenario.
   */
  readonly changedBlocks = new Map<string, string>();

  async orchestrator(): Promise<Bot> {
    if (this.orchestratorBot && isConnected(this.orchestratorBot)) return this.orchestratorBot;
    const bot = await this.serial(() => joinBot(this.options, { username: this.options.orchestrator, withBody: false }));
    bot.on('blockUpdate', (old, now) => {
      if (!old || !now || old.name === now.name) return;
      const key = `${old.position.x},${old.position.y},${old.position.z}`;
      if (!this.changedBlocks.has(key)) this.changedBlocks.set(key, old.name);
    });
    this.orchestratorBot = bot;
    return bot;
  }

  /** The agent's connected bot, joining it if needed. */
  async agent(name: string): Promise<Bot> {
    if (name === this.options.orchestrator) throw new InputError(`an agent may not be named '${name}': that is the orchestrator's account`, 'rename the agent or set another orchestrator name');
    const existing = this.agentBots.get(name);
    if (existing && isConnected(existing)) return existing;
    const bot = await this.serial(() => joinBot(this.options, { username: name, withBody: true }));
    this.agentBots.set(name, bot);
    return bot;
  }

  /** Disconnects one agent's bot (it leaves the server, so other players stop seeing it). */
  async release(name: string): Promise<void> {
    const bot = this.agentBots.get(name);
    this.agentBots.delete(name);
    if (bot) await leaveBot(bot);
  }

  /** Disconnects every agent bot whose name is not in `keep`. */
  async releaseAllBut(keep: ReadonlySet<string>): Promise<void> {
    for (const name of [...this.agentBots.keys()]) if (!keep.has(name)) await this.release(name);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.joining.catch(() => {});
    for (const name of [...this.agentBots.keys()]) await this.release(name);
    if (this.orchestratorBot) await leaveBot(this.orchestratorBot);
    this.orchestratorBot = null;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new InputError('the Minecraft connection pool is closed', 'create a new backend'));
    const run = this.joining.catch(() => {}).then(fn);
    this.joining = run;
    return run;
  }
}

function isConnected(bot: Bot): boolean {
  const socket = (bot as unknown as { _client?: { socket?: { destroyed?: boolean } } })._client?.socket;
  return !!socket && !socket.destroyed && !!bot.entity;
}
