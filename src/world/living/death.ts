/**
 * Death and respawn (Java Edition 1.20).
 * - Players: `dead`, `player_died` and `entity_died`; everything in the inventory (main, armor,
 *   offhand) drops as item entities unless the gamerule keepInventory is on. After
 *   RESPAWN_DELAY_TICKS they respawn at their spawn point with full health, 20 food, 5 saturation,
 *   full air, no effects and no fire (vanilla ServerPlayer respawn state).
 * - Mobs: `entity_died`, loot from minecraft-data's `entityLoot` (each drop rolled with its
 *   dropChance, count uniform in stackSizeRange; `playerKill` drops only when a player killed it),
 *   then removed from the world.
 */
import { idleControls, type Living, type MobEntity, type Player } from '../entities/entity.js';
import { spawnItem } from '../entities/item-entity.js';
import type { DamageCause } from '../events.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';

/**
 * Ticks between a player's death and its respawn. Vanilla shows the death screen until the player
 * clicks "Respawn" (the death animation itself lasts 20 ticks, LivingEntity.tickDeath); agents respawn
 * automatically after that animation.
 */
export const RESPAWN_DELAY_TICKS = 20;

/** Saturation after respawn (vanilla FoodData initial saturation 5). */
export const RESPAWN_SATURATION = 5;

/** Kills `e` now: marks it dead, emits the death events, drops its items or loot. Idempotent. */
export function die(world: World, e: Living, cause: DamageCause, by: number | null = null): void {
  if (e.dead || e.removed) return;
  e.dead = true;
  e.health = 0;
  e.fireTicks = 0;
  const pos = { x: e.pos.x, y: e.pos.y, z: e.pos.z };
  const killer = by ?? e.lastAttacker;
  world.emit({ type: 'entity_died', entity: e.id, entityType: e.type, cause, by: killer, pos });
  if (e.kind === 'player') {
    world.emit({ type: 'player_died', player: e.id, name: e.name, cause, pos: { ...pos } });
    e.respawnTimer = RESPAWN_DELAY_TICKS;
    e.using = null;
    e.digging = null;
    e.controls = idleControls();
    if (!world.gamerules.keepInventory) {
      for (const stack of e.inventory.takeAll()) spawnItem(world, pos, stack, { by: e.id });
    }
  } else {
    dropLoot(world, e, killer);
    world.removeEntity(e, 'died');
  }
}

function dropLoot(world: World, mob: MobEntity, killer: number | null): void {
  const loot = world.registry.data.entityLoot[mob.type];
  if (!loot) return;
  const byPlayer = killer !== null && world.entity(killer)?.kind === 'player';
  const rng = world.rng('mob-loot');
  for (const drop of loot.drops) {
    if (drop.playerKill && !byPlayer) continue;
    if (drop.dropChance < 1 && !rng.chance(drop.dropChance)) continue;
    const [min, max] = drop.stackSizeRange;
    const count = rng.int(min ?? 1, max ?? min ?? 1);
    if (count <= 0 || !world.registry.isItem(drop.item)) continue;
    spawnItem(world, mob.pos, { name: drop.item, count }, { by: killer });
  }
}

/** Puts a dead player back at its spawn point in the vanilla respawn state. */
export function respawn(world: World, p: Player): void {
  p.dead = false;
  p.pos = { ...p.spawnPoint };
  p.vel = { x: 0, y: 0, z: 0 };
  p.onGround = false;
  p.health = p.maxHealth;
  p.food = 20;
  p.saturation = RESPAWN_SATURATION;
  p.exhaustion = 0;
  p.foodTimer = 0;
  p.air = p.maxAir;
  p.effects.clear();
  p.fireTicks = 0;
  p.frozenTicks = 0;
  p.fallDistance = 0;
  p.landedFallDistance = 0;
  p.hurtCooldown = 0;
  p.lastHurtAmount = 0;
  p.lastAttacker = null;
  p.attackCooldown = 0;
  p.respawnTimer = 0;
  p.activity.jumped = p.activity.attacked = p.activity.dugBlock = false;
  p.activity.damageTaken = 0;
  world.emit({ type: 'player_respawned', player: p.id, name: p.name, pos: { ...p.pos } });
}

/**
 * Catches deaths other rules caused by setting health directly (health <= 0 but not yet dead),
 * and counts dead players down to their respawn.
 */
export function deathSystem(): WorldSystem {
  return {
    name: 'death',
    tick(world) {
      for (const e of world.livingEntities.values()) {
        if (e.removed) continue;
        if (!e.dead) {
          if (e.health <= 0) die(world, e, e.lastDamageCause ?? 'generic', e.lastAttacker);
          continue;
        }
        if (e.kind === 'player' && --e.respawnTimer <= 0) respawn(world, e);
      }
    },
  };
}
