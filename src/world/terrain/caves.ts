/**
 * "Spaghetti" caves: a block is carved where two independent 3D noise fields are both near zero.
 * Each field's zero set is a wavy sheet; two sheets cross along a wavy line, so the carved set is a
 * network of winding tunnels (vanilla 1.18's noise caves work the same way).
 *
 * The fields are evaluated on a coarse lattice (4 blocks across, 8 tall, like vanilla's noise cells)
 * and trilinearly interpolated: cheap for whole columns. The single-block query used by `surfaceY`
 * reads the same lattice values through the same arithmetic, so both agree to the bit.
 */
import { Noise3, subSeed } from './noise.js';

const CELL_XZ = 4;
const CELL_Y = 8;
/** Horizontal and vertical wavelengths of the tunnel fields (blocks per noise lattice unit). */
const SCALE_XZ = 72;
const SCALE_Y = 44;
/** Tunnel radius in noise units (squared for the test): tunnels come out ~3–5 blocks across. */
const RADIUS = 0.11;
const RADIUS_SQ = RADIUS * RADIUS;

export class CaveCarver {
  private readonly a: Noise3;
  private readonly b: Noise3;
  private readonly gate: Noise3;
  /** Lattice values for one chunk column: 5x5 lattice columns of `levels` values, [(ix*5+iz)*levels+iy]. */
  private gridA = new Float64Array(0);
  private gridB = new Float64Array(0);
  private levels = 0;
  private gridY0 = 0;
  /** Per block column: the lattice fields blended in x and z at each lattice level. */
  private colA = new Float64Array(0);
  private colB = new Float64Array(0);

  constructor(worldSeed: string) {
    this.a = new Noise3(subSeed(worldSeed, 'cave-a'));
    this.b = new Noise3(subSeed(worldSeed, 'cave-b'));
    this.gate = new Noise3(subSeed(worldSeed, 'cave-gate'));
  }

  private fieldA(gx: number, gy: number, gz: number): number {
    return this.a.sample((gx * CELL_XZ) / SCALE_XZ, (gy * CELL_Y) / SCALE_Y, (gz * CELL_XZ) / SCALE_XZ);
  }

  /**
   * Field B, plus a slow "gate" that pushes B away from zero in some regions, so tunnels come in
   * networks with solid stretches between them instead of a uniform sponge.
   */
  private fieldB(gx: number, gy: number, gz: number): number {
    const b = this.b.sample((gx * CELL_XZ) / SCALE_XZ, (gy * CELL_Y) / SCALE_Y, (gz * CELL_XZ) / SCALE_XZ);
    const gate = this.gate.sample((gx * CELL_XZ) / 160, (gy * CELL_Y) / 90, (gz * CELL_XZ) / 160);
    return gate > 0.1 ? b + (gate - 0.1) * 2 : b;
  }

  /** Prepares lattice values for chunk column (cx, cz) covering y in [minY, maxY]. */
  prepareChunk(cx: number, cz: number, minY: number, maxY: number): void {
    const gy0 = Math.floor(minY / CELL_Y);
    const levels = Math.floor(maxY / CELL_Y) + 2 - gy0;
    if (this.gridA.length < 25 * levels) {
      this.gridA = new Float64Array(25 * levels);
      this.gridB = new Float64Array(25 * levels);
      this.colA = new Float64Array(levels);
      this.colB = new Float64Array(levels);
    }
    this.levels = levels;
    this.gridY0 = gy0;
    const gx0 = cx * 4;
    const gz0 = cz * 4;
    for (let ix = 0; ix < 5; ix++) {
      for (let iz = 0; iz < 5; iz++) {
        const base = (ix * 5 + iz) * levels;
        for (let iy = 0; iy < levels; iy++) {
          this.gridA[base + iy] = this.fieldA(gx0 + ix, gy0 + iy, gz0 + iz);
          this.gridB[base + iy] = this.fieldB(gx0 + ix, gy0 + iy, gz0 + iz);
        }
      }
    }
  }

