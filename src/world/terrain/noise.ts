/**
 * Seeded noise for terrain: integer hashing, 2D/3D gradient (Perlin) noise and fractal sums.
 * Everything is a pure function of (seed, coordinates), so a chunk column comes out the same
 * whichever order columns are generated in. No Math.random.
 */
import { Rng } from '../rng.js';

/** A well-mixed 32-bit hash of a seed and three integers (murmur3-style finaliser). */
export function hashInts(seed: number, a: number, b: number, c: number): number {
  let h = seed ^ Math.imul(a, 0x27d4eb2d);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) ^ Math.imul(b, 0x165667b1);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ Math.imul(c, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) from a hash of (seed, a, b, c). */
export function hashUnit(seed: number, a: number, b: number, c: number): number {
  return hashInts(seed, a, b, c) / 4294967296;
}

/** A 32-bit sub-seed named `label`, derived from the world seed string. */
export function subSeed(worldSeed: string, label: string): number {
  return new Rng(`${worldSeed}/terrain/${label}`).nextUint32() | 0;
}

export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = x <= edge0 ? 0 : x >= edge1 ? 1 : (x - edge0) / (edge1 - edge0);
  return t * t * (3 - 2 * t);
}

/** Perlin's quintic fade: C2-continuous, so slopes have no creases at lattice lines. */
const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);

// 8 gradient directions for 2D; Perlin's 12 cube-edge directions (plus 4 repeats) for 3D.
const G2X = [1, -1, 1, -1, 1.4142, -1.4142, 0, 0];
const G2Z = [1, 1, -1, -1, 0, 0, 1.4142, -1.4142];
const G3X = [1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0, 1, 0, -1, 0];
const G3Y = [1, 1, -1, -1, 0, 0, 0, 0, 1, -1, 1, -1, 1, -1, 1, -1];
const G3Z = [0, 0, 0, 0, 1, 1, -1, -1, 1, 1, -1, -1, 0, 1, 0, -1];

/**
 * A seeded permutation of 0..255, doubled to 512 entries so lookups need no masking of sums.
 * Lattice hashing by table lookup is several times cheaper than integer mixing and is how Perlin
 * (and vanilla's ImprovedNoise) does it; the lattice repeats every 256 units, far beyond any octave's
 * visible scale here.
 */
function permutation(seed: number): Uint8Array {
  const rng = new Rng(`perm/${seed}`);
  const p = new Uint8Array(512);
  for (let i = 0; i < 256; i++) p[i] = i;
  for (let i = 255; i > 0; i--) {
    const j = rng.int(0, i);
    const t = p[i]!;
    p[i] = p[j]!;
    p[j] = t;
  }
  for (let i = 0; i < 256; i++) p[i + 256] = p[i]!;
  return p;
}

/** 2D gradient noise, roughly in [-1, 1] (scaled up from Perlin's ±0.7). */
export class Noise2 {
  private readonly p: Uint8Array;

  constructor(seed: number) {
    this.p = permutation(seed);
  }

  sample(x: number, z: number): number {
    const p = this.p;
    const xf = Math.floor(x);
    const zf = Math.floor(z);
    const X = xf & 255;
    const Z = zf & 255;
    const dx = x - xf;
    const dz = z - zf;
    const u = fade(dx);
    const v = fade(dz);
    const a = p[X]!;
    const b = p[X + 1]!;
    const h00 = p[a + Z]! & 7;
    const h10 = p[b + Z]! & 7;
    const h01 = p[a + Z + 1]! & 7;
    const h11 = p[b + Z + 1]! & 7;
    const n00 = G2X[h00]! * dx + G2Z[h00]! * dz;
    const n10 = G2X[h10]! * (dx - 1) + G2Z[h10]! * dz;
    const n01 = G2X[h01]! * dx + G2Z[h01]! * (dz - 1);
    const n11 = G2X[h11]! * (dx - 1) + G2Z[h11]! * (dz - 1);
    return lerp(lerp(n00, n10, u), lerp(n01, n11, u), v) * 1.4;
  }
}

/** 3D gradient noise (Perlin's improved noise), roughly in [-1, 1]. */
export class Noise3 {
  private readonly p: Uint8Array;

  constructor(seed: number) {
    this.p = permutation(seed);
  }

  sample(x: number, y: number, z: number): number {
    const p = this.p;
    const xf = Math.floor(x);
    const yf = Math.floor(y);
    const zf = Math.floor(z);
    const X = xf & 255;
    const Y = yf & 255;
    const Z = zf & 255;
    const dx = x - xf;
    const dy = y - yf;
    const dz = z - zf;
    const u = fade(dx);
    const v = fade(dy);
    const w = fade(dz);
    const A = p[X]! + Y;
    const AA = p[A]! + Z;
    const AB = p[A + 1]! + Z;
    const B = p[X + 1]! + Y;
    const BA = p[B]! + Z;
    const BB = p[B + 1]! + Z;
    const c000 = grad3(p[AA]!, dx, dy, dz);
    const c100 = grad3(p[BA]!, dx - 1, dy, dz);
    const c010 = grad3(p[AB]!, dx, dy - 1, dz);
    const c110 = grad3(p[BB]!, dx - 1, dy - 1, dz);
    const c001 = grad3(p[AA + 1]!, dx, dy, dz - 1);
    const c101 = grad3(p[BA + 1]!, dx - 1, dy, dz - 1);
    const c011 = grad3(p[AB + 1]!, dx, dy - 1, dz - 1);
    const c111 = grad3(p[BB + 1]!, dx - 1, dy - 1, dz - 1);
    return lerp(lerp(lerp(c000, c100, u), lerp(c010, c110, u), v), lerp(lerp(c001, c101, u), lerp(c011, c111, u), v), w);
  }
}

function grad3(hash: number, dx: number, dy: number, dz: number): number {
  const h = hash & 15;
  return G3X[h]! * dx + G3Y[h]! * dy + G3Z[h]! * dz;
}

/**
 * Fractal sum of `octaves` layers of 2D noise at `1/scale` base frequency, each octave twice the
 * frequency and half the amplitude, normalised so the result stays roughly in [-1, 1].
 * Each octave has its own permutation so lattice lines of different octaves do not line up.
 */
export class Fbm2 {
  private readonly layers: Noise2[] = [];
  private readonly frequency: number;
  private readonly norm: number;

  constructor(seed: number, scale: number, octaves: number) {
    for (let o = 0; o < octaves; o++) this.layers.push(new Noise2((seed + Math.imul(o + 1, 0x632be5ab)) | 0));
    this.frequency = 1 / scale;
    let norm = 0;
    for (let o = 0, amp = 1; o < octaves; o++, amp *= 0.5) norm += amp;
    this.norm = norm;
  }

  sample(x: number, z: number): number {
    let sum = 0;
    let amp = 1;
    let f = this.frequency;
    for (const layer of this.layers) {
      sum += layer.sample(x * f, z * f) * amp;
      amp *= 0.5;
      f *= 2;
    }
    return sum / this.norm;
  }
}
