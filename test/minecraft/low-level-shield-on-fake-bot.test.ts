/**
 * Low-level `use` on a shield on the Minecraft backend, as on the embedded world: held use raises an
 * off-hand shield behind a sword and keeps it up, the first action without use lowers it before its
 * attack, and an attack with the shield up is not sent. A fake bot records what mineflayer is asked.
 */
import minecraftData from 'minecraft-data';
import type { Bot } from 'mineflayer';
import { describe, expect, it } from 'vitest';
import { lowLevelActionSchema, type LowLevelAction } from '../../src/core/actions.js';
import { applyLowLevel, releaseKeys } from '../../src/env/minecraft/low-level.js';

const data = minecraftData('1.16.5');
const act = (a: Partial<LowLevelAction>): LowLevelAction => lowLevelActionSchema.parse({ type: 'low_level', ...a });

function fakeBot(held: string | null, offHand: string | null) {
  const calls: string[] = [];
  const slots: ({ name: string } | null)[] = [];
  slots[45] = offHand ? { name: offHand } : null;
  const zombie = { id: 7 };
  const bot = {
    registry: data,
    heldItem: held ? { name: held } : null,
    inventory: { slots },
    entity: { yaw: 0, pitch: 0 },
    targetDigBlock: null,
    setControlState: () => undefined,
    clearControlStates: () => undefined,
    entityAtCursor: () => zombie,
    blockAtCursor: () => null,
    activateItem: (offHandUse = false) => calls.push(`activate ${offHandUse ? 'off' : 'main'}`),
    deactivateItem: () => calls.push('deactivate'),
    attack: () => calls.push('attack'),
  };
  return { bot: bot as unknown as Bot, calls };
}

describe('low-level shield use on mineflayer', () => {
  it('raises the off-hand shield behind a sword, keeps it up while use is held, lowers it before the next swing', async () => {
    const { bot, calls } = fakeBot('iron_sword', 'shield');
    expect((await applyLowLevel(bot, act({ use: true }))).use).toEqual({ ok: true, item: 'shield' });
    expect((await applyLowLevel(bot, act({ use: true, attack: true }))).attack).toEqual({ ok: false, reason: 'shield_raised' });
    expect((await applyLowLevel(bot, act({ attack: true }))).attack).toEqual({ ok: true, target: 7 });
    expect(calls).toEqual(['activate off', 'deactivate', 'attack']);
  });

  it('uses a main-hand shield with the main hand, eats food in hand before an off-hand shield, and lowers the shield when the keys are released', async () => {
    const main = fakeBot('shield', null);
    await applyLowLevel(main.bot, act({ use: true }));
    releaseKeys(main.bot);
    expect(main.calls).toEqual(['activate main', 'deactivate']);
    const food = fakeBot('bread', 'shield');
    expect((await applyLowLevel(food.bot, act({ use: true }))).use).toEqual({ ok: true, item: 'bread' });
    releaseKeys(food.bot);
    expect(food.calls).toEqual(['activate main']); // eating is not the shield: nothing to lower
  });
});
