/**
 * attack: pick the nearest visible entity of a type (or the given id) and let mineflayer-pvp chase
 * and hit it with attack-cooldown timing until it dies, leaves sight for good, or the time is up.
 */
import type { Entity } from 'prismarine-entity';
import type { SkillParams } from '../../../skills/catalog.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { botVisibleEntities } from '../bot-senses.js';
import { throwIfAborted, type McSkillContext } from './context.js';

export async function attack(ctx: McSkillContext, p: SkillParams<'attack'>): Promise<SkillResult> {
  const { bot } = ctx;
  const seen = botVisibleEntities(bot, ctx.senses, {
    ...(p.type !== undefined ? { type: p.type } : {}),
    ...(p.maxDistance !== undefined ? { range: p.maxDistance } : {}),
  }).filter((e) => (p.id === undefined || e.id === p.id) && e.type !== 'item' && e.type !== 'experience_orb');
  const target = seen[0];
  if (!target) {
    const what = p.id !== undefined ? `entity ${p.id}` : p.type !== undefined ? `${p.type}` : 'entity';
    return fail('no_target', `no visible ${what} to attack${p.maxDistance !== undefined ? ` within ${p.maxDistance} blocks` : ''}; use findEntities`);
  }
  const entity: Entity = target.entity;
  let gone = false;
  const onGone = (e: Entity): void => {
    if (e.id === entity.id) gone = true;
  };
  bot.on('entityGone', onGone);
  bot.on('entityDead', onGone);
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
  }
  return succeed({ target: { id: target.id, type: target.type }, killed: gone });
}
