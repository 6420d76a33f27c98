/**
 * The 2D top-down map for large worlds: the loaded terrain drawn once per chunk into a cached image (each column's top
 * block in its atlas map colour, darker lower down), and every chest, agent and mob as a marker on top, redrawn each
 * frame. A chest is a brown square with a light rim over its blocks (both of a double chest), which a chest's own map
 * colour would not make stand out from wood.
 * Pan by dragging, zoom with the wheel around the pointer. The terrain is cached per chunk, so a frame costs the
 * markers only: a thousand agents are a thousand small rectangles.
 */
import type { AgentState, MobState } from '../../src/server/viewer/protocol.js';
import type { AtlasLayout } from '../../src/server/viewer/texture-atlas.js';
import { CHUNK, type BlockWorld } from './block-world.js';
import type { ShownChest } from './chests.js';
import { agentColor, CHEST_MARKER } from './colors.js';
/** A chest marker's least width in pixels, so a chest stays findable on a zoomed-out map. */
const MIN_CHEST_PX = 6;

export class Map2d {
  /** World x, z at the canvas's centre, and pixels per block. */
  centerX = 0;
  centerZ = 0;
  scale = 4;
  /** Frame times of the last draws (ms), for the benchmark and the status line. */
  readonly frameTimes: number[] = [];
  private readonly tiles = new Map<string, HTMLCanvasElement>();
  private readonly ctx: CanvasRenderingContext2D;
  private dragging = false;

  constructor(readonly canvas: HTMLCanvasElement, private readonly world: BlockWorld, private readonly layout: AtlasLayout) {
    this.ctx = canvas.getContext('2d')!;
    canvas.addEventListener('mousedown', () => (this.dragging = true));
    window.addEventListener('mouseup', () => (this.dragging = false));
    window.addEventListener('mousemove', (e) => {
      if (!this.dragging) return;
      this.centerX -= e.movementX / this.scale;
      this.centerZ -= e.movementY / this.scale;
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const rect = canvas.getBoundingClientRect();
        const [wx, wz] = this.toWorld(e.clientX - rect.left, e.clientY - rect.top);
        this.scale = Math.max(0.25, Math.min(32, this.scale * (e.deltaY < 0 ? 1.25 : 0.8)));
        const [nx, nz] = this.toWorld(e.clientX - rect.left, e.clientY - rect.top);
        this.centerX += wx - nx;
        this.centerZ += wz - nz;
      },
      { passive: false },
    );
  }

  /** Forgets the cached terrain of these chunks (their blocks changed). */
  invalidate(keys: Iterable<string>): void {
    for (const k of keys) this.tiles.delete(k);
  }

  invalidateAll(): void {
    this.tiles.clear();
  }

  private toWorld(px: number, py: number): [number, number] {
    return [this.centerX + (px - this.canvas.width / 2) / this.scale, this.centerZ + (py - this.canvas.height / 2) / this.scale];
  }

  private tile(key: string, cx: number, cz: number): HTMLCanvasElement {
    let t = this.tiles.get(key);
    if (t) return t;
    t = document.createElement('canvas');
    t.width = CHUNK;
    t.height = CHUNK;
    const ctx = t.getContext('2d')!;
    const img = ctx.createImageData(CHUNK, CHUNK);
    for (let z = 0; z < CHUNK; z++) {
      for (let x = 0; x < CHUNK; x++) {
        const top = this.world.topBlock(cx * CHUNK + x, cz * CHUNK + z);
        const n = parseInt((top ? (this.layout.blocks[top.name]?.color ?? '#808080') : '#000000').slice(1), 16);
        const shade = top ? Math.max(0.55, Math.min(1.15, 0.85 + (top.y - 64) / 80)) : 1;
        const i = (z * CHUNK + x) * 4;
        img.data[i] = Math.min(255, ((n >> 16) & 255) * shade);
        img.data[i + 1] = Math.min(255, ((n >> 8) & 255) * shade);
        img.data[i + 2] = Math.min(255, (n & 255) * shade);
        img.data[i + 3] = top ? 255 : 0;
      }
    }
    ctx.putImageData(img, 0, 0);
    this.tiles.set(key, t);
    return t;
  }

