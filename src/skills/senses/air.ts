/** Which block states are air (nothing there to see or render). */
import type { Registry } from '../../world/index.js';

/** stateId -> 1 for air, cave_air and void_air, per registry (nothing to see there). */
const airTables = new WeakMap<Registry, Uint8Array>();
export function airByState(registry: Registry): Uint8Array {
  let t = airTables.get(registry);
  if (!t) {
    t = new Uint8Array(registry.blockIdOfState.length);
    for (const name of ['air', 'cave_air', 'void_air']) {
      if (!registry.isBlock(name)) continue;
      const b = registry.block(name);
      for (let s = b.minStateId ?? b.id; s <= (b.maxStateId ?? b.id); s++) t[s] = 1;
    }
    airTables.set(registry, t);
  }
  return t;
}
