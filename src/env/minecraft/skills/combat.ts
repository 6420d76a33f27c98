/**
 * attack: pick the nearest visible entity of a type (or the given id) and let mineflayer-pvp chase
 * and hit it with attack-cooldown timing until it dies, leaves sight for good, or the time is up.
 *
 * Shield: mineflayer-pvp itself lowers an off-hand shield 100 ms before each swing and raises it
 * 150 ms after, and keeps it up while it follows the target (the embedded world's skill lowers it to
 * chase). `shield: false` hides the shield from pvp for the skill's run; the shield comes down when
 * the skill ends either way.
 */
import type { Entity } from 'prismarine-entity';
import type { SkillParams } from '../../../skills/catalog.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { noLivingInSight, unseenEntity } from '../../../skills/senses/index.js';
import { botVisibleEntities } from '../bot-senses.js';
import { throwIfAborted, type McSkillContext } from './context.js';

export async function attack(ctx: McSkillContext, p: SkillParams<'attack'>): Promise<SkillResult> {
  const { bot } = ctx;
  if (p.id !== undefined && p.id === bot.entity.id) return fail('not_attackable', 'you cannot attack yourself');
  const seen = botVisibleEntities(bot, ctx.senses, {
    ...(p.type !== undefined ? { type: p.type } : {}),
    ...(p.maxDistance !== undefined ? { range: p.maxDistance } : {}),
  }).filter((e) => p.id === undefined || e.id === p.id);
  // The embedded world's answers (knowable.ts): an id out of sight answers like one that does not
  // exist, and never says what is behind it.
  if (p.id !== undefined && seen.length === 0) return fail('not_visible', unseenEntity(p.id));
  const target = seen.find((e) => e.type !== 'item' && e.type !== 'experience_orb');
  if (!target) {
    if (p.id !== undefined) return fail('not_attackable', `entity ${p.id} is ${seen[0]!.type === 'item' ? 'a dropped item' : 'an experience orb'}`);
    return fail('not_visible', noLivingInSight(p.type ?? 'entity', p.maxDistance));
  }
  const entity: Entity = target.entity;
  let gone = false;
  const onGone = (e: Entity): void => {
    if (e.id === entity.id) gone = true;
  };
  bot.on('entityGone', onGone);
  bot.on('entityDead', onGone);
  // pvp asks `hasShield()` before every swing; an own property shadows its method for this run only.
  const pvp = bot.pvp as unknown as { hasShield(): boolean };
  if (!p.shield) pvp.hasShield = () => false;
  try {
    bot.pvp.attack(entity);
    for (let t = 0; t < p.timeoutTicks && !gone; t += 5) {
      throwIfAborted(ctx.signal);
      await ctx.waitTicks(5);
      if (!bot.entities[entity.id]) gone = true;
    }
  } finally {
    bot.off('entityGone', onGone);
    bot.off('entityDead', onGone);
    await bot.pvp.stop();
    if (!p.shield) delete (pvp as { hasShield?: unknown }).hasShield;
    if (bot.usingHeldItem) bot.deactivateItem();
  }
  return succeed({ target: { id: target.id, type: target.type }, killed: gone });
}
