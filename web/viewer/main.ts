/**
 * The viewer page (/viewer?episode=<id>): one episode, recorded or live, in a 3D view or a 2D map, with time controls,
 * the senses overlay and the side panels. A recorded episode's picture at a tick comes from the server's state route
 * (one request in flight; a newer wanted tick replaces an older one); a live one streams over the socket.
 *
 * What the tests and the status line read: `#tick` the tick shown, `body[data-shown-tick]` the tick whose state is
 * drawn, `#followed` the selected agent's position, `#overlay-count` the senses overlay's block and chest counts,
 * `body[data-camera-chunk]` the chunk the camera is over and `body[data-chunks]` the chunks held (both as the chunk
 * loader last looked, every REQUEST_EVERY_MS).
 */
import * as THREE from 'three';
import type { AgentState, ContainerState, EpisodeMeta, ItemState, MobState, TimelineItem } from '../../src/server/viewer/protocol.js';
import type { AtlasLayout } from '../../src/server/viewer/texture-atlas.js';
import type { SkillName } from '../../src/skills/catalog.js';
import { byId, clear, el } from '../shared/dom.js';
import { loadAtlasImage, viewerApi } from './api.js';
import { BlockWorld, chunkKey } from './block-world.js';
import { CameraRig, type CameraMode } from './camera-rig.js';
import { ChestLabels } from './chest-labels.js';
import { CONTAINER_BLOCKS, chestCentre, shownChests, type ShownChest } from './chests.js';
import { joinDoubleChests } from './double-chests.js';
import { ChunkLoader } from './chunk-loader.js';
import { meshChunk } from './chunk-mesher.js';
import { EntityLayer } from './figures.js';
import { AutoStep } from './auto-step.js';
import { HumanControls } from './human-controls.js';
import { LiveSocket } from './live-socket.js';
import { Map2d } from './map-2d.js';
import { ChatPanel } from './panels/chat-panel.js';
import { ChestsPanel } from './panels/chests-panel.js';
import { EventsPanel } from './panels/events-panel.js';
import { LlmPanel } from './panels/llm-panel.js';
import type { Panel } from './panels/panel.js';
import { latestSpans } from './latest-spans.js';
import { ScorePanel } from './panels/score-panel.js';
import { TimelinePanel } from './panels/timeline-panel.js';
import { Playback, SPEEDS } from './playback.js';
import { SceneView } from './scene-view.js';
import { SensesOverlay } from './senses-overlay.js';

/** The skill palette of a seated human (names checked against the skill catalog's type). */
const PALETTE_SKILLS = ['moveTo', 'mineBlocks', 'collect', 'craft', 'smelt', 'place', 'attack', 'eat', 'give', 'equip', 'depositToChest', 'getFromChest', 'useItem', 'say', 'wait'] as const satisfies readonly SkillName[];

/** Chunks meshed again per frame after a neighbour arrived. */
const EDGE_REMESH_PER_FRAME = 2;
/** Least time between two state requests while playing (ms). */
const PLAY_REQUEST_MS = 150;
/** Least time between two redraws of the shown panel while playing (ms): a 1,000-agent timeline is a big redraw. */
const PANEL_REFRESH_MS = 250;

const errorBox = byId('error');
function showError(message: string): void {
  errorBox.textContent = message;
  errorBox.hidden = false;
}

/** Everything the page holds for the open episode. */
class Viewer {
  readonly world = new BlockWorld();
  readonly view: SceneView;
  readonly entities: EntityLayer;
  readonly camera: CameraRig;
  readonly map: Map2d;
  readonly overlay: SensesOverlay;
  readonly playback: Playback;
  readonly panels: Panel[];
  readonly chestsPanel: ChestsPanel;
  readonly chestLabels = new ChestLabels();
  /** The chests the server listed for the tick drawn (recorded contents). */
  private containers: readonly ContainerState[] = [];
  /** The chests shown at the tick drawn (panel, labels, map markers). */
  private chests: readonly ShownChest[] = [];
  items: TimelineItem[] = [];
  mobs: MobState[] = [];
  selected: string | null;
  live: LiveSocket | null = null;
  /** Asks for the chunks around the camera (set once the episode's socket is open). */
  loader: ChunkLoader | null = null;
  private activePanel = 0;
  private wantedTick = -1;
  private loading = false;
  private lastRequestAt = 0;
  /** Chunks to mesh again because a neighbour arrived after them. */
  private readonly edgeRemesh = new Set<string>();
  /** Chunks whose blocks changed while the 2D map was shown, meshed when the 3D view is shown again. */
  private readonly unmeshed = new Set<string>();
  /** Per panel: the tick it shows, and whether the timeline's items changed since it was drawn. */
  private readonly panelTicks: number[] = [];
  private readonly stalePanels = new Set<number>();
  private panelDrawnAt = 0;
  private timelineItems: TimelineItem[] = [];
  private overlayKey = '';

