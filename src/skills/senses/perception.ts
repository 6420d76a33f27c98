/**
 * What an agent can see: blocks and entities within its perception range (a sphere around the
 * eyes), inside its optional field of view, and in line of sight. This is the only way the body
 * learns about the world, so `findBlocks`/`findEntities` return nothing an agent could not perceive.
 *
 * Cost is kept per observation, not per world: only blocks in the exposed-block cache are
 * considered, cheap tests (sphere, name, faces turned toward the eye, view cone) run before any
 * ray, and rays go nearest-first so a `maxResults` or `maxRays` cap drops the farthest blocks.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';
import type { BodyPort, Viewer, BodyEntity } from '../body-port.js';
import type { EntityKind, Registry } from '../../world/index.js';
import { MIN_Y, MAX_Y } from '../../world/index.js';
import { airByState } from './air.js';
import { ExposedBlocks, type SectionSurface } from './exposed-blocks.js';
import { eyeHeight, eyePosition, lookDirection } from './eyes.js';
import {
  FACE_NEG_X, FACE_NEG_Y, FACE_NEG_Z, FACE_POS_X, FACE_POS_Y, FACE_POS_Z,
} from './line-of-sight.js';
import { EyeRays } from './eye-rays.js';
import { emptyTops, OpaqueHeightmap, type LocalTops } from './opaque-heightmap.js';

/** Range an omniscient query scans when it names none (the oracle's "everything nearby"). */
export const OMNISCIENT_DEFAULT_RANGE = 64;
/** Default cap on rays per block query: far above a 32-block sphere of open terrain (~4,000). */
export const DEFAULT_MAX_RAYS = 50_000;

export interface PerceptionOptions {
  /** Narrows the perception range (blocks from the eyes). It never widens `player.perceptionRange` unless omniscient. */
  range?: number;
  /** Full angle of a view cone around the look direction, in degrees; default `player.fovDegrees`, else all around. */
  fovDegrees?: number;
  /** Oracle only: no perception range (scan `range`, default 64), no line of sight, no field of view. */
  omniscient?: boolean;
  maxResults?: number;
}

export interface BlockQuery extends PerceptionOptions {
  /** Only these block names (minecraft-data names). */
  names?: readonly string[];
  /** Upper bound on line-of-sight rays; the farthest candidates are the ones dropped. */
  maxRays?: number;
}

export interface ScanOrder {
  /**
   * `nearest-first` (default): the visitor gets blocks by exact distance. `any`: in a fixed order
   * that is not by distance (the same world and pose always give the same sequence, and blocks at
   * equal distances come in the same relative order as nearest-first gives them); cheaper for
   * callers that only aggregate (counts and the nearest of each kind). Only honoured without
   * `maxResults`.
   */
  order?: 'nearest-first' | 'any';
}

export interface EntityQuery extends PerceptionOptions {
  kinds?: readonly EntityKind[];
  /** minecraft-data entity names (`zombie`, `player`, `item`). */
  types?: readonly string[];
}

export interface VisibleBlock {
  name: string;
  pos: Vec3;
  /** From the eyes to the block's centre. */
  distance: number;
}

export interface VisibleEntity {
  id: number;
  kind: EntityKind;
  type: string;
  /** Player name, or null. */
  name: string | null;
  pos: Vec3;
  /** From the eyes to the entity's centre. */
  distance: number;
}

/** What a block scan did, for benchmarks and for telling an agent its view was cut short. */
export interface ScanStats {
  candidates: number;
  rays: number;
  visible: number;
  /** True when `maxRays` stopped the scan before every candidate was tested. */
  truncated: boolean;
}

export type BlockVisitor = (state: number, x: number, y: number, z: number, distance: number) => void;

// ---- scratch buffers (one scan at a time; grown on demand, never shrunk) ----
let cap = 4096;
let cx = new Int32Array(cap);
let cy = new Int32Array(cap);
let cz = new Int32Array(cap);
let cs = new Uint16Array(cap);
let cf = new Uint8Array(cap);
let cd = new Float64Array(cap);
let order = new Int32Array(cap);
let hits = new Int32Array(cap);
let bucketStart = new Int32Array(1024);
let scanning = false;
const tops: LocalTops = emptyTops();
const eyeRays = new EyeRays();
/** Distance buckets per block: fine enough that candidates come out nearly sorted. */
const BUCKETS_PER_BLOCK = 16;

