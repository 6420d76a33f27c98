/**
 * Low-level actions for reinforcement learning: the keys and mouse of a player, applied per tick.
 * Movement keys (forward/strafe/jump/sneak/sprint) are held on every tick until the next action;
 * turning, attacking, using, selecting a slot and dropping happen once, on the first tick of the
 * action (`firstTick`), like a key press. Attacks hit the entity in the crosshair within melee reach
 * using the world's combat rule (damage, cooldown, knockback); with no entity there, attack is held
 * like the left mouse button on the block in the crosshair: the world's digging rule breaks it over
 * vanilla dig time (hardness, held tool, water, air) while the action keeps attack on and the
 * crosshair on the block, and progress is lost when either stops, as in vanilla. `use` eats or
 * drinks the held item, or places the held block against the block in the crosshair; with a shield in
 * the main hand, or in the off hand when the main hand's item has no use, `use` is held like the right
 * mouse button: the shield goes up and stays up while the actions keep `use` on, and comes down with
 * the first action without it (before that action's attack, so a swing can follow at once). While the
 * shield is up an attack does nothing, as in vanilla.
 */
import type { LowLevelAction } from '../core/actions.js';
import type { Vec3 } from '../core/vec3.js';
import type { Entity, Player, World } from '../world/index.js';
import { ATTACK_REACH, BLOCK_REACH, attack, blockForItem, lowerShield, placeBlock, raiseShield, raisedShield, startDigging, startUsing, stopDigging } from '../world/index.js';
import { PICKUP_DELAY_THROWN, spawnItem } from '../world/entities/item-entity.js';
import { eyePosition, lookDirection } from './senses/eyes.js';

export interface LowLevelReport {
  /** What the one-shot parts did this step (absent when not requested). */
  attack?: { ok: boolean; target?: number; damage?: number; killed?: boolean; reason?: string };
  use?: { ok: boolean; item?: string; placed?: Vec3; reason?: string };
  drop?: { ok: boolean; item?: string; reason?: string };
  /** Attack held on a block (first tick): the block being dug and the ticks it needs with the held item. */
  dig?: { ok: boolean; block?: string; pos?: Vec3; ticksNeeded?: number; reason?: string };
}

/** Applies `action` to `player` for one tick. Returns what the one-shot parts did on the first tick. */
export function applyLowLevel(world: World, player: Player, action: LowLevelAction, firstTick: boolean): LowLevelReport {
  const c = player.controls;
  if (player.dead) {
    c.forward = 0;
    c.strafe = 0;
    c.jump = c.sneak = c.sprint = false;
    return {};
  }
  const keys = heldKeys(action);
  c.forward = keys.forward;
  c.strafe = keys.strafe;
  c.jump = keys.jump;
  c.sneak = keys.sneak;
  c.sprint = keys.sprint;
  if (!firstTick) {
    // Held attack keeps digging, moving on to the next block in the crosshair once one breaks.
    if (action.attack && !entityInCrosshair(world, player, ATTACK_REACH)) holdDig(world, player);
    else if (player.digging) stopDigging(world, player);
    // Held use brings a shield an axe knocked aside back up once its 100 ticks are over (vanilla
    // keeps trying the use while the button is down).
    const hand = shieldUseHeld.get(player);
    if (action.use && hand && !raisedShield(player) && world.tick >= player.shieldDisabledUntil) raiseShield(world, player, hand);
    return {};
  }

  const look = turnedLook(player.yaw, player.pitch, action);
  player.yaw = look.yaw;
  player.pitch = look.pitch;
  if (action.slot !== undefined) player.inventory.selected = action.slot;
  if (!action.use) {
    lowerShield(player);
    shieldUseHeld.delete(player);
  }
  const report: LowLevelReport = {};
  if (action.attack) {
    report.attack = attackInCrosshair(world, player);
    if (report.attack.reason === 'no_target') {
      const dig = holdDig(world, player);
      if (dig) report.dig = dig;
    }
  } else if (player.digging) stopDigging(world, player);
  if (action.use) report.use = useHeld(world, player);
  if (action.drop) report.drop = dropHeld(world, player);
  return report;
}

