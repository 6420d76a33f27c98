/**
 * MineLand construction family (a hybrid task): build a blueprint next to the spawn. Two variants per
 * blueprint: `supplied` puts exactly the blocks needed in the shared chest; `gather` lays out the
 * natural resources those blocks are made from, so the team must mine, smelt and craft them first.
 */
import type { Registry } from '../../../world/registry.js';
import type { RawTaskSpec } from '../../spec.js';
import { BLUEPRINTS, blueprintMaterials } from './blueprints.js';
import { agentRow, flatWorld, GROUND_Y, resourceField, taskId, type MineLandParams } from './layout.js';
import { baseResources, type BaseResources } from './resources.js';

export const CONSTRUCTION_SUPPLY = ['supplied', 'gather'] as const;

/** Block-level accuracy a construction needs (MineLand scores 1–5; 90 % of blocks right is our "built"). */
export const CONSTRUCTION_THRESHOLD = 0.9;

export function constructionTasks(registry: Registry, p: MineLandParams): RawTaskSpec[] {
  const out: RawTaskSpec[] = [];
  for (const bp of BLUEPRINTS) {
    const materials = blueprintMaterials(bp);
    const total = Object.values(materials).reduce((s, n) => s + n, 0);
    for (const supply of CONSTRUCTION_SUPPLY) {
      const chestItems = supply === 'supplied' ? Object.entries(materials).map(([name, count]) => ({ name, count })) : [];
      let field: ReturnType<typeof resourceField> | undefined;
      if (supply === 'gather') {
        const res: BaseResources = { blocks: new Set(), mobs: new Set() };
        for (const block of Object.keys(materials)) {
          const r = baseResources(registry, block);
          r.blocks.forEach((b) => res.blocks.add(b));
          r.mobs.forEach((m) => res.mobs.add(m));
        }
        field = resourceField(res, total + 8);
      }
      out.push({
        id: taskId('construction', [bp.name, supply], p),
        description: `MineLand construction: ${bp.description} (${supply === 'supplied' ? 'materials in the chest' : 'gather the materials'})`,
        task: {
          type: 'construction',
          goal: `Build ${bp.description.charAt(0).toLowerCase()}${bp.description.slice(1)} at [0, ${GROUND_Y}, 6] following the blueprint`,
          guidance: { text: `Materials: ${Object.entries(materials).map(([b, n]) => `${n} ${b}`).join(', ')}.` },
          mode: p.mode,
          success: { type: 'blueprint', origin: [0, GROUND_Y, 6], palette: { ...bp.palette }, layers: bp.layers.map((l) => [...l]), threshold: CONSTRUCTION_THRESHOLD },
        },
        agents: { count: p.agents, spawn: agentRow(p) },
        environment: {
          max_steps: 300 + 10 * total + (supply === 'gather' ? 900 : 0),
          world: flatWorld('peaceful'),
          chest: { position: [0, GROUND_Y, -3], items: chestItems },
          ...(field ? { materials: { grid: field.grid }, entities: { passives: field.passives, hostiles: field.hostiles } } : {}),
        },
      });
    }
  }
  return out;
}