/**
 * Column tops around the eye, covering every ray of a sphere of `range` (face points reach 1 beyond;
 * a tall entity's eyes up to a few blocks above its centre). Tops are only needed up to the highest
 * point such a ray reaches, so a fresh world scans columns from there down, not from the build limit.
 */
function topsAround(world: BodyPort, eye: Vec3, range: number): LocalTops {
  const r = Math.ceil(range) + 2;
  // Without the coarse levels: only the full walk uses them, filled when it first runs (withCoarseLevels).
  return OpaqueHeightmap.of(world).window(Math.floor(eye.x) - r, Math.floor(eye.z) - r, 2 * r + 1, tops, Math.floor(eye.y + range) + 4, false);
}

/**
 * What `eyeRays` was last aimed from; an observation's block scan and entity scan share one aim.
 * `horizon`: whether that aim built the horizon (a block scan needs it to be cheap; an entity list
 * alone, a few dozen rays, is cheaper without).
 */
const aimed = { world: null as BodyPort | null, x: NaN, y: NaN, z: NaN, range: -1, version: -1, horizon: false };

/**
 * Aims `eyeRays` from `eye` over `range`, unless it already is (same world, eyes and heights, range
 * at least as large, and a horizon when `horizon` asks for one). Either aim gives the same answers.
 */
function aimRays(world: BodyPort, eye: Vec3, range: number, horizon: boolean): void {
  const heights = OpaqueHeightmap.of(world);
  if (aimed.world === world && aimed.x === eye.x && aimed.y === eye.y && aimed.z === eye.z && aimed.range >= range && aimed.version === heights.version && (aimed.horizon || !horizon)) return;
  // Rays end at most a block beyond `range` horizontally (face points are half a block off a centre
  // in range; an entity's eyes are straight above its centre), so the horizon needs no more.
  eyeRays.aim(world, topsAround(world, eye, range), eye, range + 1, horizon);
  aimed.world = world;
  aimed.x = eye.x;
  aimed.y = eye.y;
  aimed.z = eye.z;
  aimed.range = range;
  aimed.version = heights.version;
  aimed.horizon = horizon;
}

function grow(): void {
  cap *= 2;
  const g32 = (a: Int32Array) => { const b = new Int32Array(cap); b.set(a); return b; };
  cx = g32(cx); cy = g32(cy); cz = g32(cz);
  const s = new Uint16Array(cap); s.set(cs); cs = s;
  const f = new Uint8Array(cap); f.set(cf); cf = f;
  const d = new Float64Array(cap); d.set(cd); cd = d;
  order = new Int32Array(cap);
  hits = new Int32Array(cap);
}

const nameMasks = new WeakMap<Registry, Map<string, Uint8Array>>();
/** stateId -> 1 for the states of the named blocks (cached per name set). */
function stateMask(registry: Registry, names: readonly string[]): Uint8Array {
  let byKey = nameMasks.get(registry);
  if (!byKey) nameMasks.set(registry, (byKey = new Map()));
  const key = [...names].sort().join(',');
  let mask = byKey.get(key);
  if (!mask) {
    mask = new Uint8Array(registry.blockIdOfState.length);
    for (const name of names) {
      const b = registry.block(name); // InputError with a suggestion for unknown names
      for (let s = b.minStateId ?? b.id; s <= (b.maxStateId ?? b.id); s++) mask[s] = 1;
    }
    if (byKey.size > 512) byKey.clear(); // agents invent name sets; keep the cache bounded
    byKey.set(key, mask);
  }
  return mask;
}

function checkRange(value: number | undefined, what: string): void {
  if (value !== undefined && !(value >= 0)) throw new InputError(`${what} must be a non-negative number, got ${value}`, `pass ${what} in blocks, e.g. 16`);
}