  draw(agents: Iterable<AgentState>, mobs: readonly MobState[], chests: readonly ShownChest[], selected: string | null): void {
    const t0 = performance.now();
    const { canvas, ctx } = this;
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    ctx.imageSmoothingEnabled = false;
    ctx.fillStyle = '#1b1b1b';
    ctx.fillRect(0, 0, w, h);
    const [x0, z0] = this.toWorld(0, 0);
    const [x1, z1] = this.toWorld(w, h);
    for (const c of this.world.chunks.values()) {
      const bx = c.cx * CHUNK;
      const bz = c.cz * CHUNK;
      if (bx + CHUNK < x0 || bx > x1 || bz + CHUNK < z0 || bz > z1) continue;
      ctx.drawImage(this.tile(`${c.cx},${c.cz}`, c.cx, c.cz), (bx - x0) * this.scale, (bz - z0) * this.scale, CHUNK * this.scale, CHUNK * this.scale);
    }
    this.drawChests(chests, x0, z0, w, h);
    ctx.fillStyle = '#e53935';
    const m = Math.max(2, this.scale * 0.6);
    for (const mob of mobs) ctx.fillRect((mob.x - x0) * this.scale - m / 2, (mob.z - z0) * this.scale - m / 2, m, m);
    const a = Math.max(3, this.scale * 0.8);
    const labels = this.scale >= 4;
    ctx.font = '11px sans-serif';
    let drawn = 0;
    for (const ag of agents) {
      const px = (ag.x - x0) * this.scale;
      const py = (ag.z - z0) * this.scale;
      if (px < -20 || py < -20 || px > w + 20 || py > h + 20) continue;
      drawn++;
      ctx.fillStyle = agentColor(ag.name);
      ctx.fillRect(px - a / 2, py - a / 2, a, a);
      if (ag.name === selected) {
        ctx.strokeStyle = '#ffffff';
        ctx.lineWidth = 2;
        ctx.strokeRect(px - a, py - a, 2 * a, 2 * a);
      }
      if (labels) {
        ctx.fillStyle = '#ffffff';
        ctx.fillText(ag.name, px + a, py - a);
      }
    }
    // How many agent markers this frame drew (in view), for tests and the page's benchmark.
    canvas.dataset.agentsDrawn = String(drawn);
    const dt = performance.now() - t0;
    this.frameTimes.push(dt);
    if (this.frameTimes.length > 120) this.frameTimes.shift();
  }

  /**
   * Chest markers, whole pixels (no blur at their edges) and at least MIN_CHEST_PX wide however far out the map is
   * zoomed. Records each one drawn as `key@px,py` (its centre in canvas pixels) in the canvas's `data-chests`, for the
   * tests.
   */
  private drawChests(chests: readonly ShownChest[], x0: number, z0: number, w: number, h: number): void {
    const { ctx } = this;
    const drawn: string[] = [];
    for (const c of chests) {
      const last = c.parts[c.parts.length - 1]!;
      const width = Math.max(MIN_CHEST_PX, Math.round((last.x + 1 - c.x) * this.scale));
      const height = Math.max(MIN_CHEST_PX, Math.round((last.z + 1 - c.z) * this.scale));
      const cx = ((c.x + last.x + 1) / 2 - x0) * this.scale;
      const cz = ((c.z + last.z + 1) / 2 - z0) * this.scale;
      const left = Math.round(cx - width / 2);
      const top = Math.round(cz - height / 2);
      if (left + width < 0 || top + height < 0 || left > w || top > h) continue;
      ctx.fillStyle = CHEST_MARKER.rim;
      ctx.fillRect(left - 1, top - 1, width + 2, height + 2);
      ctx.fillStyle = CHEST_MARKER.fill;
      ctx.fillRect(left + 1, top + 1, width - 2, height - 2);
      drawn.push(`${c.key}@${left + Math.floor(width / 2)},${top + Math.floor(height / 2)}`);
    }
    this.canvas.dataset.chests = drawn.join(' ');
  }
}
