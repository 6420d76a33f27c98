/**
 * Low-level actions (core/actions.ts) on a mineflayer bot: movement keys held for the step,
 * turning, attack, use, hotbar slot and drop once at its start. Which keys are held and where the
 * look turns are the embedded world's rules (`heldKeys`, `turnedLook` in skills/low-level.ts);
 * only pressing them on a bot, and attack/use/drop through mineflayer, live here.
 *
 * A shield is used as on the embedded world: from the main hand, or from the off hand when the main
 * hand holds no block to place or food or potion to consume; it stays up (the item use is not
 * released) while the actions keep `use` on, comes down with the first action without it (before
 * that action's attack), and while it is up an attack is not sent, as a vanilla client ignores it.
 */
import type { Bot } from 'mineflayer';
import type { LowLevelAction } from '../../core/actions.js';
import { heldKeys, turnedLook } from '../../skills/low-level.js';
import { dropHeld } from './skills/drop.js';
import { mineflayerPitch, mineflayerYaw, pitchDegrees, yawDegrees } from './bot-geometry.js';

export interface LowLevelReport {
  attack?: { ok: boolean; target?: number; reason?: string };
  use?: { ok: boolean; item?: string; reason?: string };
  drop?: { ok: boolean; item?: string; reason?: string };
  dig?: { ok: boolean; block?: string; reason?: string };
}

/** Bots whose shield this module raised and has not lowered yet. */
const shieldUp = new WeakSet<Bot>();

/** The protocol's off-hand inventory slot. */
const OFF_HAND_SLOT = 45;

function lowerShield(bot: Bot): void {
  if (!shieldUp.has(bot)) return;
  shieldUp.delete(bot);
  bot.deactivateItem();
}

export async function applyLowLevel(bot: Bot, a: LowLevelAction): Promise<LowLevelReport> {
  const keys = heldKeys(a);
  bot.setControlState('forward', keys.forward > 0);
  bot.setControlState('back', keys.forward < 0);
  bot.setControlState('left', keys.strafe > 0);
  bot.setControlState('right', keys.strafe < 0);
  bot.setControlState('jump', keys.jump);
  bot.setControlState('sneak', keys.sneak);
  bot.setControlState('sprint', keys.sprint);
  if (a.yawDelta !== 0 || a.pitchDelta !== 0) {
    const look = turnedLook(yawDegrees(bot.entity.yaw), pitchDegrees(bot.entity.pitch), a);
    await bot.look(mineflayerYaw(look.yaw), mineflayerPitch(look.pitch), true);
  }
  if (a.slot !== undefined) bot.setQuickBarSlot(a.slot);
  const report: LowLevelReport = {};
  if (!a.use) lowerShield(bot);
  if (a.attack && shieldUp.has(bot)) report.attack = { ok: false, reason: 'shield_raised' };
  else if (a.attack) {
    const target = bot.entityAtCursor(3);
    if (target) {
      bot.attack(target);
      report.attack = { ok: true, target: target.id };
    } else {
      report.attack = { ok: false, reason: 'no_target' };
      // No entity: attack held on the block in the crosshair digs it, as the left button does; the
      // server times the dig. A later action without attack stops it (progress lost, as in vanilla).
      const block = bot.blockAtCursor(4.5);
      if (block && bot.canDigBlock(block)) {
        if (!bot.targetDigBlock) bot.dig(block, 'ignore').catch(() => undefined);
        report.dig = { ok: true, block: block.name };
      } else report.dig = { ok: false, reason: block ? 'unbreakable' : 'no_block_in_reach' };
    }
  } else if (bot.targetDigBlock) bot.stopDigging();
  if (a.use) {
    const held = bot.heldItem;
    const offHand = bot.inventory.slots[OFF_HAND_SLOT];
    const mainHasUse = held !== null && (bot.registry.blocksByName[held.name] !== undefined || bot.registry.foodsByName[held.name] !== undefined || held.name.endsWith('potion'));
    if (shieldUp.has(bot)) report.use = { ok: true, item: 'shield' }; // use still held: the shield stays up
    else if (held?.name === 'shield' || (!mainHasUse && offHand?.name === 'shield')) {
      bot.activateItem(held?.name !== 'shield');
      shieldUp.add(bot);
      report.use = { ok: true, item: 'shield' };
    } else if (!held) report.use = { ok: false, reason: 'empty_hand' };
    else {
      const block = bot.blockAtCursor(4.5);
      if (block && bot.registry.blocksByName[held.name]) {
        try {
          await bot.activateBlock(block);
          report.use = { ok: true, item: held.name };
        } catch (err) {
          report.use = { ok: false, item: held.name, reason: (err as Error).message };
        }
      } else {
        bot.activateItem();
        report.use = { ok: true, item: held.name };
      }
    }
  }
  if (a.drop) {
    const held = bot.heldItem;
    if (!held) report.drop = { ok: false, reason: 'empty_hand' };
    else {
      dropHeld(bot, 1);
      report.drop = { ok: true, item: held.name };
    }
  }
  return report;
}

export function releaseKeys(bot: Bot): void {
  bot.clearControlStates();
  lowerShield(bot);
  if (bot.targetDigBlock) bot.stopDigging();
}