function coneCos(player: Viewer, opts: PerceptionOptions): number {
  const fov = opts.fovDegrees ?? player.fovDegrees;
  if (fov === undefined || fov >= 360) return -2; // everything passes
  if (!(fov > 0)) throw new InputError(`fovDegrees must be in (0, 360], got ${fov}`, 'pass a view cone angle such as 90, or omit it to see all around');
  return Math.cos(((fov / 2) * Math.PI) / 180);
}

/**
 * Visits the blocks `player` can see, nearest first, calling `visit` for each. Equal distances come
 * in a fixed order (the scan order), so the same world and pose always give the same sequence.
 * Not re-entrant: do not start another scan from inside `visit`.
 */
export function scanVisibleBlocks(world: BodyPort, player: Viewer, query: BlockQuery, visit: BlockVisitor, how: ScanOrder = {}): ScanStats {
  checkRange(query.range, 'range');
  if (scanning) throw new InputError('scanVisibleBlocks was called from inside its own visitor', 'collect results first, then start the next scan');
  scanning = true;
  const exact = how.order !== 'any' || query.maxResults !== undefined;
  try {
    return query.omniscient ? scanAll(world, player, query, visit, exact) : scanPerceived(world, player, query, visit, exact);
  } finally {
    scanning = false;
  }
}

function scanPerceived(world: BodyPort, player: Viewer, query: BlockQuery, visit: BlockVisitor, exact: boolean): ScanStats {
  const eye = eyePosition(player);
  const range = Math.min(query.range ?? player.perceptionRange, player.perceptionRange);
  const mask = query.names ? stateMask(world.registry, query.names) : null;
  const cosHalf = coneCos(player, query);
  const look = lookDirection(player.yaw, player.pitch);
  const maxResults = query.maxResults ?? Infinity;
  const maxRays = query.maxRays ?? DEFAULT_MAX_RAYS;
  const bound = gatherSections(ExposedBlocks.of(world), eye, range);
  aimRays(world, eye, range, true);
  if (!exact && bound <= maxRays) {
    // No cap can cut the scan short and any order will do: test and visit each candidate as it is
    // found, in collection order (what the unsorted path below visits too), without candidate arrays.
    fusedVisible = 0;
    let candidates = 0;
    for (let k = 0; k < sectionCount; k++) {
      candidates = cullSection(sections[k]!, sectionX[k]!, sectionY[k]!, sectionZ[k]!, eye.x, eye.y, eye.z, range * range, sectionGy2[k]!, mask, cosHalf, look, candidates, visit);
    }
    return { candidates, rays: candidates, visible: fusedVisible, truncated: false };
  }
  const n = collectCandidates(eye, range, mask, cosHalf, look);
  // 2. Rays, nearest first (bucket order by distance) when a cap may cut the scan short or the
  // caller wants distance order; otherwise in the order collected.
  const sorted = exact || n > maxRays;
  if (sorted) sortByDistanceBuckets(n, range);
  const { rays, found, truncated } = castRays(n, maxResults, maxRays, sorted);
  const visible = emitSorted(found, maxResults, visit, exact);
  return { candidates: n, rays, visible, truncated };
}

// The non-empty exposed-block sections a scan's sphere touches, with their corners and the
// squared vertical distance from the eyes to their nearest block centre (filled by gatherSections).
const sections: SectionSurface[] = [];
let sectionX = new Int32Array(64);
let sectionY = new Int32Array(64);
let sectionZ = new Int32Array(64);
let sectionGy2 = new Float64Array(64);
let sectionCount = 0;

/**
 * Lists the sections with exposed blocks whose nearest block centre is inside the sphere, and
 * returns how many exposed blocks they hold: an upper bound on the scan's candidates (and rays).
 */
