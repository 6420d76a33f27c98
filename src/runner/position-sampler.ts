/**
 * Samples where every agent and mob is into the run log (`positions` records of
 * core/run-records.ts), so a viewer can rebuild any moment of an episode: at the start, at least
 * once per simulated second (each step when a step is longer than a second), when a skill starts or
 * ends, and at the end. One record per sample with parallel arrays keeps the log compact.
 *
 * Agents come from their observations (position, yaw/pitch, health, held item: already computed
 * for the team); mobs from the backend's WorldAdmin.
 */
import type { Observation } from '../core/observation.js';
import type { PositionsRecord } from '../core/run-records.js';
import type { WorldBackend } from '../env/backend.js';
import type { RunLogSink } from './run-log.js';

/** Ticks between periodic samples: one simulated second. */
export const POSITION_SAMPLE_TICKS = 20;

/** Entities that are neither agents nor mobs: dropped items, projectiles, orbs. */
const NOT_MOBS = new Set(['player', 'item', 'arrow', 'spectral_arrow', 'trident', 'snowball', 'egg', 'fireball', 'small_fireball', 'experience_orb']);

const r2 = (v: number): number => Math.round(v * 100) / 100;
const r1 = (v: number): number => Math.round(v * 10) / 10;

export class PositionSampler {
  private lastTick = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly backend: WorldBackend,
    private readonly log: RunLogSink,
  ) {}

  /** Samples when a simulated second has passed since the last sample. */
  tick(observations: Partial<Record<string, Observation>>): void {
    if (this.backend.tick - this.lastTick >= POSITION_SAMPLE_TICKS) this.sample('second', observations);
  }

  /** Samples now, unless this tick was sampled already (a skill ending and the next starting at one tick). */
  sample(reason: PositionsRecord['reason'], observations: Partial<Record<string, Observation>>): void {
    const tick = this.backend.tick;
    if (tick === this.lastTick && reason !== 'end') return;
    this.lastTick = tick;
    const agents: PositionsRecord['agents'] = { name: [], x: [], y: [], z: [], yaw: [], pitch: [], health: [], held: [] };
    for (const [name, ob] of Object.entries(observations)) {
      if (!ob) continue;
      agents.name.push(name);
      agents.x.push(r2(ob.pos.x));
      agents.y.push(r2(ob.pos.y));
      agents.z.push(r2(ob.pos.z));
      agents.yaw.push(r1(ob.yaw));
      agents.pitch.push(r1(ob.pitch));
      agents.health.push(r1(ob.health));
      agents.held.push(ob.heldItem);
    }
    const mobs: PositionsRecord['mobs'] = { id: [], type: [], x: [], y: [], z: [], health: [] };
    for (const e of this.backend.admin.entities()) {
      if (NOT_MOBS.has(e.type) || e.dead) continue;
      mobs.id.push(e.id);
      mobs.type.push(e.type);
      mobs.x.push(r2(e.pos.x));
      mobs.y.push(r2(e.pos.y));
      mobs.z.push(r2(e.pos.z));
      mobs.health.push(e.health === undefined ? null : r1(e.health));
    }
    this.log.write({ type: 'positions', tick, reason, agents, mobs });
  }
}