  constructor(readonly id: string, public meta: EpisodeMeta, layout: AtlasLayout, atlas: HTMLImageElement) {
    this.view = new SceneView(byId('view3d', HTMLCanvasElement), layout, atlas);
    this.entities = new EntityLayer(this.view.entities, layout);
    this.camera = new CameraRig(this.view.camera, this.view.canvas);
    this.map = new Map2d(byId('map2d', HTMLCanvasElement), this.world, layout);
    this.overlay = new SensesOverlay(this.view.overlay);
    this.playback = new Playback(meta.firstTick, meta.lastTick, meta.ticksPerSecond);
    this.selected = meta.episode.names[0] ?? null;
    this.view.scene.add(this.chestLabels.group);
    this.chestsPanel = new ChestsPanel(
      (c) => this.pointAtChest(c),
      () => (this.selected ? (this.entities.agents.get(this.selected) ?? null) : null),
    );
    this.panels = [
      new TimelinePanel(() => this.meta.episode.names, () => this.playback.lastTick),
      new ChatPanel(() => this.meta.org),
      new LlmPanel(),
      new ScorePanel(() => this.playback.lastTick),
      new EventsPanel((pos) => {
        this.setCamera('free');
        this.camera.overlook(new THREE.Vector3(pos.x, pos.y, pos.z), 16);
      }),
      this.chestsPanel,
    ];
    this.buildControls();
  }