function gatherSections(exposed: ExposedBlocks, eye: Vec3, range: number): number {
  const ex = eye.x;
  const ey = eye.y;
  const ez = eye.z;
  const r2 = range * range;
  const ylo = Math.max(MIN_Y, Math.floor(ey - range));
  const yhi = Math.min(MAX_Y, Math.floor(ey + range));
  const sx0 = Math.floor(ex - range) >> 4;
  const sx1 = Math.floor(ex + range) >> 4;
  const sz0 = Math.floor(ez - range) >> 4;
  const sz1 = Math.floor(ez + range) >> 4;
  const sy0 = (ylo - MIN_Y) >> 4;
  const sy1 = (yhi - MIN_Y) >> 4;
  let total = 0;
  sectionCount = 0;
  for (let sx = sx0; sx <= sx1; sx++) {
    for (let sz = sz0; sz <= sz1; sz++) {
      for (let sy = sy0; sy <= sy1; sy++) {
        const bx = sx * 16;
        const by = MIN_Y + sy * 16;
        const bz = sz * 16;
        // Skip a section whose nearest block centre is out of the sphere (without building it).
        const gx = ex < bx + 0.5 ? bx + 0.5 - ex : ex > bx + 15.5 ? ex - bx - 15.5 : 0;
        const gy = ey < by + 0.5 ? by + 0.5 - ey : ey > by + 15.5 ? ey - by - 15.5 : 0;
        const gz = ez < bz + 0.5 ? bz + 0.5 - ez : ez > bz + 15.5 ? ez - bz - 15.5 : 0;
        if (gx * gx + gy * gy + gz * gz > r2) continue;
        const sec = exposed.section(sx, sy, sz);
        if (sec.count === 0) continue;
        if (sectionCount === sectionX.length) growSections();
        sections[sectionCount] = sec;
        sectionX[sectionCount] = bx;
        sectionY[sectionCount] = by;
        sectionZ[sectionCount] = bz;
        sectionGy2[sectionCount] = gy * gy;
        sectionCount++;
        total += sec.count;
      }
    }
  }
  return total;
}

function growSections(): void {
  const g32 = (a: Int32Array) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
  sectionX = g32(sectionX); sectionY = g32(sectionY); sectionZ = g32(sectionZ);
  const g = new Float64Array(sectionGy2.length * 2); g.set(sectionGy2); sectionGy2 = g;
}

/**
 * Per x-row of a section, the run of its lists that can hold block centres inside the sphere:
 * `rowRuns[2 * row]` up to `rowRuns[2 * row + 1]` (empty when equal). A run may include a column on
 * either side that is just outside; the exact per-block test decides.
 */
const rowRuns = new Int32Array(32);
function rowsInSphere(columnStart: Uint16Array, bx: number, bz: number, ex: number, ez: number, r2: number, gy2: number): void {
  for (let row = 0; row < 16; row++) {
    const dx = bx + row + 0.5 - ex;
    const rest = r2 - dx * dx - gy2;
    let start = 0;
    let end = 0;
    if (rest >= 0) {
      const half = Math.sqrt(rest);
      let zlo = Math.floor(ez - half - 0.5) - bz;
      let zhi = Math.ceil(ez + half - 0.5) - bz;
      if (zlo < 0) zlo = 0;
      if (zhi > 15) zhi = 15;
      if (zlo <= zhi) {
        start = columnStart[row * 16 + zlo]!;
        end = columnStart[row * 16 + zhi + 1]!;
      }
    }
    rowRuns[2 * row] = start;
    rowRuns[2 * row + 1] = end;
  }
}

/**
 * 1. Cheap culling over the exposed blocks of every gathered section: in range, of a wanted kind,
 * with an open face turned toward the eyes, inside the view cone. Fills the scratch candidate
 * arrays and returns how many there are. (Each loop lives in its own small function so the JIT
 * optimises it whole instead of entering and leaving it mid-loop.)
 */
function collectCandidates(eye: Vec3, range: number, mask: Uint8Array | null, cosHalf: number, look: Vec3): number {
  let n = 0;
  for (let k = 0; k < sectionCount; k++) {
    n = cullSection(sections[k]!, sectionX[k]!, sectionY[k]!, sectionZ[k]!, eye.x, eye.y, eye.z, range * range, sectionGy2[k]!, mask, cosHalf, look, n, null);
  }
  return n;
}

