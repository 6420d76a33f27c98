/**
 * Seeded pseudo-random numbers (sfc32). The world never calls Math.random: every rule that needs
 * chance draws from an Rng derived from the world seed, so a run is reproducible from its seed.
 *
 * `fork(label)` derives an independent stream per subsystem, so adding draws in one system
 * (say, mob AI) does not shift the numbers another system (say, loot) sees.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A stream seeded from `seed`, or a copy of another stream at its current state. */
  constructor(seed: number | string | Rng) {
    // Copies are made here, not by assigning fields onto a bare object, so a copy has the same shape as every other
    // Rng (look-ahead copies are made by the thousand per second, and their draws stay as fast as the original's).
    if (seed instanceof Rng) {
      const from = seed;
      this.a = from.a;
      this.b = from.b;
      this.c = from.c;
      this.d = from.d;
      return;
    }
    const [a, b, c, d] = seedWords(String(seed));
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    // Warm up so similar seeds diverge.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** A copy at this stream's current state: it draws the same numbers from here on, independently of this one. */
  clone(): Rng {
    return new Rng(this);
  }

  /** A new independent stream named `label`, derived from this stream's current state. */
  fork(label: string): Rng {
    return new Rng(`${this.a}:${this.b}:${this.c}:${this.d}/${label}`);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick needs at least one item');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Serialisable state, for run records. */
  state(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }
}

/** cyrb128: spreads a string seed over four 32-bit words. */
function seedWords(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A deterministic 32-bit hash of integer coordinates and a seed, for terrain that must not depend on generation order. */
export function hash3(seed: number, x: number, y: number, z: number): number {
  let h = (seed ^ Math.imul(x, 374761393) ^ Math.imul(y, 668265263) ^ Math.imul(z, 2147483647)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return h >>> 0;
}