  /** Blends the prepared lattice in x and z for block column (lx, lz); call before `carved`. */
  prepareBlockColumn(lx: number, lz: number): void {
    const L = this.levels;
    const i00 = ((lx >> 2) * 5 + (lz >> 2)) * L;
    const i10 = i00 + 5 * L;
    const i01 = i00 + L;
    const i11 = i10 + L;
    const fx = (lx & 3) / CELL_XZ;
    const fz = (lz & 3) / CELL_XZ;
    const A = this.gridA;
    const B = this.gridB;
    for (let iy = 0; iy < L; iy++) {
      this.colA[iy] = bilerp(A[i00 + iy]!, A[i10 + iy]!, A[i01 + iy]!, A[i11 + iy]!, fx, fz);
      this.colB[iy] = bilerp(B[i00 + iy]!, B[i10 + iy]!, B[i01 + iy]!, B[i11 + iy]!, fx, fz);
    }
  }

  /** Whether height y of the prepared block column is carved (y within the prepared range). */
  carved(y: number): boolean {
    const gy = Math.floor(y / CELL_Y);
    const iy = gy - this.gridY0;
    const lo = this.colA[iy]!;
    const hi = this.colA[iy + 1]!;
    // A blend of two values both beyond the radius on the same side stays beyond it: skip the cell.
    if ((lo >= RADIUS && hi >= RADIUS) || (lo <= -RADIUS && hi <= -RADIUS)) return false;
    const fy = (y - gy * CELL_Y) / CELL_Y;
    const a = lerpY(lo, hi, fy);
    if (a * a >= RADIUS_SQ) return false;
    const b = lerpY(this.colB[iy]!, this.colB[iy + 1]!, fy);
    return a * a + b * b < RADIUS_SQ;
  }

  /** Whether world block (x, y, z) is carved: the same lattice values and arithmetic as `carved`. */
  carvedAt(x: number, y: number, z: number): boolean {
    const gx = Math.floor(x / CELL_XZ);
    const gy = Math.floor(y / CELL_Y);
    const gz = Math.floor(z / CELL_XZ);
    const fx = (x - gx * CELL_XZ) / CELL_XZ;
    const fy = (y - gy * CELL_Y) / CELL_Y;
    const fz = (z - gz * CELL_XZ) / CELL_XZ;
    const aLo = bilerp(this.fieldA(gx, gy, gz), this.fieldA(gx + 1, gy, gz), this.fieldA(gx, gy, gz + 1), this.fieldA(gx + 1, gy, gz + 1), fx, fz);
    const aHi = bilerp(
      this.fieldA(gx, gy + 1, gz),
      this.fieldA(gx + 1, gy + 1, gz),
      this.fieldA(gx, gy + 1, gz + 1),
      this.fieldA(gx + 1, gy + 1, gz + 1),
      fx,
      fz,
    );
    const a = lerpY(aLo, aHi, fy);
    if (a * a >= RADIUS_SQ) return false;
    const bLo = bilerp(this.fieldB(gx, gy, gz), this.fieldB(gx + 1, gy, gz), this.fieldB(gx, gy, gz + 1), this.fieldB(gx + 1, gy, gz + 1), fx, fz);
    const bHi = bilerp(
      this.fieldB(gx, gy + 1, gz),
      this.fieldB(gx + 1, gy + 1, gz),
      this.fieldB(gx, gy + 1, gz + 1),
      this.fieldB(gx + 1, gy + 1, gz + 1),
      fx,
      fz,
    );
    const b = lerpY(bLo, bHi, fy);
    return a * a + b * b < RADIUS_SQ;
  }
}

/** Blend of corners (x0z0, x1z0, x0z1, x1z1): x first, then z. Both query paths use it. */
function bilerp(c00: number, c10: number, c01: number, c11: number, fx: number, fz: number): number {
  const z0 = c00 + (c10 - c00) * fx;
  const z1 = c01 + (c11 - c01) * fx;
  return z0 + (z1 - z0) * fz;
}

function lerpY(lo: number, hi: number, fy: number): number {
  return lo + (hi - lo) * fy;
}