/**
 * The keys a low-level action holds, the same on every backend: forward/back and strafe as given
 * (positive strafe is left, as in vanilla input), sprint only while moving forward.
 */
export function heldKeys(a: LowLevelAction): { forward: number; strafe: number; jump: boolean; sneak: boolean; sprint: boolean } {
  return { forward: a.forward, strafe: a.strafe, jump: a.jump, sneak: a.sneak, sprint: a.sprint && a.forward > 0 };
}

/** The look after a low-level action's turn, in degrees: yaw wrapped to (−180, 180], pitch clamped to ±90. */
export function turnedLook(yaw: number, pitch: number, a: LowLevelAction): { yaw: number; pitch: number } {
  return { yaw: wrapDegrees(yaw + a.yawDelta), pitch: Math.max(-90, Math.min(90, pitch + a.pitchDelta)) };
}

/** Releases every key (when a low-level action is replaced by a skill or cancelled). */
export function releaseKeys(player: Player): void {
  const c = player.controls;
  c.forward = 0;
  c.strafe = 0;
  c.jump = c.sneak = c.sprint = false;
  player.digging = null; // letting go of attack abandons a dig (vanilla loses the progress)
  lowerShield(player); // letting go of use lowers a shield
  shieldUseHeld.delete(player);
}

/** Keeps digging the block in the crosshair (a new block starts over); null when no block is in reach. */
function holdDig(world: World, player: Player): NonNullable<LowLevelReport['dig']> | null {
  const hit = blockInCrosshair(world, player, BLOCK_REACH);
  if (!hit) {
    if (player.digging) stopDigging(world, player);
    return null;
  }
  const r = startDigging(world, player, hit.pos);
  if (!r.ok) {
    if (player.digging) stopDigging(world, player);
    return { ok: false, pos: hit.pos, reason: r.reason };
  }
  return { ok: true, block: r.block, pos: hit.pos, ticksNeeded: r.ticksNeeded };
}

function attackInCrosshair(world: World, player: Player): NonNullable<LowLevelReport['attack']> {
  const target = entityInCrosshair(world, player, ATTACK_REACH);
  if (!target) return { ok: false, reason: 'no_target' };
  const r = attack(world, player, target);
  return r.ok ? { ok: true, target: r.target, damage: r.damage, killed: r.killed } : { ok: false, target: target.id, reason: r.reason };
}

/** Right button: the main hand's use, else the off hand's shield (vanilla tries the hands in that order). */
function useHeld(world: World, player: Player): NonNullable<LowLevelReport['use']> {
  if (raisedShield(player)) return { ok: true, item: 'shield' }; // use still held: the shield stays up
  const held = player.inventory.held;
  if (held?.name === 'shield') return shieldUp(world, player, 'main');
  const main = held ? useMainHand(world, player, held.name, held.potion) : { ok: false, reason: 'empty_hand' };
  if (main.ok || player.inventory.offhand?.name !== 'shield') return main;
  return shieldUp(world, player, 'off');
}

function useMainHand(world: World, player: Player, item: string, potion: string | undefined): NonNullable<LowLevelReport['use']> {
  if (blockForItem(world.registry, item)) {
    const hit = blockInCrosshair(world, player, BLOCK_REACH);
    if (!hit) return { ok: false, item, reason: 'no_block_in_reach' };
    const r = placeBlock(world, player, hit.before, item);
    return r.ok ? { ok: true, item, placed: hit.before } : { ok: false, item, reason: r.reason };
  }
  const r = startUsing(world, player, item, potion ? { potion } : {});
  return r.ok ? { ok: true, item } : { ok: false, item, reason: r.reason };
}

/** Players whose current action holds use on a shield, and the hand: the use goes on while the button is down. */
const shieldUseHeld = new WeakMap<Player, 'main' | 'off'>();

