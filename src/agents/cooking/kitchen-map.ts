/**
 * What the cooks have seen of the kitchen, pooled the way cooks who call out to each other would: the
 * stations (furnaces, crafting tables, chests), the fuel and hay piles, and where each kind of animal
 * was last seen. Filled only from observations (`nearbyBlocks`, `entities`) and `findBlocks` results.
 */
import type { Observation } from '../../core/observation.js';
import { posKey, type Vec3 } from '../../core/vec3.js';

const STATIONS = ['furnace', 'crafting_table', 'chest'] as const;
export type Station = (typeof STATIONS)[number];
/** Blocks a furnace burns that a cook can dig by hand. */
export const FUEL_BLOCKS = ['oak_log', 'birch_log', 'spruce_log', 'coal_ore'] as const;
export const FUEL_ITEMS = /^(coal|charcoal|[a-z_]+_log|[a-z_]+_planks)$/;

export class KitchenMap {
  private readonly stations = new Map<Station, Map<string, Vec3>>(STATIONS.map((s) => [s, new Map()]));
  private readonly blocks = new Map<string, Vec3>();
  private readonly animals = new Map<string, Vec3>();

  see(obs: Observation): void {
    for (const b of obs.nearbyBlocks) {
      if ((STATIONS as readonly string[]).includes(b.name)) this.addStation(b.name as Station, b.nearest);
      else this.blocks.set(b.name, b.nearest);
    }
    for (const e of obs.entities) if (e.type !== 'item' && e.type !== 'player') this.animals.set(e.type, e.pos);
    for (const f of obs.finishedSkills) {
      if (f.name !== 'findBlocks' || !f.ok) continue;
      const block = (f.params as { block?: unknown }).block;
      const positions = f.result.positions;
      if (typeof block !== 'string' || !Array.isArray(positions)) continue;
      for (const p of positions as Vec3[]) {
        if ((STATIONS as readonly string[]).includes(block)) this.addStation(block as Station, p);
        else this.blocks.set(block, p);
      }
    }
  }

  addStation(kind: Station, pos: Vec3): void {
    this.stations.get(kind)!.set(posKey(pos), { x: pos.x, y: pos.y, z: pos.z });
  }

  all(kind: Station): Vec3[] {
    return [...this.stations.get(kind)!.values()].sort((a, b) => a.x - b.x || a.z - b.z || a.y - b.y);
  }

  /** A known block of one of `names` (the nearest seen by the last cook that saw it). */
  block(names: readonly string[]): { name: string; pos: Vec3 } | null {
    for (const name of names) {
      const pos = this.blocks.get(name);
      if (pos) return { name, pos };
    }
    return null;
  }

  /** A block that was dug away is forgotten until seen again. */
  forget(name: string): void {
    this.blocks.delete(name);
  }

  lastSeen(animal: string): Vec3 | null {
    return this.animals.get(animal) ?? null;
  }
}
