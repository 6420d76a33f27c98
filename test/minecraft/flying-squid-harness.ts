/**
 * An in-process flying-squid server for the Minecraft backend tests: protocol 1.16.5 (the only
 * version where movement, digging, placing, chat, /give and /summon all work; docs/minecraft-backend.md
 * says what flying-squid lacks), superflat, offline mode, bound to 127.0.0.1 on a free
 * port, view distance 2, no world or log files written.
 *
 * flying-squid is not vanilla, so the harness does three things a real server would not need:
 * 1. Bug: a newcomer is never sent the players already online, so bots would not see them as
 *    players. We send the list to each newcomer before its own entity spawns are sent.
 * 2. Bug: `/give` stores the count as a string; a later pickup concatenates it ("16" → "161") and
 *    crashes that connection. We coerce the count to a number.
 * 3. Bug: every melee hit does 1 damage whatever the weapon, and a killed mob is never removed
 *    from clients. We add the weapon's vanilla attack damage and remove the dead mob a second later.
 * 4. Bugs: a teleported player is not sent the chunks around its destination until it walks (and
 *    a bot standing in an unloaded chunk never walks), who sees whom is not recomputed on a
 *    teleport, and the end of login re-sends the login position seconds later, undoing a teleport
 *    made meanwhile. After every teleport we recompute visibility and send the chunks, and a
 *    teleported player stays where it was sent.
 * 5. Dialect: the backend speaks vanilla 1.13+ command syntax. flying-squid lacks `/fill`,
 *    `/gamerule`, `/clear`, `/kill <selector>`, `/tellraw`, and its `/summon` and `/effect` take a
 *    different syntax, so the harness registers small vanilla-syntax versions of those commands.
 *    They only translate to flying-squid's own world calls; the backend's command strings are the
 *    ones a Paper or vanilla server receives.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const TEST_VERSION = '1.16.5';
/**
 * The 1.16 superflat grass top is at y = 4 (feet at 5); the embedded world's is at y = -61 (feet
 * at -60). With this origin, scenarios written for the sim run unchanged on the test server.
 */
export const FLAT_ORIGIN = { x: 0, y: 65, z: 0 };

/* Minimal shapes of the flying-squid objects the harness touches (flying-squid ships no types). */
interface SquidVec3 { x: number; y: number; z: number; floored(): SquidVec3; offset(x: number, y: number, z: number): SquidVec3 }
interface SquidItem { type: number; count: number; slot: number }
interface SquidEntity {
  id: number;
  type: string;
  name?: string;
  username?: string;
  position: SquidVec3;
  world: unknown;
  effects: Record<string, unknown>;
  addEffect(id: number, opt: { amplifier: number; duration: number; particles: boolean }): void;
  removeEffect(id: number | string): void;
  destroy?(): void;
  adHocData?: Record<string, unknown>;
}
interface SquidPlayer extends SquidEntity {
  username: string;
  uuid: string;
  op: boolean;
  gameMode: number;
  profileProperties?: unknown[];
  _client: { write(name: string, data: unknown): void };
  inventory: { slots: (SquidItem | null)[]; updateSlot(slot: number, item: SquidItem | null): void };
  updateAndSpawn: (...args: unknown[]) => unknown;
  on(event: string, fn: (...args: unknown[]) => void): void;
  chat(message: string): void;
}
interface SquidCommand { params: { parse?: (args: string, ctx: unknown) => unknown } }
interface SquidServer {
  players: SquidPlayer[];
  entities: Record<string, SquidEntity>;
  overworld: unknown;
  listeningPort: number;
  registry: {
    blocksByName: Record<string, { id: number; minStateId: number } | undefined>;
    entitiesByName: Record<string, { id: number; type: string } | undefined>;
    effectsByName: Record<string, { id: number } | undefined>;
  };
  commands: { hash: Record<string, SquidCommand | undefined>; add(cmd: Record<string, unknown>): void };
  setBlock(world: unknown, pos: SquidVec3, stateId: number): Promise<void>;
  spawnMob(type: number, world: unknown, pos: SquidVec3, opts?: Record<string, unknown>): SquidEntity;
  getPlayers(name: string, ctx?: unknown): SquidPlayer[];
  on(event: string, fn: (...args: unknown[]) => void): void;
  once(event: string, fn: (...args: unknown[]) => void): void;
  destroy(): Promise<void>;
}

const flyingSquid = require('flying-squid') as { createMCServer(options: Record<string, unknown>): SquidServer };
const { Vec3: SquidVec3Class } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => SquidVec3 };
const UserError = require('flying-squid/src/lib/user_error') as new (message: string) => Error;

