/**
 * "May this agent know this?": the one test a skill makes before a failure or a result says what is
 * at a position, or behind an entity id, that the agent supplied. Positions and ids come from the
 * agent (an LLM's code can pass any coordinate), so a message that reads the world without this test
 * turns every skill into a probe: "the block at 200,-62,200 is diamond_ore" (issue 21).
 *
 * An agent may know a block it sees (within its perception range, with a clear line from the eyes to
 * the block or one of its faces) or touches (within block reach), and an entity it sees; the oracle
 * knows everything. The view cone is not applied to blocks: every skill turns the head toward its
 * target before acting, so a block behind the agent is a glance away, not a secret.
 *
 * Written against the body port, so both backends ask the same question of their own world.
 */
import { posKey, type Vec3 } from '../../core/vec3.js';
import { BLOCK_REACH, withinReach } from '../../world/index.js';
import type { BodyEntity, BodyPort, Viewer } from '../body-port.js';
import { eyePosition } from './eyes.js';
import { blockVisibleFrom } from './line-of-sight.js';
import { entityVisible } from './perception.js';

/** Whether `viewer` may know what the block at `pos` is (or that it is air). */
export function mayKnowBlock(port: BodyPort, viewer: Viewer, pos: Vec3, omniscient: boolean): boolean {
  if (omniscient) return true;
  const b = { x: Math.floor(pos.x), y: Math.floor(pos.y), z: Math.floor(pos.z) };
  if (!Number.isFinite(b.x) || !Number.isFinite(b.y) || !Number.isFinite(b.z)) return false;
  if (withinReach(viewer, b)) return true;
  const eye = eyePosition(viewer);
  const dx = b.x + 0.5 - eye.x, dy = b.y + 0.5 - eye.y, dz = b.z + 0.5 - eye.z;
  const range = viewer.perceptionRange;
  if (dx * dx + dy * dy + dz * dz > range * range) return false;
  return blockVisibleFrom(port, eye, b.x, b.y, b.z);
}

/**
 * Whether `viewer` may know `target`, an entity its backend looked up by an id the agent gave. The
 * caller must treat "no such entity" and "not known" alike (`unseenEntity`): telling them apart
 * would say which ids exist.
 */
export function mayKnowEntity(port: BodyPort, viewer: Viewer, target: BodyEntity | undefined, omniscient: boolean): boolean {
  if (!target || target.removed) return false;
  if (omniscient) return true;
  return entityVisible(port, viewer, target);
}

/** The failure text for a block the agent may not know: its position, never what is there. */
export const unseenBlock = (pos: Vec3): string =>
  `the block at ${posKey({ x: Math.floor(pos.x), y: Math.floor(pos.y), z: Math.floor(pos.z) })} is not in sight and not within reach (${BLOCK_REACH} blocks)`;

/** The failure text for an entity id the agent may not know, whether or not the id exists. */
export const unseenEntity = (id: number): string => `no entity with id ${id} is in sight; findEntities lists the ones you can see`;

/** The failure text for an attack by type when no living entity of that type is in sight. */
export const noLivingInSight = (type: string, maxDistance?: number): string =>
  `no living ${type} in sight${maxDistance !== undefined ? ` within ${maxDistance} blocks` : ''}; scout for one or check the name`;
