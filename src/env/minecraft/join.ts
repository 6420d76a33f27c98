/**
 * Connecting bots. Each bot joins alone and the next one starts only after the previous one has
 * spawned (its `spawn` event), never after a fixed sleep: servers throttle logins per IP, and a
 * player list sent while another login is half done is how bots end up not seeing each other.
 */
import mineflayer, { type Bot } from 'mineflayer';
import pathfinderPkg from 'mineflayer-pathfinder';
import { plugin as collectBlockPlugin } from 'mineflayer-collectblock';
import { plugin as pvpPlugin } from 'mineflayer-pvp';
import { GuildcraftError } from '../../core/errors.js';
import type { ResolvedMinecraftOptions } from './options.js';

const { pathfinder, Movements } = pathfinderPkg;

export interface JoinOptions {
  username: string;
  /** Load pathfinder, collectblock (with its tool selector) and pvp: agents yes, the orchestrator no. */
  withBody: boolean;
}

/** Connects one bot and resolves once it has spawned in the world. */
export function joinBot(options: ResolvedMinecraftOptions, join: JoinOptions): Promise<Bot> {
  const bot = mineflayer.createBot({
    host: options.host,
    port: options.port,
    username: join.username,
    version: options.version,
    auth: options.auth,
    ...(options.profilesFolder ? { profilesFolder: options.profilesFolder } : {}),
    // Agents perceive by our own senses; the server's view distance only needs to cover them.
    viewDistance: 'short',
    hideErrors: true,
  });
  if (join.withBody) {
    bot.loadPlugin(pathfinder);
    bot.loadPlugin(collectBlockPlugin);
    bot.loadPlugin(pvpPlugin);
  }
  return new Promise<Bot>((resolve, reject) => {
    const where = `${options.host}:${options.port} (version ${options.version}, auth ${options.auth})`;
    const fail = (why: string, cause?: unknown): void => {
      cleanup();
      bot.end();
      reject(new GuildcraftError('environment', `bot '${join.username}' could not join ${where}: ${why}`, 'check that the server is running, in offline mode (or use auth=microsoft), on that version, and that the name is allowed', { cause }));
    };
    const timer = setTimeout(() => fail(`no spawn within ${options.joinTimeoutMs} ms`), options.joinTimeoutMs);
    const onError = (err: Error): void => fail(err.message, err);
    const onKicked = (reason: string): void => fail(`kicked: ${reason}`);
    const onEnd = (reason: string): void => fail(`connection ended: ${reason}`);
    const onSpawn = (): void => {
      cleanup();
      if (join.withBody) configureMovements(bot);
      void loginSettled(bot, options.loginSettleMs).then(() => resolve(bot));
    };
    function cleanup(): void {
      clearTimeout(timer);
      bot.off('error', onError);
      bot.off('kicked', onKicked);
      bot.off('end', onEnd);
      bot.off('spawn', onSpawn);
    }
    bot.once('error', onError);
    bot.once('kicked', onKicked);
    bot.once('end', onEnd);
    bot.once('spawn', onSpawn);
  });
}

/**
 * Resolves once the server has finished moving the newly spawned bot, or after `timeoutMs`.
 * flying-squid ends a login only at the client's first look (or idle) packet, which a bot standing
 * still may not send for a long time, and then sends the login position once more; it also takes
 * each movement packet as it comes. A teleport made while that end was pending was, under load,
 * sometimes undone: the server and every other agent had the newcomer back at its login point
 * (3 busy loops on one core: about 1 run in 4 of the conformance join test; none in 30 with this).
 * So the bot turns by a hair, which makes mineflayer send a look packet at once, and waits for
 * that last move. A server that sends no such move (vanilla) costs `timeoutMs`, once per
 * connection: the pool keeps bots between episodes.
 */
function loginSettled(bot: Bot, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      bot.off('forcedMove', done);
      bot.off('end', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    bot.once('forcedMove', done);
    bot.once('end', done);
    void bot.look(bot.entity.yaw + 0.001, bot.entity.pitch, true).catch(() => undefined);
  });
}

/** Path costs like the embedded world's: walk, jump, drop, swim; no digging or pillaring unasked. */
function configureMovements(bot: Bot): void {
  const movements = new Movements(bot);
  movements.canDig = false;
  movements.allow1by1towers = false;
  movements.allowParkour = false;
  movements.allowSprinting = false;
  bot.pathfinder.setMovements(movements);
}

/** Disconnects a bot and waits until the connection is closed (so test processes can exit). */
export function leaveBot(bot: Bot, timeoutMs = 3000): Promise<void> {
  return new Promise<void>((resolve) => {
    const socket = (bot as unknown as { _client?: { socket?: { destroyed?: boolean } } })._client?.socket;
    if (!socket || socket.destroyed) {
      resolve();
      return;
    }
    const timer = setTimeout(done, timeoutMs);
    function done(): void {
      clearTimeout(timer);
      resolve();
    }
    bot.once('end', done);
    try {
      bot.quit('episode over');
    } catch {
      done();
    }
  });
}