function shieldUp(world: World, player: Player, hand: 'main' | 'off'): NonNullable<LowLevelReport['use']> {
  shieldUseHeld.set(player, hand);
  const r = raiseShield(world, player, hand);
  return r.ok ? { ok: true, item: 'shield' } : { ok: false, item: 'shield', reason: r.reason };
}

function dropHeld(world: World, player: Player): NonNullable<LowLevelReport['drop']> {
  const inv = player.inventory;
  const held = inv.held;
  if (!held) return { ok: false, reason: 'empty_hand' };
  const stack = { ...held, count: 1 };
  held.count -= 1;
  if (held.count === 0) inv.slots[inv.selected] = null;
  const eye = eyePosition(player);
  const look = lookDirection(player.yaw, player.pitch);
  spawnItem(world, { x: eye.x, y: eye.y - 0.3, z: eye.z }, stack, {
    by: player.id,
    pickupDelay: PICKUP_DELAY_THROWN,
    vel: { x: look.x * 0.3, y: look.y * 0.3 + 0.1, z: look.z * 0.3 },
  });
  return { ok: true, item: stack.name };
}

/** The nearest living entity whose box the look ray enters within `reach`, not behind a block. */
export function entityInCrosshair(world: World, player: Player, reach: number): Entity | null {
  const eye = eyePosition(player);
  const dir = lookDirection(player.yaw, player.pitch);
  const blockHit = blockInCrosshair(world, player, reach);
  const limit = blockHit ? blockHit.distance : reach;
  let best: Entity | null = null;
  let bestT = Infinity;
  for (const e of world.near(eye, reach + 3)) {
    if (e === player || e.removed || (e.kind !== 'mob' && e.kind !== 'player') || e.dead) continue;
    const hw = e.width / 2;
    const t = rayBox(eye, dir, e.pos.x - hw, e.pos.y, e.pos.z - hw, e.pos.x + hw, e.pos.y + e.height, e.pos.z + hw);
    if (t !== null && t <= limit && (t < bestT || (t === bestT && best !== null && e.id < best.id))) {
      best = e;
      bestT = t;
    }
  }
  return best;
}

/**
 * The first block the look ray enters that is not air or a fluid, within `reach`, with the cell
 * just before it (where a placed block goes). Steps of 1/32 block: exact enough for a crosshair.
 */
export function blockInCrosshair(world: World, player: Player, reach: number): { pos: Vec3; before: Vec3; distance: number } | null {
  const eye = eyePosition(player);
  const dir = lookDirection(player.yaw, player.pitch);
  const reg = world.registry;
  let prev = { x: Math.floor(eye.x), y: Math.floor(eye.y), z: Math.floor(eye.z) };
  const step = 1 / 32;
  for (let t = step; t <= reach; t += step) {
    const cell = { x: Math.floor(eye.x + dir.x * t), y: Math.floor(eye.y + dir.y * t), z: Math.floor(eye.z + dir.z * t) };
    if (cell.x === prev.x && cell.y === prev.y && cell.z === prev.z) continue;
    const state = world.stateAt(cell.x, cell.y, cell.z);
    if (!reg.isAir(state) && reg.fluidByState[state] !== 1) return { pos: cell, before: prev, distance: t };
    prev = cell;
  }
  return null;
}

/** Distance along the unit ray to where it enters the box, or null if it misses. */
function rayBox(o: Vec3, d: Vec3, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): number | null {
  let tmin = 0;
  let tmax = Infinity;
  for (const [oa, da, lo, hi] of [[o.x, d.x, x0, x1], [o.y, d.y, y0, y1], [o.z, d.z, z0, z1]] as const) {
    if (Math.abs(da) < 1e-12) {
      if (oa < lo || oa > hi) return null;
      continue;
    }
    let t0 = (lo - oa) / da;
    let t1 = (hi - oa) / da;
    if (t0 > t1) [t0, t1] = [t1, t0];
    tmin = Math.max(tmin, t0);
    tmax = Math.min(tmax, t1);
    if (tmin > tmax) return null;
  }
  return tmin;
}

function wrapDegrees(a: number): number {
  const w = ((a % 360) + 360) % 360;
  return w > 180 ? w - 360 : w;
}