export interface TestServer {
  host: string;
  port: number;
  version: string;
  /** The flying-squid server object, for assertions a client cannot make (e.g. mob health). */
  server: SquidServer;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Player names made operator when they join (the backend's orchestrator). */
  ops?: string[];
}

export async function startFlyingSquid(options: TestServerOptions = {}): Promise<TestServer> {
  const ops = new Set(options.ops ?? ['orchestrator']);
  const server = flyingSquid.createMCServer({
    port: 0,
    host: '127.0.0.1',
    'online-mode': false,
    version: TEST_VERSION,
    logging: false,
    noConsoleOutput: true,
    'max-players': 40,
    gameMode: 0,
    difficulty: 1,
    worldFolder: undefined,
    'view-distance': 2,
    kickTimeout: 20_000,
    generation: { name: 'superflat', options: { worldHeight: 80 } },
    plugins: {},
    'player-list-text': { header: { text: 'guildcraft test' }, footer: { text: '' } },
    'everybody-op': false,
    'max-entities': 200,
  });
  server.on('error', () => {});
  server.on('clientError', () => {});
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('flying-squid did not start listening within 10 s')), 10_000);
    server.once('listening', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  server.on('newPlayer', (raw) => {
    const player = raw as SquidPlayer;
    sendPlayerListToNewcomer(server, player);
    sendChunksAfterTeleport(server, player);
    player.on('spawned', () => {
      // login sets `op` from the server settings after `newPlayer`, so grant it once spawned.
      if (ops.has(player.username)) player.op = true;
    });
  });
  coerceGiveCount(server);
  fixMeleeDamage(server);
  registerVanillaDialect(server);

  return {
    host: '127.0.0.1',
    port: server.listeningPort,
    version: TEST_VERSION,
    server,
    close: async () => {
      await server.destroy().catch(() => {});
    },
  };
}

/** Workaround 1: the players already online, sent before the newcomer receives their entities. */
function sendPlayerListToNewcomer(server: SquidServer, player: SquidPlayer): void {
  const spawn = player.updateAndSpawn;
  let sent = false;
  player.updateAndSpawn = (...args: unknown[]) => {
    const others = server.players.filter((p) => p !== player);
    if (!sent && others.length > 0) {
      sent = true;
      player._client.write('player_info', {
        action: 'add_player',
        data: others.map((o) => ({ uuid: o.uuid, name: o.username, properties: o.profileProperties ?? [], gamemode: o.gameMode, ping: 0 })),
      });
    }
    return spawn.apply(player, args);
  };
}

/** Vanilla attack damage of the item in hand (Minecraft Wiki, "Damage"; 1 for anything else). */
const WEAPON_DAMAGE: Record<string, number> = {
  wooden_sword: 4, golden_sword: 4, stone_sword: 5, iron_sword: 6, diamond_sword: 7, netherite_sword: 8,
  wooden_axe: 7, golden_axe: 7, stone_axe: 9, iron_axe: 9, diamond_axe: 9, netherite_axe: 10,
};

/** Workaround 3: weapon damage on hits, and dead mobs removed from every client. */
function fixMeleeDamage(server: SquidServer): void {
  const itemNames = (server.registry as unknown as { items: Record<number, { name: string } | undefined> }).items;
  server.on('newPlayer', (raw) => {
    const player = raw as SquidPlayer & { heldItemSlot: number; _client: { on(e: string, f: (p: { mouse: number; target: number }) => void): void } };
    // flying-squid's own handler (registered before this one) has already dealt 1 damage.
    player._client.on('use_entity', ({ mouse, target }) => {
      if (mouse !== 1) return;
      const mob = server.entities[target] as (SquidEntity & { health: number; takeDamage(o: { damage: number; animation: boolean }): void }) | undefined;
      if (!mob || mob.type === 'player') return;
      const held = player.inventory.slots[36 + player.heldItemSlot];
      const extra = (held ? (WEAPON_DAMAGE[itemNames[held.type]?.name ?? ''] ?? 1) : 1) - 1;
      if (extra > 0 && mob.health > 0) mob.takeDamage({ damage: extra, animation: mob.health - extra <= 0 });
      // flying-squid's own hit may land after this handler: look again once both are done.
      setTimeout(() => {
        if (mob.health <= 0) removeForClients(server, mob);
      }, 1000);
    });
  });
}

function removeForClients(server: SquidServer, mob: SquidEntity): void {
  delete server.entities[mob.id];
  for (const p of server.players) p._client.write('entity_destroy', { entityIds: [mob.id] });
}

