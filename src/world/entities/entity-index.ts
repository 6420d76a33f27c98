/**
 * Spatial index of entities: a hash grid of 16x16 columns (x/z). Queries visit only the cells a
 * radius touches, so "entities near me" stays cheap with a thousand agents.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Entity } from './entity.js';

const CELL = 16;
const cellKey = (cx: number, cz: number): number => (cx + 32768) * 65536 + (cz + 32768);

export class EntityIndex {
  private readonly cells = new Map<number, Entity[]>();
  private readonly cellOf = new Map<number, number>();

  insert(e: Entity): void {
    const key = cellKey(Math.floor(e.pos.x / CELL), Math.floor(e.pos.z / CELL));
    this.cellOf.set(e.id, key);
    let list = this.cells.get(key);
    if (!list) this.cells.set(key, (list = []));
    list.push(e);
  }

  remove(e: Entity): void {
    const key = this.cellOf.get(e.id);
    if (key === undefined) return;
    this.cellOf.delete(e.id);
    const list = this.cells.get(key);
    if (!list) return;
    const i = list.indexOf(e);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.cells.delete(key);
  }

  /** Re-files an entity whose position changed; cheap when it stayed in its cell. */
  update(e: Entity): void {
    const key = cellKey(Math.floor(e.pos.x / CELL), Math.floor(e.pos.z / CELL));
    if (this.cellOf.get(e.id) === key) return;
    this.remove(e);
    this.insert(e);
  }

  /**
   * Entities whose feet are within `radius` of `p` (3D distance), in a stable order (by id),
   * optionally filtered. Stable order keeps rules that iterate neighbours deterministic.
   */
  near(p: Vec3, radius: number, filter?: (e: Entity) => boolean): Entity[] {
    const out: Entity[] = [];
    const r2 = radius * radius;
    const x0 = Math.floor((p.x - radius) / CELL);
    const x1 = Math.floor((p.x + radius) / CELL);
    const z0 = Math.floor((p.z - radius) / CELL);
    const z1 = Math.floor((p.z + radius) / CELL);
    for (let cx = x0; cx <= x1; cx++) {
      for (let cz = z0; cz <= z1; cz++) {
        const list = this.cells.get(cellKey(cx, cz));
        if (!list) continue;
        for (const e of list) {
          if (e.removed) continue;
          const dx = e.pos.x - p.x;
          const dy = e.pos.y - p.y;
          const dz = e.pos.z - p.z;
          if (dx * dx + dy * dy + dz * dz <= r2 && (!filter || filter(e))) out.push(e);
        }
      }
    }
    out.sort((a, b) => a.id - b.id);
    return out;
  }
}