  private buildControls(): void {
    const speed = byId('speed', HTMLSelectElement);
    for (const s of SPEEDS) speed.append(el('option', { value: String(s), text: `${s}×`, ...(s === 1 ? { selected: 'selected' } : {}) }));
    speed.addEventListener('change', () => (this.playback.speed = Number(speed.value)));
    const play = byId('play', HTMLButtonElement);
    play.addEventListener('click', () => {
      if (this.playback.tick >= this.playback.lastTick) this.playback.seek(this.playback.firstTick);
      this.playback.playing = !this.playback.playing;
    });
    const scrubber = byId('scrubber', HTMLInputElement);
    scrubber.min = String(this.meta.firstTick);
    scrubber.max = String(this.meta.lastTick);
    scrubber.addEventListener('input', () => {
      this.playback.seek(Number(scrubber.value));
      this.showTick();
    });
    const agent = byId('agent', HTMLSelectElement);
    this.fillAgents();
    agent.addEventListener('change', () => {
      this.selected = agent.value || null;
      this.redrawOverlay();
    });
    const cameraMode = byId('camera-mode', HTMLSelectElement);
    cameraMode.addEventListener('change', () => this.setCamera(cameraMode.value as CameraMode));
    const viewMode = byId('view-mode', HTMLSelectElement);
    viewMode.addEventListener('change', () => {
      const twoD = viewMode.value === '2d';
      byId('map2d').hidden = !twoD;
      this.view.canvas.hidden = twoD;
      const a = this.selected ? this.entities.agents.get(this.selected) : undefined;
      if (twoD && a) {
        this.map.centerX = a.x;
        this.map.centerZ = a.z;
      }
      if (!twoD) {
        this.view.resize();
        const pending = [...this.unmeshed];
        this.unmeshed.clear();
        this.remesh(pending);
      }
    });
    byId('senses', HTMLInputElement).addEventListener('change', () => this.redrawOverlay());
    const tabs = byId('tabs');
    this.panels.forEach((p, i) => {
      const b = el('button', { type: 'button', text: p.title, 'data-panel': p.title, 'aria-selected': String(i === 0) });
      b.addEventListener('click', () => this.showPanel(i));
      tabs.append(b);
    });
    byId('panel').append(this.panels[0]!.element);
    window.addEventListener('resize', () => this.view.resize());
    // A click on the view (not a drag to look around) on a chest picks it: its contents show in the Chests panel.
    let down: { x: number; y: number } | null = null;
    this.view.canvas.addEventListener('mousedown', (e) => (down = { x: e.clientX, y: e.clientY }));
    this.view.canvas.addEventListener('click', (e) => {
      if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4 || document.pointerLockElement) return;
      const r = this.view.canvas.getBoundingClientRect();
      const chest = this.chestLabels.pick(this.view.camera, { x: ((e.clientX - r.left) / r.width) * 2 - 1, y: -((e.clientY - r.top) / r.height) * 2 + 1 });
      if (chest) this.pickChest(chest.key);
    });
  }

  /** Shows side panel `i` (its tab marked). */
  showPanel(i: number): void {
    this.activePanel = i;
    const tabs = byId('tabs');
    [...tabs.children].forEach((t, k) => t.setAttribute('aria-selected', String(k === i)));
    clear(byId('panel')).append(this.panels[i]!.element);
    this.refreshPanel(true);
  }

  /** Marks a chest (its label and its row) and shows the Chests panel. */
  pickChest(key: string): void {
    this.chestsPanel.selected = key;
    this.refreshChests();
    this.showPanel(this.panels.indexOf(this.chestsPanel));
  }

  private pointAtChest(c: ShownChest): void {
    this.setCamera('free');
    const at = chestCentre(c);
    this.camera.overlook(new THREE.Vector3(at.x, at.y + 0.5, at.z), 8);
    this.refreshChests();
  }

  /** The chests the server listed at the tick drawn. */
  setContainers(containers: readonly ContainerState[]): void {
    this.containers = containers;
    this.refreshChests();
  }

  /** Redraws the chests (labels now, the panel when next shown): after new contents or new chunks. */
  refreshChests(): void {
    const chests = joinDoubleChests(shownChests(this.containers, this.world));
    this.chests = chests;
    this.chestsPanel.setChests(chests);
    this.chestLabels.sync(chests, this.chestsPanel.selected);
    this.stalePanels.add(this.panels.indexOf(this.chestsPanel));
  }

  fillAgents(): void {
    const agent = byId('agent', HTMLSelectElement);
    clear(agent);
    for (const n of this.meta.episode.names) agent.append(el('option', { value: n, text: n, ...(n === this.selected ? { selected: 'selected' } : {}) }));
  }

  setCamera(mode: CameraMode): void {
    this.camera.mode = mode;
    byId('camera-mode', HTMLSelectElement).value = mode;
  }

  /** The timeline so far: the shown panel takes it on its next refresh, a hidden one when it is shown. */
  setItems(items: TimelineItem[]): void {
    this.items = latestSpans(items);
    this.timelineItems = items;
    this.panels.forEach((_, i) => this.stalePanels.add(i));
  }

  /**
   * Brings the shown panel up to the timeline and the tick. Only the shown one is drawn (a hidden panel catches up when
   * its tab is clicked), and while playing at most every PANEL_REFRESH_MS: redrawing every panel on every frame made a
   * 1,000-agent episode's frames take hundreds of milliseconds.
   */
  private refreshPanel(now: boolean): void {
    const i = this.activePanel;
    const tick = this.playback.tick;
    const stale = this.stalePanels.has(i);
    if (!stale && this.panelTicks[i] === tick) return;
    if (!now && this.playback.playing && performance.now() - this.panelDrawnAt < PANEL_REFRESH_MS) return;
    const panel = this.panels[i]!;
    if (stale) {
      this.stalePanels.delete(i);
      panel.setItems(this.timelineItems);
    }
    panel.showTick(tick);
    this.panelTicks[i] = tick;
    this.panelDrawnAt = performance.now();
  }

  /** Meshes the chunks whose blocks changed (and drops their 2D map tiles). */
  remesh(keys: Iterable<string>): void {
    const list = [...keys];
    // While the 2D map is shown the 3D meshes are not drawn: they are made when the 3D view comes back, so a crowd's
    // map does not pay for meshing every chunk its agents walk into.
    if (this.view.canvas.hidden) for (const k of list) this.unmeshed.add(k);
    else {
      for (const k of list) {
        const c = this.world.chunks.get(k);
        if (c) this.view.setChunk(k, meshChunk(this.world, c, this.view.layout));
        else this.view.removeChunk(k); // dropped by a change outside its rows: asked for again
      }
    }
    this.map.invalidate(list);
  }

  /**
   * Stores chunks and meshes them now; their loaded neighbours are meshed again over the next frames (their edge faces
   * toward the new chunk are now hidden), so a jump shows the new chunks without waiting for the neighbours' cleanup.
   */
  putChunks(chunks: Parameters<BlockWorld['put']>[0][]): void {
    const now = new Set<string>();
    for (const c of chunks) {
      if (!this.world.put(c)) continue;
      now.add(chunkKey(c.cx, c.cz));
      for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const k = chunkKey(c.cx + dx, c.cz + dz);
        if (this.world.chunks.has(k)) this.edgeRemesh.add(k);
      }
    }
    for (const k of now) this.edgeRemesh.delete(k);
    this.remesh(now);
  }

  /** Chunks from the episode's socket (the camera's requests, and a live episode's own): stored, meshed, chests found. */
  socketChunks(chunks: readonly Parameters<BlockWorld['put']>[0][]): void {
    this.loader?.settled(chunks);
    this.putChunks([...chunks]);
    this.refreshChests();
  }

  /** Asks for the chunks around the camera (or the 2D map's centre) and forgets the far ones. */
  private loadAroundCamera(): void {
    if (!this.loader) return;
    const twoD = this.view.canvas.hidden;
    const at = twoD ? { x: this.map.centerX, z: this.map.centerZ } : this.view.camera.position;
    const forget = this.loader.update(performance.now(), at, this.entities.agents.values());
    document.body.dataset.cameraChunk = `${Math.floor(at.x / 16)},${Math.floor(at.z / 16)}`;
    document.body.dataset.chunks = [...this.world.chunks.keys()].join(' ');
    if (forget.length === 0) return;
    for (const k of forget) {
      this.world.remove(k);
      this.view.removeChunk(k);
      this.edgeRemesh.delete(k);
      this.unmeshed.delete(k);
    }
    this.map.invalidate(forget);
    this.refreshChests();
  }

  /** Meshes again a few chunks whose neighbour arrived (EDGE_REMESH_PER_FRAME a frame). */
  private remeshEdges(): void {
    if (this.edgeRemesh.size === 0) return;
    const next = [...this.edgeRemesh].slice(0, EDGE_REMESH_PER_FRAME);
    for (const k of next) this.edgeRemesh.delete(k);
    this.remesh(next);
  }

  setEntities(agents: readonly AgentState[], mobs: readonly MobState[], items: readonly ItemState[]): void {
    const first = this.entities.agents.size === 0;
    this.entities.sync({ agents: [...agents], mobs: [...mobs], items: [...items] });
    this.mobs = [...mobs];
    const a = this.selected ? this.entities.agents.get(this.selected) : undefined;
    byId('followed').textContent = a ? `${a.name} at ${a.x.toFixed(2)}, ${a.y.toFixed(2)}, ${a.z.toFixed(2)}${a.skill ? ` · ${a.skill}` : ''}` : '';
    if (first && a) {
      this.map.centerX = a.x;
      this.map.centerZ = a.z;
    }
  }

  /** Asks for the recorded state at the playback's tick, unless it is drawn or on its way. */
  showTick(): void {
    const tick = this.playback.tick;
    byId('tick').textContent = String(tick);
    byId('scrubber', HTMLInputElement).value = String(tick);
    if (this.live) return;
    this.wantedTick = tick;
    if (!this.loading) void this.loadState();
  }

  private async loadState(): Promise<void> {
    this.loading = true;
    try {
      while (this.wantedTick >= 0 && String(this.wantedTick) !== document.body.dataset.shownTick) {
        // While playing, at most one state request per PLAY_REQUEST_MS: the server's per-address rate limit (600 a
        // minute) must last a whole episode, and the figures glide between the states they get.
        const wait = this.lastRequestAt + PLAY_REQUEST_MS - performance.now();
        if (this.playback.playing && wait > 0) await new Promise((r) => setTimeout(r, wait));
        this.lastRequestAt = performance.now();
        const tick = this.wantedTick;
        // Once a state is drawn, ask for the delta from it: the blocks that changed and only the chunks newly near.
        const held = document.body.dataset.shownTick;
        const state = await viewerApi.state(this.id, tick, held === undefined ? undefined : Number(held));
        this.remesh(this.world.apply(state.changes));
        this.putChunks(state.chunks);
        this.setContainers(state.containers);
        this.setEntities(state.entities.agents, state.entities.mobs, state.entities.items);
        document.body.dataset.shownTick = String(state.tick);
        await this.refreshOverlay(state.tick);
      }
    } catch (e) {
      showError((e as Error).message);
    } finally {
      this.loading = false;
    }
  }

  /** Draws the overlay again for the tick on screen (the agent or the switch changed). */
  private redrawOverlay(): void {
    const drawn = document.body.dataset.shownTick;
    this.refreshOverlay(drawn === undefined ? this.playback.tick : Number(drawn)).catch((e: Error) => showError(e.message));
  }

  /** Fetches and draws the selected agent's senses at `tick` when the overlay is on. */
  async refreshOverlay(tick: number): Promise<void> {
    const on = byId('senses', HTMLInputElement).checked && this.selected !== null;
    const key = on ? `${this.selected}@${tick}` : '';
    if (key === this.overlayKey) return;
    this.overlayKey = key;
    if (!on) {
      this.overlay.clear();
      byId('overlay-count').textContent = '';
      return;
    }
    const senses = await viewerApi.senses(this.id, this.selected!, tick);
    this.overlay.show(senses);
    const chests = senses.blocks.filter((b) => CONTAINER_BLOCKS.has(b.name)).length;
    byId('overlay-count').textContent = `${senses.blocks.length} blocks (${chests} ${chests === 1 ? 'chest' : 'chests'}), ${senses.entities.length} entities sensed`;
    byId('overlay-count').dataset.blocks = String(senses.blocks.length);
    byId('overlay-count').dataset.chests = String(chests);
  }

  /** One animation frame: advance the clock, follow the agent, draw the visible view, update the panel. */
  frame(dt: number): void {
    if (this.playback.advance(dt)) this.showTick();
    this.loadAroundCamera();
    this.remeshEdges();
    byId('play').textContent = this.playback.playing ? 'Pause' : 'Play';
    const agent = this.selected ? this.entities.agents.get(this.selected) : undefined;
    if (!this.view.canvas.hidden) {
      this.camera.update(dt, agent);
      this.entities.animate(dt);
      this.view.render();
    } else {
      this.map.draw(this.entities.agents.values(), this.mobs, this.chests, this.selected);
      const times = this.map.frameTimes;
      const status = byId('status');
      status.textContent = `map frame ${(times.reduce((s, t) => s + t, 0) / Math.max(1, times.length)).toFixed(1)} ms`;
      // The last draw's time, for bench/viewer-page.ts.
      status.dataset.mapDrawMs = String(times[times.length - 1] ?? '');
    }
    this.refreshPanel(false);
    if (this.live && byId('senses', HTMLInputElement).checked) void this.refreshOverlay(this.playback.tick).catch((e: Error) => showError(e.message));
  }
}