/** Visible blocks the fused pass found (`cullSection` with a visitor). */
let fusedVisible = 0;

/**
 * The culls for one section. Without `visit`, each candidate goes into the scratch arrays (at `n`
 * on); with it, the candidate's ray is cast and a visible block visited at once (the uncapped,
 * any-order scan). Returns the candidate count so far either way.
 */
function cullSection(
  sec: SectionSurface, bx: number, by: number, bz: number,
  ex: number, ey: number, ez: number, r2: number, gy2: number,
  mask: Uint8Array | null, cosHalf: number, look: Vec3, n: number, visit: BlockVisitor | null,
): number {
  const { local, states, faces: open, columnStart } = sec;
  const lx = look.x;
  const ly = look.y;
  const lz = look.z;
  rowsInSphere(columnStart, bx, bz, ex, ez, r2, gy2);
  for (let row = 0; row < 16; row++) {
    const end = rowRuns[2 * row + 1]!;
    for (let i = rowRuns[2 * row]!; i < end; i++) {
      const l = local[i]!;
      const y = by + (l >> 8);
      const dy = y + 0.5 - ey;
      const f = open[i]!;
      // A block open only on top (ground, a water surface) seen from below or level: nothing to do.
      if (f === FACE_POS_Y && !(dy < -0.5)) continue;
      const x = bx + (l & 15);
      const z = bz + ((l >> 4) & 15);
      const dx = x + 0.5 - ex;
      const dz = z + 0.5 - ez;
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 > r2) continue;
      const state = states[i]!;
      if (mask !== null && mask[state] !== 1) continue;
      // Open faces the eye is in front of (inlined facesToward: this loop runs per candidate).
      const faces =
        f &
        ((dx < -0.5 ? FACE_POS_X : dx > 0.5 ? FACE_NEG_X : 0) |
          (dy < -0.5 ? FACE_POS_Y : dy > 0.5 ? FACE_NEG_Y : 0) |
          (dz < -0.5 ? FACE_POS_Z : dz > 0.5 ? FACE_NEG_Z : 0));
      if (faces === 0) continue; // every open face points away from the eye
      const d = Math.sqrt(d2);
      if (cosHalf > -2 && dx * lx + dy * ly + dz * lz < cosHalf * d) continue;
      if (visit !== null) {
        if ((faces & FACE_POS_Y && eyeRays.topFaceOverTops(x, y, z)) || eyeRays.blockVisible(x, y, z, faces)) {
          fusedVisible++;
          visit(state, x, y, z, d);
        }
      } else {
        if (n === cap) grow();
        cx[n] = x; cy[n] = y; cz[n] = z; cs[n] = state; cf[n] = faces; cd[n] = d;
      }
      n++;
    }
  }
  return n;
}

/** 2. Line of sight for the candidates in `order`, nearest first, into `hits`, until the caps. */
function castRays(n: number, maxResults: number, maxRays: number, sorted: boolean): { rays: number; found: number; truncated: boolean } {
  let rays = 0;
  let h = 0;
  let truncated = false;
  let bucket = -1;
  const limited = maxResults !== Infinity;
  for (let k = 0; k < n; k++) {
    const i = sorted ? order[k]! : k;
    if (limited) {
      const b = Math.floor(cd[i]!);
      if (b !== bucket) {
        if (h >= maxResults) break; // the rest are farther than everything found
        bucket = b;
      }
    }
    if (rays >= maxRays) {
      truncated = true;
      break;
    }
    rays++;
    const x = cx[i]!;
    const y = cy[i]!;
    const z = cz[i]!;
    const f = cf[i]!;
    if ((f & FACE_POS_Y && eyeRays.topFaceOverTops(x, y, z)) || eyeRays.blockVisible(x, y, z, f)) hits[h++] = i;
  }
  return { rays, found: h, truncated };
}

