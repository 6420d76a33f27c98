/**
 * Explosions (creepers). Damage follows the wiki "Explosion" § Damage formula: for an entity within
 * 2 * power blocks, impact = (1 - distance / (2 * power)) * exposure and
 * damage = (impact^2 + impact) / 2 * 7 * (2 * power) + 1 (43 at the centre of a creeper's power 3 blast on
 * normal; scaled for difficulty when a mob caused it and a player takes it).
 * Simplified: exposure is the share of three sample points on the body (feet, middle, head) in clear sight
 * of the centre, instead of vanilla's ray grid; blocks are not destroyed; no knockback.
 */
import type { Vec3 } from '../../core/vec3.js';
import type { Entity } from '../entities/entity.js';
import { applyDamage, scaleForDifficulty } from '../living/damage.js';
import type { World } from '../world.js';
import { clearLine } from './sky.js';

const isLive = (e: Entity): boolean => (e.kind === 'player' || e.kind === 'mob') && !e.dead;

export function explosionDamage(distance: number, power: number, exposure: number): number {
  const impact = (1 - distance / (2 * power)) * exposure;
  if (impact <= 0) return 0;
  return ((impact * impact + impact) / 2) * 7 * (2 * power) + 1;
}

export function explode(world: World, center: Vec3, power: number, by: number | null): void {
  world.emit({ type: 'explosion', pos: { x: center.x, y: center.y, z: center.z }, power, by });
  const radius = 2 * power;
  // Sight lines start a little above the centre so a blast at foot level is not hidden by the floor.
  const eye = { x: center.x, y: center.y + 0.1, z: center.z };
  for (const e of world.near(center, radius + 2, isLive)) {
    if (e.id === by || (e.kind !== 'player' && e.kind !== 'mob')) continue;
    const distance = Math.hypot(e.pos.x - center.x, e.pos.y - center.y, e.pos.z - center.z);
    if (distance > radius) continue;
    let seen = 0;
    for (const f of [0.1, 0.5, 0.9]) if (clearLine(world, eye, { x: e.pos.x, y: e.pos.y + e.height * f, z: e.pos.z })) seen++;
    const damage = explosionDamage(distance, power, seen / 3);
    // Vanilla explosion damage scales with difficulty for players when a mob caused it.
    const source = by !== null ? world.entity(by) : undefined;
    const dealt = source?.kind === 'mob' && e.kind === 'player' ? scaleForDifficulty(world.difficulty, damage) : damage;
    if (dealt > 0) applyDamage(world, e, dealt, 'explosion', by, { sourcePos: center });
  }
}
