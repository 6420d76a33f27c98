/**
 * Status effects (Java Edition 1.20, wiki "Effect" and each effect's page; vanilla MobEffect and
 * MobEffectInstance). Effects are keyed by minecraft-data effect names.
 * - Adding: a stronger effect replaces a weaker one; the same level with a longer duration extends it;
 *   a weaker or shorter one is ignored (vanilla keeps it as a hidden effect — not modelled).
 * - Instant effects act once: InstantHealth heals 4 << amp, InstantDamage deals 6 << amp (magic).
 * - Every tick: Regeneration heals 1 every (50 >> amp) ticks, Poison deals 1 every (25 >> amp) ticks
 *   but never below 1 health, Wither 1 every (40 >> amp) ticks and can kill, Hunger adds
 *   0.005 * (amp + 1) exhaustion, Saturation restores (amp + 1) food and 2 * (amp + 1) saturation.
 * - Expired effects are removed with `effect_removed`.
 * Movement reads Speed, Slowness and JumpBoost; damage reads Resistance and FireResistance; combat
 * reads Strength and Weakness; air reads WaterBreathing. Absorption is accepted but grants no extra
 * hearts (entities have no absorption pool).
 */
import { InputError } from '../../core/errors.js';
import type { Living } from '../entities/entity.js';
import { suggest } from '../registry.js';
import type { WorldSystem } from '../system.js';
import type { World } from '../world.js';
import { applyDamage, heal } from './damage.js';
import { addExhaustion } from './exhaustion.js';

export type AddEffectResult = { ok: true; applied: boolean };

/**
 * Gives `entity` an effect. `amplifier` 0 is level I; `durationTicks` may be Infinity (task effects).
 * Returns `applied: false` when a stronger or longer effect of that name is already active.
 */
export function addEffect(world: World, entity: Living, name: string, amplifier: number, durationTicks: number): AddEffectResult {
  if (!(name in world.registry.data.effectsByName)) {
    throw new InputError(`unknown effect '${name}' in Minecraft ${world.registry.version}`, suggest(name, Object.keys(world.registry.data.effectsByName)));
  }
  if (!Number.isInteger(amplifier) || amplifier < 0 || amplifier > 255) {
    throw new InputError(`effect amplifier must be an integer 0–255, got ${amplifier}`, 'use 0 for level I, 1 for level II');
  }
  if (!(durationTicks >= 0)) throw new InputError(`effect duration must be >= 0 ticks, got ${durationTicks}`, 'give the duration in ticks (20 per second) or Infinity');
  if (entity.dead || entity.removed) return { ok: true, applied: false };

  if (name === 'InstantHealth' || name === 'InstantDamage') {
    world.emit({ type: 'effect_added', entity: entity.id, effect: name, amplifier, durationTicks: 0 });
    if (name === 'InstantHealth') heal(world, entity, 4 << amplifier);
    else applyDamage(world, entity, 6 << amplifier, 'magic');
    return { ok: true, applied: true };
  }
  if (durationTicks === 0) return { ok: true, applied: false };

  const current = entity.effects.get(name);
  if (current) {
    if (amplifier > current.amplifier) {
      current.amplifier = amplifier;
      current.ticksLeft = durationTicks;
    } else if (amplifier === current.amplifier && durationTicks > current.ticksLeft) {
      current.ticksLeft = durationTicks;
    } else {
      return { ok: true, applied: false };
    }
  } else {
    entity.effects.set(name, { name, amplifier, ticksLeft: durationTicks });
  }
  world.emit({ type: 'effect_added', entity: entity.id, effect: name, amplifier, durationTicks });
  return { ok: true, applied: true };
}

/** Removes an effect (milk, honey, death); emits effect_removed when there was one. */
export function removeEffect(world: World, entity: Living, name: string): boolean {
  if (!entity.effects.delete(name)) return false;
  world.emit({ type: 'effect_removed', entity: entity.id, effect: name });
  return true;
}

/** Vanilla MobEffect.isDurationEffectTick: acts when the remaining duration is a multiple of the interval. */
function pulses(world: World, ticksLeft: number, interval: number): boolean {
  if (interval <= 0) return true;
  const clock = Number.isFinite(ticksLeft) ? ticksLeft : world.tick;
  return clock % interval === 0;
}

function tickEffects(world: World, e: Living): void {
  for (const fx of e.effects.values()) {
    const amp = fx.amplifier;
    switch (fx.name) {
      case 'Regeneration':
        if (pulses(world, fx.ticksLeft, 50 >> amp) && e.health < e.maxHealth) heal(world, e, 1);
        break;
      case 'Poison':
        if (pulses(world, fx.ticksLeft, 25 >> amp) && e.health > 1) applyDamage(world, e, Math.min(1, e.health - 1), 'poison');
        break;
      case 'Wither':
        if (pulses(world, fx.ticksLeft, 40 >> amp)) applyDamage(world, e, 1, 'magic', null);
        break;
      case 'Hunger':
        if (e.kind === 'player') addExhaustion(e, 0.005 * (amp + 1));
        break;
      case 'Saturation':
        if (e.kind === 'player') {
          e.food = Math.min(20, e.food + amp + 1);
          e.saturation = Math.min(e.food, e.saturation + 2 * (amp + 1));
        }
        break;
    }
    if (e.dead) return;
    fx.ticksLeft--;
    if (fx.ticksLeft <= 0) {
      e.effects.delete(fx.name);
      world.emit({ type: 'effect_removed', entity: e.id, effect: fx.name });
    }
  }
}

export function effectsSystem(): WorldSystem {
  return {
    name: 'effects',
    tick(world) {
      for (const e of world.livingEntities.values()) {
        if (e.removed || e.dead || e.effects.size === 0) continue;
        tickEffects(world, e);
      }
    },
  };
}
