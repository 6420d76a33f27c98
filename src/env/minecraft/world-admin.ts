/**
 * The privileged WorldAdmin on a real server: every change is a vanilla command sent over the
 * orchestrator's own operator connection, never an agent's. The WorldAdmin contract is
 * synchronous while a server answers later, so:
 * - writes (setBlock, fill, summon, give, …) are sent at once and take effect when the server
 *   processes them; `barrier()` waits until the server has processed everything sent so far;
 * - reads come from what the orchestrator's bot (blocks, entities) and the agents' bots (players)
 *   currently see: blocks outside every bot's loaded chunks read as `unknown`;
 * - summon cannot know the server's entity id yet, so it returns handles (negative numbers) that
 *   `entities()`, `remove()` and backend events use consistently once the orchestrator sees the
 *   mob appear; each summoned mob also carries the tag `gc_<handle>` on the server;
 * - chest contents are what an agent saw when it last opened the chest, or what was set here
 *   (a server never sends chest contents unasked).
 */
import type { Bot } from 'mineflayer';
import type { Entity } from 'prismarine-entity';
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { AdminEntityInfo, AdminPlayerInfo, BossOptions, WorldAdmin } from '../world-admin.js';
import type { WorldEvent } from '../../core/world-event.js';
import { effectNameOf } from './body-events.js';
import { distance, plain, round1, round2, toVec3 } from './bot-geometry.js';
import * as cmd from './commands.js';
import { healthMetadataIndex, livingHealth } from './entity-health.js';
import type { MessageHub } from './messaging.js';
import { entityTypeName } from './entities.js';
import { chestKey, type ChestMemory } from './skills/context.js';
import type { ScenarioItem } from '../scenario.js';

export interface AdminAgentView {
  bot: Bot;
  deaths: number;
  maxHealth: number;
}

export interface AdminDeps {
  orchestrator: Bot;
  orchestratorName: string;
  tick(): number;
  agents(): ReadonlyMap<string, AdminAgentView>;
  hub(): MessageHub | null;
  chests: ChestMemory;
  emit(event: WorldEvent): void;
  /** Told of an entity the admin removes (a server id): its death is a removal, not a kill. */
  removing?(serverId: number): void;
  commandTimeoutMs: number;
}

interface Summoned {
  handle: number;
  type: string;
  pos: Vec3;
  tags: string[];
  realId: number | null;
  issuedAt: number;
}

const ERROR_LINE = /unknown|incorrect|not found|invalid|error|usage|expected|no entity|permission|cannot/i;

export class MinecraftWorldAdmin implements WorldAdmin {
  private nextHandle = -1;
  private readonly summoned = new Map<number, Summoned>();
  private readonly byRealId = new Map<number, Summoned>();
  private barrierSeq = 0;
  private readonly waiters = new Map<string, () => void>();
  private readonly detach: (() => void)[] = [];
  /** Commands sent since reset (for reports). */
  commandsSent = 0;

  constructor(private readonly deps: AdminDeps) {
    const bot = deps.orchestrator;
    const onMessage = (text: string): void => {
      for (const [token, resolve] of this.waiters) {
        if (text.includes(token)) {
          this.waiters.delete(token);
          resolve();
          return;
        }
      }
      if (ERROR_LINE.test(text)) deps.emit({ type: 'backend_warning', tick: deps.tick(), code: 'admin_command_error', message: text });
    };
    const onSpawn = (e: Entity): void => this.claim(e);
    // A mob's death animation lasts a second before the server removes it; it is dead already.
    const onDead = (e: Entity): void => {
      this.dead.add(e.id);
    };
    const onGone = (e: Entity): void => {
      const s = this.byRealId.get(e.id);
      deps.emit({ type: 'entity_despawned', tick: deps.tick(), entity: s ? s.handle : e.id, entityType: entityTypeName(e) });
    };
    bot.on('messagestr', onMessage);
    bot.on('entitySpawn', onSpawn);
    bot.on('entityGone', onGone);
    bot.on('entityDead', onDead);
    this.detach.push(() => bot.off('entityDead', onDead));
    this.detach.push(() => bot.off('messagestr', onMessage), () => bot.off('entitySpawn', onSpawn), () => bot.off('entityGone', onGone));
  }

