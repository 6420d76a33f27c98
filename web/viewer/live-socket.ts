/**
 * An episode over the viewer WebSocket: the server's messages turned into the page's picture (chunks, block changes,
 * entities rebuilt from quantised deltas, timeline records, the tick), and the page's own messages (chunk requests,
 * joining, the held controls, skills, chat, sync steps) sent typed. A live episode streams all of it; a recorded one
 * answers the page's chunk requests only (its state comes from the REST routes).
 */
import type { AgentState, Chunk, ClientMessage, ContainerState, EpisodeMeta, EpisodeOutcome, MobState, ServerMessage, BlockChange, ItemState, TimelineItem } from '../../src/server/viewer/protocol.js';

/** The protocol's quantisation (ENTITY_POSITION_SCALE, ENTITY_ANGLE_SCALE, *_MOVE_STRIDE): types only come from src. */
const POS = 100;
const ANGLE = 10;
const AGENT_STRIDE = 6;
const MOB_STRIDE = 4;

export interface LiveHandlers {
  hello(meta: EpisodeMeta): void;
  /** Chunks as they are at `tick` (a recorded episode's answer names the tick asked for). */
  chunks(chunks: readonly Chunk[], tick: number): void;
  blocks(changes: readonly BlockChange[]): void;
  /** Every chest the run recorded, with its contents now. */
  containers(containers: readonly ContainerState[]): void;
  entities(agents: readonly AgentState[], mobs: readonly MobState[], items: readonly ItemState[]): void;
  records(items: readonly TimelineItem[]): void;
  tick(tick: number): void;
  end(tick: number, outcome: EpisodeOutcome): void;
  joined(agent: string, mode: 'sync' | 'async'): void;
  yourTurn(agent: string, tick: number): void;
  error(message: string): void;
}

export class LiveSocket {
  private readonly ws: WebSocket;
  private names: string[] = [];
  /** Agents and mobs in the wire's integer units, so deltas add up exactly as the server's did. */
  private readonly agentQ = new Map<string, { state: AgentState; q: [number, number, number, number, number] }>();
  private readonly mobQ = new Map<number, { state: MobState; q: [number, number, number] }>();
  private readonly items = new Map<number, ItemState>();
  /** Bytes received, for the status line. */
  bytes = 0;

  constructor(url: string, private readonly on: LiveHandlers) {
    this.ws = new WebSocket(url);
    this.ws.addEventListener('message', (e) => {
      const text = String(e.data);
      this.bytes += text.length;
      this.handle(JSON.parse(text) as ServerMessage);
    });
    this.ws.addEventListener('close', () => on.error('the live connection closed'));
  }

  send(msg: ClientMessage): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  close(): void {
    this.ws.close();
  }

  private setAgent(a: AgentState): void {
    this.agentQ.set(a.name, { state: { ...a }, q: [Math.round(a.x * POS), Math.round(a.y * POS), Math.round(a.z * POS), Math.round(a.yaw * ANGLE), Math.round(a.pitch * ANGLE)] });
  }

  private setMob(m: MobState): void {
    this.mobQ.set(m.id, { state: { ...m }, q: [Math.round(m.x * POS), Math.round(m.y * POS), Math.round(m.z * POS)] });
  }

  private handle(msg: ServerMessage): void {
    switch (msg.type) {
      case 'hello':
        this.names = msg.meta.episode.names;
        this.on.hello(msg.meta);
        return;
      case 'chunks':
        this.on.chunks(msg.chunks, msg.tick);
        return;
      case 'blockDeltas':
        this.on.blocks(msg.changes);
        return;
      case 'entities': {
        if (msg.full) {
          this.agentQ.clear();
          this.mobQ.clear();
          this.items.clear();
        }
        for (const a of msg.agents) this.setAgent(a);
        for (const m of msg.mobs) this.setMob(m);
        for (const it of msg.items) this.items.set(it.id, it);
        for (let i = 0; i + AGENT_STRIDE <= msg.agentMoves.length; i += AGENT_STRIDE) {
          const entry = this.agentQ.get(this.names[msg.agentMoves[i]!] ?? '');
          if (!entry) continue;
          for (let k = 0; k < 5; k++) entry.q[k] = entry.q[k]! + msg.agentMoves[i + 1 + k]!;
          Object.assign(entry.state, { x: entry.q[0] / POS, y: entry.q[1] / POS, z: entry.q[2] / POS, yaw: entry.q[3] / ANGLE, pitch: entry.q[4] / ANGLE });
        }
        for (let i = 0; i + MOB_STRIDE <= msg.mobMoves.length; i += MOB_STRIDE) {
          const entry = this.mobQ.get(msg.mobMoves[i]!);
          if (!entry) continue;
          for (let k = 0; k < 3; k++) entry.q[k] = entry.q[k]! + msg.mobMoves[i + 1 + k]!;
          Object.assign(entry.state, { x: entry.q[0] / POS, y: entry.q[1] / POS, z: entry.q[2] / POS });
        }
        for (const id of msg.gone.mobs) this.mobQ.delete(id);
        for (const id of msg.gone.items) this.items.delete(id);
        this.on.entities([...this.agentQ.values()].map((e) => e.state), [...this.mobQ.values()].map((e) => e.state), [...this.items.values()]);
        this.on.tick(msg.tick);
        return;
      }
      case 'containers':
        this.on.containers(msg.containers);
        return;
      case 'records':
        this.on.records(msg.items);
        return;
      case 'tick':
        this.on.tick(msg.tick);
        return;
      case 'end':
        this.on.end(msg.tick, msg.outcome);
        return;
      case 'joined':
        this.on.joined(msg.agent, msg.mode);
        return;
      case 'yourTurn':
        this.on.yourTurn(msg.agent, msg.tick);
        return;
      case 'error':
        this.on.error(`${msg.message}${msg.hint ? ` (${msg.hint})` : ''} [${msg.fault}]`);
        return;
    }
  }
}