/** Connects a live episode: the socket feeds the world; the clock follows the server's tick. */
function goLive(v: Viewer): void {
  const controls = new HumanControls(v.view.canvas, (m) => v.live?.send(m));
  const autoStep = new AutoStep(() => byId('auto-step', HTMLInputElement).checked, () => v.live?.send({ type: 'step' }));
  v.live = new LiveSocket(viewerApi.socketUrl(v.id), {
    hello: (meta) => {
      v.meta = meta;
      v.fillAgents();
      byId('join').hidden = !meta.joinable;
    },
    chunks: (chunks) => v.socketChunks(chunks),
    blocks: (changes) => v.remesh(v.world.apply(changes)),
    containers: (containers) => v.setContainers(containers),
    entities: (agents, mobs, items) => v.setEntities(agents, mobs, items),
    records: (items) => v.setItems([...v.items, ...items]),
    tick: (tick) => {
      v.playback.lastTick = Math.max(v.playback.lastTick, tick);
      v.playback.seek(tick);
      byId('last-tick').textContent = String(v.playback.lastTick);
      byId('scrubber', HTMLInputElement).max = String(v.playback.lastTick);
      v.showTick();
      document.body.dataset.shownTick = String(tick);
    },
    end: (tick, outcome) => {
      byId('status').textContent = `ended at tick ${tick}: ${outcome.ended}, score ${outcome.score}${outcome.success ? ' (success)' : ''}`;
      controls.stop();
    },
    joined: (agent, mode) => {
      v.selected = agent;
      v.fillAgents();
      v.setCamera('eyes');
      byId('seat').textContent = `you play ${agent} (${mode} mode): WASD walk, mouse look (click the view), left attack, right use`;
      byId('step').hidden = mode !== 'sync';
      byId('leave').hidden = false;
      controls.start();
    },
    yourTurn: (agent, tick) => {
      byId('seat').textContent = `${agent}: your step at tick ${tick}${byId('auto-step', HTMLInputElement).checked ? '' : ' (press Step)'}`;
      autoStep.turn(tick);
    },
    error: (message) => showError(message),
  });
  v.loader = new ChunkLoader(v.world, (at) => v.live?.send({ type: 'chunks', at }));
  byId('join-seat').addEventListener('click', () => v.live?.send({ type: 'join', ...(v.selected ? { agent: v.selected } : {}) }));
  byId('join-extra').addEventListener('click', () => v.live?.send({ type: 'join', name: `human${Math.floor(Math.random() * 1000)}` }));
  byId('leave').addEventListener('click', () => {
    v.live?.send({ type: 'leave' });
    controls.stop();
    autoStep.stop();
    byId('seat').textContent = '';
    byId('leave').hidden = true;
  });
  byId('step').addEventListener('click', () => {
    autoStep.stepped();
    v.live?.send({ type: 'step' });
  });
  byId('auto-step', HTMLInputElement).addEventListener('change', () => autoStep.switched());
  byId('skill-cancel').addEventListener('click', () => v.live?.send({ type: 'cancel' }));
  byId('skill-run').addEventListener('click', () => {
    const name = byId('skill-name', HTMLSelectElement).value;
    const raw = byId('skill-params', HTMLInputElement).value.trim();
    try {
      const params = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      v.live?.send({ type: 'skill', action: { type: 'skill', name, params } });
    } catch {
      showError(`the skill parameters are not JSON: ${raw}`);
    }
  });
  const skills = byId('skill-name', HTMLSelectElement);
  for (const s of PALETTE_SKILLS) skills.append(el('option', { value: s, text: s }));
  byId('chat-form', HTMLFormElement).addEventListener('submit', (e) => {
    e.preventDefault();
    const input = byId('chat-text', HTMLInputElement);
    if (input.value.trim()) v.live?.send({ type: 'chat', text: input.value.trim() });
    input.value = '';
  });
}