/** The oracle's view: every non-air block in the range, no sight or view cone. */
function scanAll(world: BodyPort, player: Viewer, query: BlockQuery, visit: BlockVisitor, exact: boolean): ScanStats {
  const eye = eyePosition(player);
  const range = query.range ?? OMNISCIENT_DEFAULT_RANGE;
  const r2 = range * range;
  const mask = query.names ? stateMask(world.registry, query.names) : null;
  const air = airByState(world.registry);
  const maxResults = query.maxResults ?? Infinity;
  let n = 0;
  const ylo = Math.max(MIN_Y, Math.floor(eye.y - range));
  const yhi = Math.min(MAX_Y, Math.floor(eye.y + range));
  for (let x = Math.floor(eye.x - range); x <= Math.floor(eye.x + range); x++) {
    for (let z = Math.floor(eye.z - range); z <= Math.floor(eye.z + range); z++) {
      for (let y = ylo; y <= yhi; y++) {
        const state = world.blocks.get(x, y, z);
        if (air[state] === 1 || (mask !== null && mask[state] !== 1)) continue;
        const dx = x + 0.5 - eye.x;
        const dy = y + 0.5 - eye.y;
        const dz = z + 0.5 - eye.z;
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 > r2) continue;
        if (n === cap) grow();
        cx[n] = x; cy[n] = y; cz[n] = z; cs[n] = state; cd[n] = Math.sqrt(d2);
        n++;
      }
    }
  }
  sortByDistanceBuckets(n, range);
  hits.set(order.subarray(0, n));
  const visible = emitSorted(n, maxResults, visit, exact);
  return { candidates: n, rays: 0, visible, truncated: false };
}

/** Fills `order[0..n)` with candidate indices in fine distance buckets (a counting sort). */
function sortByDistanceBuckets(n: number, range: number): void {
  const buckets = Math.ceil(range * BUCKETS_PER_BLOCK) + 2;
  if (bucketStart.length < buckets + 1) bucketStart = new Int32Array(buckets + 1);
  bucketStart.fill(0, 0, buckets + 1);
  for (let i = 0; i < n; i++) bucketStart[Math.floor(cd[i]! * BUCKETS_PER_BLOCK) + 1]!++;
  for (let b = 1; b <= buckets; b++) bucketStart[b]! += bucketStart[b - 1]!;
  for (let i = 0; i < n; i++) order[bucketStart[Math.floor(cd[i]! * BUCKETS_PER_BLOCK)]!++] = i;
}

/**
 * Finishes sorting `hits[0..h)` by distance and visits up to `maxResults`. The hits are already in
 * bucket order, so insertion sort is near linear; it is stable, and the bucket sort and the scan
 * order are fixed, so equal distances always come out in the same order. Without `exact` the
 * hits are visited in the order they were found (bucket order, or collection order when the
 * candidates were not sorted).
 */
function emitSorted(h: number, maxResults: number, visit: BlockVisitor, exact: boolean): number {
  for (let k = 1; exact && k < h; k++) {
    const v = hits[k]!;
    const dv = cd[v]!;
    let j = k - 1;
    while (j >= 0 && cd[hits[j]!]! > dv) {
      hits[j + 1] = hits[j]!;
      j--;
    }
    hits[j + 1] = v;
  }
  const count = Math.min(h, maxResults);
  for (let k = 0; k < count; k++) {
    const i = hits[k]!;
    visit(cs[i]!, cx[i]!, cy[i]!, cz[i]!, cd[i]!);
  }
  return count;
}

/** The blocks `player` can see, nearest first (equal distances in a fixed order). */
export function visibleBlocks(world: BodyPort, player: Viewer, query: BlockQuery = {}): VisibleBlock[] {
  const out: VisibleBlock[] = [];
  const registry = world.registry;
  scanVisibleBlocks(world, player, query, (state, x, y, z, distance) => {
    out.push({ name: registry.blockNameOfState(state), pos: { x, y, z }, distance });
  });
  return out;
}

/**
 * The entities `player` can see, nearest first (ties by id): within range of the eyes, in the view
 * cone, and with a clear ray to the entity's eyes or centre. The player itself is left out.
 */
