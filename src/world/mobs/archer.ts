/**
 * Skeletons: keep SKELETON.preferredMin–preferredMax blocks from the target and shoot every
 * shotIntervalTicks (20 on hard) while it is within maxShotRange and in sight.
 *
 * Arrows are a hit-chance model, not projectile entities: each shot rolls vanilla's spread
 * (AbstractArrow.shoot adds a gaussian of 0.0075 * inaccuracy per axis to the unit direction, with
 * inaccuracy 14 - 4 * difficulty id) and hits when the deviation at the target's distance falls inside
 * the target's box plus the arrow's half width. A hit deals 3–4 (normal) as 'projectile' damage with
 * the skeleton as source, scaled for difficulty like melee damage. Arrow flight time and
 * gravity drop are not modelled: the hit lands on the shot's tick.
 */
import type { Living, MobEntity } from '../entities/entity.js';
import { SKELETON } from '../facts/mobs.js';
import { applyDamage } from '../living/damage.js';
import type { Rng } from '../rng.js';
import type { World } from '../world.js';
import type { MobAi } from './ai-state.js';
import { mobDamageAgainst } from './melee.js';
import { clearLine } from './sky.js';
import { stop, walkToward, yawToward } from './steering.js';

const DIFFICULTY_ID = { peaceful: 0, easy: 1, normal: 2, hard: 3 } as const;
const ARROW_HALF_WIDTH = 0.25;

export function tickArcher(world: World, mob: MobEntity, ai: MobAi, target: Living | null, rng: Rng): void {
  if (!target) {
    stop(mob);
    return;
  }
  const dx = target.pos.x - mob.pos.x, dz = target.pos.z - mob.pos.z;
  const dist = Math.sqrt(dx * dx + dz * dz);
  const eye = { x: mob.pos.x, y: mob.pos.y + mob.height * 0.85, z: mob.pos.z };
  const aim = { x: target.pos.x, y: target.pos.y + target.height * 0.5, z: target.pos.z };
  // Sight is checked only when a shot is due, so the ray costs nothing most ticks.
  const shotDue = ai.attackCooldown === 0 && dist <= SKELETON.maxShotRange;
  const canSee = shotDue ? clearLine(world, eye, aim) : true;
  if (dist > SKELETON.preferredMax || !canSee) walkToward(world, mob, target.pos.x, target.pos.z);
  else if (dist < SKELETON.preferredMin) {
    walkToward(world, mob, target.pos.x, target.pos.z, -1);
    mob.yaw = yawToward(mob.pos.x, mob.pos.z, target.pos.x, target.pos.z);
  } else {
    stop(mob);
    mob.yaw = yawToward(mob.pos.x, mob.pos.z, target.pos.x, target.pos.z);
  }
  if (!shotDue || !canSee) return;
  ai.attackCooldown = world.difficulty === 'hard' ? SKELETON.shotIntervalTicksHard : SKELETON.shotIntervalTicks;
  world.emit({ type: 'sound', pos: { ...eye }, sound: 'entity.skeleton.shoot', volume: 1, source: mob.id });
  const range = Math.hypot(aim.x - eye.x, aim.y - eye.y, aim.z - eye.z);
  const spread = 0.0075 * (14 - 4 * DIFFICULTY_ID[world.difficulty]) * range;
  const offSide = gaussian(rng) * spread;
  const offUp = gaussian(rng) * spread;
  const hit = Math.abs(offSide) <= target.width / 2 + ARROW_HALF_WIDTH && Math.abs(offUp) <= target.height / 2 + ARROW_HALF_WIDTH;
  if (!hit) return;
  const damage = mobDamageAgainst(world, target, rng.int(SKELETON.arrowDamageMin, SKELETON.arrowDamageMax));
  if (damage <= 0) return;
  const outcome = applyDamage(world, target, damage, 'projectile', mob.id);
  if (outcome.landed) world.emit({ type: 'entity_attacked', by: mob.id, target: target.id, damage: outcome.dealt });
}

/** Standard normal draw (Box–Muller) from the seeded stream. */
function gaussian(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}
