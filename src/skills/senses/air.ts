/** Which block states are air (nothing there to see or render). */
import type { Registry } from '../../world/index.js';

/** stateId -> 1 for air, cave_air and void_air, per registry (nothing to see there). */
const airTables = new WeakMap<Registry, Uint8Array>();
export function airByState(registry: Registry): Uint8Array {
  let t = airTables.get(registry);
  if (!t) {
    // By block id, so a port's own extra states (one past the registry's, e.g. the Minecraft
    // backend's "never sent" state) count as air when the port maps them to air's block id.
    const ids = ['air', 'cave_air', 'void_air'].filter((n) => registry.isBlock(n)).map((n) => registry.block(n).id);
    const blockId = registry.blockIdOfState;
    t = new Uint8Array(blockId.length);
    for (let s = 0; s < blockId.length; s++) if (ids.includes(blockId[s]!)) t[s] = 1;
    airTables.set(registry, t);
  }
  return t;
}