/** Workaround 4: the chunks around a teleport destination. */
function sendChunksAfterTeleport(server: SquidServer, player: SquidPlayer): void {
  const p = player as SquidPlayer & {
    teleport(pos: SquidVec3): Promise<void>;
    worldSendRestOfChunks(): Promise<void>;
    sendSelfPosition(pos?: SquidVec3): void;
  };
  let teleported = false;
  const teleport = p.teleport;
  p.teleport = async (pos) => {
    teleported = true;
    await teleport.call(p, pos);
    // Also a bug: who sees whom is only recomputed when a player walks, not when it is teleported,
    // and a spawn that overtook the player list is dropped by the client for good. Announce and
    // spawn the teleported player afresh to everyone else, then recompute its own view.
    for (const other of server.players) {
      if (other === player) continue;
      const o = other as SquidPlayer & { despawnEntities(e: unknown[]): void; spawnEntity(e: unknown): void };
      o._client.write('player_info', { action: 'add_player', data: [{ uuid: player.uuid, name: player.username, properties: player.profileProperties ?? [], gamemode: player.gameMode, ping: 0 }] });
      o.despawnEntities([player]);
      o.spawnEntity(player);
    }
    p.updateAndSpawn();
    await p.worldSendRestOfChunks();
  };
  // Also a bug: login ends by re-sending the login position, seconds later, undoing a teleport made
  // meanwhile. Once teleported, the player stays where it was sent.
  const sendSelfPosition = p.sendSelfPosition;
  p.sendSelfPosition = (pos) => sendSelfPosition.call(p, teleported ? undefined : pos);
}

/** Workaround 2: `/give` counts become numbers. */
function coerceGiveCount(server: SquidServer): void {
  const give = server.commands.hash.give;
  const parse = give?.params.parse;
  if (!give || !parse) throw new Error('flying-squid has no /give command to patch; check the flying-squid version');
  give.params.parse = (args, ctx) => {
    const parsed = parse(args, ctx) as false | { count: unknown };
    if (parsed) parsed.count = Number(parsed.count);
    return parsed;
  };
}