export function visibleEntities(world: BodyPort, player: Viewer, query: EntityQuery = {}): VisibleEntity[] {
  checkRange(query.range, 'range');
  const eye = eyePosition(player);
  const kinds = query.kinds ? new Set<string>(query.kinds) : null;
  const types = query.types ? new Set(query.types) : null;
  const wanted = (e: BodyEntity) => e !== player && e.id !== player.id && !e.removed && (!kinds || kinds.has(e.kind)) && (!types || types.has(e.type));
  const found: VisibleEntity[] = [];
  if (query.omniscient) {
    const range = query.range ?? Infinity;
    for (const e of world.entities.values()) {
      if (!wanted(e)) continue;
      const d = distanceTo(eye, e);
      if (d <= range) found.push(describe(e, d));
    }
  } else {
    const range = Math.min(query.range ?? player.perceptionRange, player.perceptionRange);
    const cosHalf = coneCos(player, query);
    const look = lookDirection(player.yaw, player.pitch);
    const max = query.maxResults ?? Infinity;
    if (max === Infinity) {
      // No cap: every entity in range and cone gets its rays, so each is tested as the index finds
      // it (visit order does not matter: the list is sorted below). Without a horizon unless this
      // observation's block scan built one: an entity list alone casts one or two rays per entity,
      // fewer than it takes to pay for a horizon (on the main thread, whose block summaries a sight
      // worker computes, the horizon was ~40% of an entity list: docs/world-performance.md,
      // "Margin at range 16").
      aimRays(world, eye, range, false);
      world.forEachNear(eye, range + ENTITY_SEARCH_MARGIN, (e) => {
        if (!wanted(e)) return;
        const d = seenAt(eye, range, cosHalf, look, e);
        if (d >= 0) found.push(describe(e, d));
      });
    } else {
      // A cap (an observation keeps the nearest 16 of the ~40 a crowd shows at range 16): the
      // cheap tests (range, view cone) first for every entity near, then the rays nearest first
      // (ties by id: the list's order) until `max` are seen. The list is the one testing them all
      // and keeping the nearest `max` gives, with rays for only as many as it takes.
      const near = entityCandidates;
      near.length = 0;
      try {
        world.forEachNear(eye, range + ENTITY_SEARCH_MARGIN, (e) => {
          if (!wanted(e)) return;
          const d = inRangeAndCone(eye, range, cosHalf, look, e);
          if (d >= 0) near.push({ id: e.id, distance: d, entity: e });
        });
        sortByDistanceThenId(near);
        if (near.length > 0 && max > 0) aimRays(world, eye, range, false); // (as above)
        for (let i = 0; i < near.length && found.length < max; i++) {
          const c = near[i]!;
          if (raysReach(c.entity)) found.push(describe(c.entity, c.distance));
        }
      } finally {
        near.length = 0; // hold no entities between calls (a worker's ray may throw for a column it lacks)
      }
      return found;
    }
  }
  sortByDistanceThenId(found);
  if (query.maxResults !== undefined && found.length > query.maxResults) found.length = query.maxResults;
  return found;
}

/** An entity that passed the cheap tests, waiting for its rays (scratch, emptied after each list). */
interface EntityCandidate {
  id: number;
  distance: number;
  entity: BodyEntity;
}
const entityCandidates: EntityCandidate[] = [];

/**
 * The entity index measures to feet: entities are looked for this much beyond the range (a tall
 * mob's height), then their centre is tested exactly.
 */
export const ENTITY_SEARCH_MARGIN = 4;

/**
 * The distance from `eye` to the centre of `e` when that centre is within `range` and inside the
 * view cone, else -1.
 */
function inRangeAndCone(eye: Vec3, range: number, cosHalf: number, look: Vec3, e: BodyEntity): number {
  const dx = e.pos.x - eye.x;
  const dy = e.pos.y + e.height / 2 - eye.y;
  const dz = e.pos.z - eye.z;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (d > range) return -1;
  if (cosHalf > -2 && dx * look.x + dy * look.y + dz * look.z < cosHalf * d) return -1;
  return d;
}

/** Whether the aimed eye rays reach `e`'s eyes or its centre. */
function raysReach(e: BodyEntity): boolean {
  return eyeRays.pointVisible(e.pos.x, e.pos.y + eyeHeight(e), e.pos.z) || eyeRays.pointVisible(e.pos.x, e.pos.y + e.height / 2, e.pos.z);
}