  get tick(): number {
    return this.deps.tick();
  }

  /** Sends one command line (without the slash) over the operator connection. */
  command(line: string): void {
    this.commandsSent++;
    this.deps.orchestrator.chat(`/${line}`);
  }

  private syncedAt = 0;
  private readonly dead = new Set<number>();

  /**
   * Makes earlier admin calls visible before agents act again (the sim applies them at once): waits
   * for the server to process the commands sent since the last sync and for summoned mobs to appear.
   */
  async sync(summonTimeoutMs = 1000): Promise<void> {
    if (this.commandsSent === this.syncedAt) return;
    await this.barrier();
    this.syncedAt = this.commandsSent;
    const deadline = performance.now() + summonTimeoutMs;
    const fresh = (s: Summoned): boolean => this.deps.tick() - s.issuedAt < 40;
    const pending = (): boolean => {
      for (const s of this.summoned.values()) {
        if (!fresh(s)) continue;
        if (s.realId === null) return true;
        // Every agent near the mob must have been told about it too (each bot has its own connection).
        for (const a of this.deps.agents().values()) {
          if (distance(a.bot.entity.position, s.pos) > 48) continue;
          if (!Object.values(a.bot.entities).some((e) => entityTypeName(e) === s.type && distance(e.position, s.pos) < 4)) return true;
        }
      }
      return false;
    };
    while (pending() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Resolves once the server has processed every command sent before it (false on timeout). */
  barrier(timeoutMs = this.deps.commandTimeoutMs): Promise<boolean> {
    const token = `gc-barrier-${++this.barrierSeq}-${this.deps.tick()}`;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(token);
        this.deps.emit({ type: 'backend_warning', tick: this.deps.tick(), code: 'admin_barrier_timeout', message: `the server did not answer the admin barrier within ${timeoutMs} ms` });
        resolve(false);
      }, timeoutMs);
      this.waiters.set(token, () => {
        clearTimeout(timer);
        resolve(true);
      });
      this.command(cmd.tellrawCommand(this.deps.orchestratorName, token));
      this.syncedAt = this.commandsSent;
    });
  }

  close(): void {
    for (const d of this.detach.splice(0)) d();
    this.waiters.clear();
  }

  blockAt(pos: Vec3): string {
    const v = toVec3({ x: Math.floor(pos.x), y: Math.floor(pos.y), z: Math.floor(pos.z) });
    const own = this.deps.orchestrator.blockAt(v);
    if (own) return own.name;
    for (const a of this.deps.agents().values()) {
      const b = a.bot.blockAt(v);
      if (b) return b.name;
    }
    return 'unknown';
  }

  setBlock(pos: Vec3, block: string): void {
    this.command(cmd.setblockCommand(pos, block));
  }

  /** Returns how many blocks differ from `block` in the current view (unknown ones count as changing). */
  fill(from: Vec3, to: Vec3, block: string, options: { onlyReplace?: string[] } = {}): number {
    const lines = cmd.fillCommands(from, to, block, options.onlyReplace);
    let changed = 0;
    const bare = block.replace(/^minecraft:/, '');
    const only = options.onlyReplace?.map((r) => r.replace(/^minecraft:/, ''));
    for (let x = Math.min(from.x, to.x); x <= Math.max(from.x, to.x); x++) {
      for (let y = Math.min(from.y, to.y); y <= Math.max(from.y, to.y); y++) {
        for (let z = Math.min(from.z, to.z); z <= Math.max(from.z, to.z); z++) {
          const now = this.blockAt({ x, y, z });
          if (now !== bare && (!only || only.includes(now))) changed++;
        }
      }
    }
    for (const line of lines) this.command(line);
    return changed;
  }

  summon(type: string, pos: Vec3, options: { count?: number; persistent?: boolean; tags?: string[]; health?: number } = {}): number[] {
    const handles: number[] = [];
    for (let i = 0; i < (options.count ?? 1); i++) handles.push(this.summonOne(type, pos, { persistent: options.persistent ?? true, tags: options.tags ?? [], ...(options.health !== undefined ? { health: options.health } : {}) }));
    return handles;
  }

  spawnBoss(o: BossOptions): number {
    // Health beyond the mob's default needs its max_health attribute; vanilla reads it from the NBT.
    return this.summonOne(o.type, o.pos, { persistent: true, tags: ['boss'], health: o.health, ...(o.name ? { customName: o.name } : {}) });
  }

  private summonOne(type: string, pos: Vec3, nbt: cmd.SummonNbt & { tags: string[] }): number {
    const handle = this.nextHandle--;
    const tags = [...nbt.tags, `gc_${-handle}`];
    this.command(cmd.summonCommand(type, pos, { ...nbt, tags }));
    this.summoned.set(handle, { handle, type: type.replace(/^minecraft:/, ''), pos: { ...pos }, tags, realId: null, issuedAt: this.deps.tick() });
    return handle;
  }

  /** Pairs a newly seen entity with the oldest unclaimed summon of its type near its position. */
  private claim(e: Entity): void {
    const type = entityTypeName(e);
    let best: Summoned | null = null;
    for (const s of this.summoned.values()) {
      if (s.realId !== null || s.type !== type || distance(s.pos, e.position) > 3) continue;
      if (!best || s.issuedAt < best.issuedAt || (s.issuedAt === best.issuedAt && s.handle > best.handle)) best = s;
    }
    if (!best) return;
    best.realId = e.id;
    this.byRealId.set(e.id, best);
    this.deps.emit({ type: 'entity_spawned', tick: this.deps.tick(), entity: best.handle, kind: 'mob', entityType: type, pos: plain(e.position) });
  }

  /** The admin id of a server entity: its summon handle, or the server id for anything else. */
  idOf(serverId: number): number {
    return this.byRealId.get(serverId)?.handle ?? serverId;
  }

  /** The server entity id behind an admin id (a handle or a real id). */
  resolve(id: number): number | null {
    if (id >= 0) return id;
    return this.summoned.get(id)?.realId ?? null;
  }

  remove(entityId: number): void {
    const s = this.summoned.get(entityId) ?? this.byRealId.get(entityId);
    if (s) {
      if (s.realId !== null) this.deps.removing?.(s.realId);
      this.command(`kill @e[tag=gc_${-s.handle}]`);
      return;
    }
    for (const [name, a] of this.deps.agents()) {
      if (a.bot.entity?.id === entityId) throw new InputError(`entity ${entityId} is the player ${name}`, 'remove agents through the env (removeAgent), not the admin');
    }
    const e = this.deps.orchestrator.entities[entityId];
    if (!e) throw new InputError(`no entity with id ${entityId} is in sight of the orchestrator`, 'use an id from admin.entities() or summon()');
    this.deps.removing?.(e.id);
    this.command(cmd.killNearestCommand(entityTypeName(e), plain(e.position)));
  }

  entities(filter: { type?: string; tag?: string } = {}): AdminEntityInfo[] {
    const bot = this.deps.orchestrator;
    const index = healthMetadataIndex(bot);
    const out: AdminEntityInfo[] = [];
    // Agents are players with their bots' server ids, as in the sim (EpisodeLog.prime names them by these).
    if ((filter.type === undefined || filter.type === 'player') && filter.tag === undefined) {
      for (const [name, a] of this.deps.agents()) {
        if (!a.bot.entity) continue;
        const p = a.bot.entity.position;
        out.push({ id: a.bot.entity.id, type: 'player', name, pos: { x: round2(p.x), y: round2(p.y), z: round2(p.z) }, health: round1(a.bot.health), maxHealth: a.maxHealth, ...(a.bot.health <= 0 ? { dead: true } : {}) });
      }
    }
    for (const e of Object.values(bot.entities)) {
      if (e === bot.entity || e.type === 'player' || !e.position) continue;
      const type = entityTypeName(e);
      const s = this.byRealId.get(e.id);
      if (filter.type !== undefined && type !== filter.type) continue;
      if (filter.tag !== undefined && !s?.tags.includes(filter.tag)) continue;
      const info: AdminEntityInfo = { id: s ? s.handle : e.id, type, pos: { x: round2(e.position.x), y: round2(e.position.y), z: round2(e.position.z) } };
      const health = livingHealth(e, index);
      if (health !== null) info.health = round1(health);
      if (s) info.tags = [...s.tags];
      if (this.dead.has(e.id) || (health !== null && health <= 0)) info.dead = true;
      out.push(info);
    }
    // Summoned mobs no longer in sight were killed or removed: report them dead so evaluators can tell.
    for (const s of this.summoned.values()) {
      if (s.realId === null || bot.entities[s.realId]) continue;
      if (filter.type !== undefined && s.type !== filter.type) continue;
      if (filter.tag !== undefined && !s.tags.includes(filter.tag)) continue;
      out.push({ id: s.handle, type: s.type, pos: s.pos, tags: [...s.tags], dead: true });
    }
    return out.sort((a, b) => a.id - b.id);
  }

  players(): AdminPlayerInfo[] {
    const out: AdminPlayerInfo[] = [];
    for (const [name, a] of this.deps.agents()) {
      const inventory: Record<string, number> = {};
      for (const item of a.bot.inventory.items()) inventory[item.name] = (inventory[item.name] ?? 0) + item.count;
      const effects = Object.values((a.bot.entity as unknown as { effects?: Record<string, { id: number }> }).effects ?? {}).map((e) => effectNameOf(a.bot, e.id));
      const p = a.bot.entity.position;
      out.push({ name, pos: { x: round2(p.x), y: round2(p.y), z: round2(p.z) }, alive: a.bot.health > 0, health: round1(a.bot.health), food: a.bot.food, inventory, effects, deaths: a.deaths });
    }
    return out;
  }

  give(player: string, item: string, count: number): void {
    this.command(cmd.giveCommand(player, item, count));
  }

  clearInventory(player: string): void {
    this.command(cmd.clearCommand(player));
  }

  effect(player: string, effect: string, durationTicks: number | null, amplifier = 0): void {
    this.command(cmd.effectCommand(player, effect, durationTicks, amplifier));
  }

  teleport(player: string, pos: Vec3): void {
    this.command(cmd.teleportCommand(player, pos));
  }

  setTime(timeOfDay: number): void {
    this.command(cmd.timeCommand(timeOfDay));
  }

  setGamerule(rule: string, value: boolean): void {
    this.command(cmd.gameruleCommand(rule, value));
  }

  broadcast(message: string): void {
    this.deps.hub()?.broadcast(message);
    this.deps.emit({ type: 'chat', tick: this.deps.tick(), from: null, name: 'server', message, pos: null, channel: null });
    this.command(cmd.tellrawCommand('@a', message));
  }

  chestContents(pos: Vec3): Record<string, number> | null {
    const known = this.deps.chests.get(chestKey(blockOf(pos)));
    if (known) return { ...known };
    return /chest|barrel/.test(this.blockAt(pos)) ? {} : null;
  }

  setChestContents(pos: Vec3, items: ScenarioItem[]): void {
    const b = blockOf(pos);
    if (!/chest/.test(this.blockAt(b))) this.command(cmd.setblockCommand(b, 'chest'));
    this.command(cmd.chestItemsCommand(b, items));
    const counts: Record<string, number> = {};
    for (const it of items) counts[it.name] = (counts[it.name] ?? 0) + it.count;
    this.deps.chests.set(chestKey(b), counts);
  }
}

const blockOf = (p: Vec3): Vec3 => ({ x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) });
