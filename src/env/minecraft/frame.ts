/**
 * Scenario coordinates vs server coordinates. A scenario is written for the embedded world
 * (superflat ground at y = -60); a real server's world may have its ground elsewhere (a 1.16
 * superflat stands at y = 4) or the episode may run in one corner of a big map. `origin` is the
 * server position of the scenario's (0, 0, 0): everything entering the backend (scenario, skill
 * parameters, admin calls) is shifted by it, everything leaving (observations, skill results,
 * admin reads, events) is shifted back. Skills and senses work in server coordinates only.
 */
import { InputError } from '../../core/errors.js';
import type { Vec3 } from '../../core/vec3.js';

export class Frame {
  constructor(readonly origin: Vec3 = { x: 0, y: 0, z: 0 }) {
    if (![origin.x, origin.y, origin.z].every(Number.isInteger)) {
      throw new InputError(`the origin ${JSON.stringify(origin)} is not on whole blocks`, 'use integer x, y, z so block positions stay whole');
    }
  }

  toServer(v: Vec3): Vec3 {
    return { x: v.x + this.origin.x, y: v.y + this.origin.y, z: v.z + this.origin.z };
  }

  toScenario(v: Vec3): Vec3 {
    return { x: v.x - this.origin.x, y: v.y - this.origin.y, z: v.z - this.origin.z };
  }

  /**
   * Copies a JSON value, shifting every object whose x, y and z are all numbers (a position;
   * other keys are kept). Skill parameters and results carry positions only in that form.
   */
  mapPositions<T>(value: T, direction: 'toServer' | 'toScenario'): T {
    const shift = direction === 'toServer' ? 1 : -1;
    const o = this.origin;
    if (o.x === 0 && o.y === 0 && o.z === 0) return value;
    const walk = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(walk);
      if (v === null || typeof v !== 'object') return v;
      const rec = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(rec)) out[k] = walk(val);
      if (typeof rec.x === 'number' && typeof rec.y === 'number' && typeof rec.z === 'number') {
        out.x = rec.x + shift * o.x;
        out.y = rec.y + shift * o.y;
        out.z = rec.z + shift * o.z;
      }
      return out;
    };
    return walk(value) as T;
  }
}