/**
 * The distance from `eye` to the centre of `e` when the aimed eye rays see it (centre within
 * `range`, inside the view cone, a clear ray to its eyes or its centre), else -1. `eyeRays` must be
 * aimed from `eye` over at least `range`.
 */
function seenAt(eye: Vec3, range: number, cosHalf: number, look: Vec3, e: BodyEntity): number {
  const d = inRangeAndCone(eye, range, cosHalf, look, e);
  return d >= 0 && raysReach(e) ? d : -1;
}

/**
 * Whether `visibleEntities(world, player)` lists `target`, without looking at any other entity: the
 * same tests in the same arithmetic (the feet within the index's search radius, as both ports'
 * `forEachNear` measure them, then `seenAt`). Naming one entity (touch, a skill given an id) then
 * costs two rays instead of a ray to every entity of its type in range.
 */
export function entityVisible(world: BodyPort, player: Viewer, target: BodyEntity): boolean {
  if (target === player || target.id === player.id || target.removed) return false;
  const eye = eyePosition(player);
  const range = player.perceptionRange;
  const radius = range + ENTITY_SEARCH_MARGIN;
  const fx = target.pos.x - eye.x;
  const fy = target.pos.y - eye.y;
  const fz = target.pos.z - eye.z;
  if (!(fx * fx + fy * fy + fz * fz <= radius * radius)) return false;
  aimRays(world, eye, range, false);
  return seenAt(eye, range, coneCos(player, {}), lookDirection(player.yaw, player.pitch), target) >= 0;
}

const sortScratch: Array<{ distance: number; id: number }> = [];
let sortCounts = new Int32Array(64);

/**
 * Sorts by distance, then id: what `sort((a, b) => a.distance - b.distance || a.id - b.id)` gives,
 * several times faster for the hundred-odd entities a crowd shows (a comparator sort was ~6% of an
 * observation on the senses bench). Distance buckets first (a counting sort, stable), then an
 * insertion pass that only has neighbours in a bucket to put in order.
 */
function sortByDistanceThenId<T extends { distance: number; id: number }>(list: T[]): void {
  const n = list.length;
  if (n < 2) return;
  let max = 0;
  for (let i = 0; i < n; i++) if (list[i]!.distance > max) max = list[i]!.distance;
  const scale = n / (max + 1e-9);
  // Bucket of a distance; the clamp is for rounding at the farthest (huge oracle distances).
  const bucket = (d: number): number => Math.min(n - 1, Math.floor(d * scale));
  if (sortCounts.length < n + 1) sortCounts = new Int32Array(2 * n + 1);
  sortCounts.fill(0, 0, n + 1);
  for (let i = 0; i < n; i++) sortCounts[bucket(list[i]!.distance) + 1]!++;
  for (let b = 1; b <= n; b++) sortCounts[b]! += sortCounts[b - 1]!;
  const out = sortScratch;
  out.length = n;
  for (let i = 0; i < n; i++) out[sortCounts[bucket(list[i]!.distance)]!++] = list[i]!;
  for (let k = 0; k < n; k++) {
    const v = out[k]!;
    let j = k - 1;
    while (j >= 0 && (out[j]!.distance > v.distance || (out[j]!.distance === v.distance && out[j]!.id > v.id))) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = v;
  }
  for (let i = 0; i < n; i++) list[i] = out[i] as T;
  out.length = 0; // hold no entities between calls
}

function distanceTo(eye: Vec3, e: BodyEntity): number {
  const dx = e.pos.x - eye.x;
  const dy = e.pos.y + e.height / 2 - eye.y;
  const dz = e.pos.z - eye.z;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

function describe(e: BodyEntity, distance: number): VisibleEntity {
  return { id: e.id, kind: e.kind, type: e.type, name: e.kind === 'player' ? (e.name ?? null) : null, pos: { x: e.pos.x, y: e.pos.y, z: e.pos.z }, distance };
}