const stripNs = (s: string): string => s.replace(/^minecraft:/, '');
const pascal = (s: string): string => s.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/** Workaround 3: vanilla-syntax versions of the commands the backend issues. */
function registerVanillaDialect(server: SquidServer): void {
  const reg = server.registry;
  const stateOf = (name: string): number => {
    const b = reg.blocksByName[stripNs(name).replace(/[[{].*$/, '')];
    if (!b) throw new UserError(`Unknown block ${name}`);
    return b.minStateId;
  };
  const coords = (parts: string[]): number[] => parts.map((p) => Number(p));

  server.commands.add({
    base: 'fill',
    info: 'vanilla /fill <from> <to> <block> [replace <filter>]',
    usage: '/fill x1 y1 z1 x2 y2 z2 block',
    op: true,
    async action(args: string) {
      const p = args.split(' ');
      const [x1, y1, z1, x2, y2, z2] = coords(p.slice(0, 6));
      const state = stateOf(p[6] ?? '');
      if ([x1, y1, z1, x2, y2, z2].some((n) => n === undefined || !Number.isFinite(n))) throw new UserError('Bad coordinates');
      const writes: Promise<void>[] = [];
      for (let x = Math.min(x1!, x2!); x <= Math.max(x1!, x2!); x++) {
        for (let y = Math.min(y1!, y2!); y <= Math.max(y1!, y2!); y++) {
          for (let z = Math.min(z1!, z2!); z <= Math.max(z1!, z2!); z++) writes.push(server.setBlock(server.overworld, new SquidVec3Class(x, y, z), state));
        }
      }
      await Promise.all(writes);
    },
  });

  server.commands.add({
    base: 'summon',
    info: 'vanilla /summon <type> <x> <y> <z> [nbt]',
    usage: '/summon type x y z',
    op: true,
    action(args: string) {
      const p = args.split(' ');
      const entity = reg.entitiesByName[stripNs(p[0] ?? '')];
      if (!entity) throw new UserError(`Unknown entity ${p[0]}`);
      const [x, y, z] = coords(p.slice(1, 4));
      if (![x, y, z].every((n) => Number.isFinite(n))) throw new UserError('Bad coordinates');
      const mob = server.spawnMob(entity.id, server.overworld, new SquidVec3Class(x!, y!, z!)) as SquidEntity & { health: number };
      // The NBT fields flying-squid can honour: a starting health (`{Health:3f}`) and tags.
      const nbt = p.slice(4).join(' ');
      const health = /Health:([\d.]+)f?/.exec(nbt);
      if (health) mob.health = Number(health[1]);
      const tags = /Tags:\[([^\]]*)\]/.exec(nbt);
      (mob as SquidEntity & { tags?: string[] }).tags = tags ? tags[1]!.split(',').map((t) => t.trim().replace(/^"|"$/g, '')) : [];
    },
  });

  server.commands.add({
    base: 'effect',
    info: 'vanilla /effect give|clear <target> [effect] [seconds] [amplifier] [hideParticles]',
    usage: '/effect give player effect seconds amplifier',
    op: true,
    action(args: string) {
      const [mode, target, effect, seconds, amplifier] = args.split(' ');
      for (const player of server.getPlayers(target ?? '')) {
        if (mode === 'clear') {
          for (const id of Object.keys(player.effects)) if (player.effects[id]) player.removeEffect(id);
          continue;
        }
        const e = reg.effectsByName[pascal(stripNs(effect ?? ''))];
        if (!e) throw new UserError(`Unknown effect ${effect}`);
        if (player.effects[e.id]) player.removeEffect(e.id);
        player.addEffect(e.id, { amplifier: Number(amplifier ?? 0), duration: Number(seconds ?? 30) * 20, particles: true });
      }
    },
  });

  server.commands.add({
    base: 'clear',
    info: 'vanilla /clear <player>',
    usage: '/clear player',
    op: true,
    action(args: string) {
      for (const player of server.getPlayers(args.trim())) {
        player.inventory.slots.forEach((item, slot) => {
          if (item) player.inventory.updateSlot(slot, null);
        });
      }
    },
  });

  server.commands.add({
    base: 'kill',
    info: 'vanilla /kill @e[type=…,x=…,y=…,z=…,distance=..r,limit=1,sort=nearest] or @e[type=!player]',
    usage: '/kill selector',
    op: true,
    action(args: string) {
      const sel = parseSelector(args.trim());
      if (!sel) throw new UserError('Only @e[...] selectors are supported by this test server');
      const candidates = Object.values(server.entities).filter((e) => {
        if (e.type === 'player') return false;
        const type = e.name ?? '';
        if (sel.tag && !((e as SquidEntity & { tags?: string[] }).tags ?? []).includes(sel.tag)) return false;
        if (sel.type && (sel.type.startsWith('!') ? type === stripNs(sel.type.slice(1)) : type !== stripNs(sel.type))) return false;
        if (sel.center && sel.distance !== undefined) {
          const dx = e.position.x - sel.center.x;
          const dy = e.position.y - sel.center.y;
          const dz = e.position.z - sel.center.z;
          if (Math.sqrt(dx * dx + dy * dy + dz * dz) > sel.distance) return false;
        }
        return true;
      });
      const center = sel.center;
      if (center) candidates.sort((a, b) => dist2(a.position, center) - dist2(b.position, center));
      for (const e of candidates.slice(0, sel.limit ?? candidates.length)) removeForClients(server, e);
    },
  });

  // Rules and private messages have no effect on this server; accept them so the backend sees no error.
  server.commands.add({ base: 'gamerule', info: 'vanilla /gamerule (accepted, ignored)', usage: '/gamerule rule value', op: true, action: () => undefined });
  server.commands.add({
    base: 'tellraw',
    info: 'vanilla /tellraw <player> <json>',
    usage: '/tellraw player json',
    op: true,
    action(args: string) {
      const space = args.indexOf(' ');
      const target = args.slice(0, space);
      let text = args.slice(space + 1);
      try {
        const parsed = JSON.parse(text) as { text?: string } | string;
        text = typeof parsed === 'string' ? parsed : (parsed.text ?? '');
      } catch {
        // plain text is fine
      }
      for (const player of server.getPlayers(target)) player.chat(text);
    },
  });
}

interface Selector { type?: string; tag?: string; center?: { x: number; y: number; z: number }; distance?: number; limit?: number }

function parseSelector(s: string): Selector | null {
  const m = /^@e(?:\[(.*)\])?$/.exec(s);
  if (!m) return null;
  const out: Selector = {};
  const kv: Record<string, string> = {};
  for (const part of (m[1] ?? '').split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    if (k && v !== undefined) kv[k.trim()] = v.trim();
  }
  if (kv.type) out.type = kv.type;
  if (kv.tag) out.tag = kv.tag;
  if (kv.x !== undefined && kv.y !== undefined && kv.z !== undefined) out.center = { x: Number(kv.x), y: Number(kv.y), z: Number(kv.z) };
  if (kv.distance) out.distance = Number(kv.distance.replace('..', ''));
  if (kv.limit) out.limit = Number(kv.limit);
  return out;
}

const dist2 = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }): number =>
  (a.x - b.x) ** 2 + (a.y - b.y) ** 2 + (a.z - b.z) ** 2;