/**
 * A recorded episode's socket: only the chunks the camera asks for as it moves, at the tick shown. An answer for a tick
 * the page has left by the time it comes is dropped (and asked again): it would not match the blocks around it.
 */
function loadChunksAsTheCameraMoves(v: Viewer): void {
  const ignore = (): void => undefined;
  const socket = new LiveSocket(viewerApi.socketUrl(v.id), {
    hello: ignore,
    chunks: (chunks, tick) => {
      if (String(tick) === document.body.dataset.shownTick) v.socketChunks(chunks);
      else v.loader?.settled(chunks);
    },
    blocks: ignore,
    containers: ignore,
    entities: ignore,
    records: ignore,
    tick: ignore,
    end: ignore,
    joined: ignore,
    yourTurn: ignore,
    error: (message) => showError(message),
  });
  v.loader = new ChunkLoader(v.world, (at) => {
    const shown = document.body.dataset.shownTick;
    if (shown === undefined) v.loader?.settled(at); // nothing drawn yet: asked again once a tick is
    else socket.send({ type: 'chunks', at, tick: Number(shown) });
  });
}

async function main(): Promise<void> {
  const id = new URLSearchParams(location.search).get('episode');
  if (!id) {
    byId('episode-title').textContent = '';
    showError('no episode chosen: open one from the episodes page (/episodes)');
    return;
  }
  const [meta, layout, atlas] = await Promise.all([viewerApi.meta(id), viewerApi.atlasLayout(), loadAtlasImage()]);
  const ep = meta.episode;
  byId('episode-title').textContent = `${ep.task} · ${ep.architecture}${ep.org ? ` · ${ep.org}` : ''} · seed ${ep.seed}${meta.live ? ' · LIVE' : ''}`;
  byId('last-tick').textContent = String(meta.lastTick);
  const v = new Viewer(id, meta, layout, atlas);
  if (meta.live) {
    goLive(v);
  } else {
    const timeline = await viewerApi.timeline(id);
    v.setItems(timeline.items);
    const start = Number(new URLSearchParams(location.search).get('tick') ?? meta.firstTick);
    v.playback.seek(Number.isFinite(start) ? start : meta.firstTick);
    v.showTick();
    loadChunksAsTheCameraMoves(v);
  }
  let last = performance.now();
  const loop = (now: number): void => {
    const dt = Math.min(0.25, (now - last) / 1000);
    last = now;
    try {
      v.frame(dt);
    } catch (e) {
      showError((e as Error).message);
    }
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  document.body.dataset.ready = 'true';
}

main().catch((e: Error) => showError(e.message));
