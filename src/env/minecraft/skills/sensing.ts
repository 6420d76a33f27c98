/** findBlocks, findEntities and say: what the agent's senses allow, nothing more. */
import type { ObservedEntity } from '../../../core/observation.js';
import type { SkillParams } from '../../../skills/catalog.js';
import { fail, succeed, type SkillResult } from '../../../skills/skill-result.js';
import { round1 } from '../bot-geometry.js';
import { healthMetadataIndex, livingHealth } from '../entity-health.js';
import { botVisibleBlocks, botVisibleEntities, type SeenEntity } from '../bot-senses.js';
import { droppedItem } from '../entities.js';
import type { McSkillContext } from './context.js';

export async function findBlocks(ctx: McSkillContext, p: SkillParams<'findBlocks'>): Promise<SkillResult> {
  if (ctx.bot.registry.blocksByName[p.block] === undefined) return fail('unknown_block', `'${p.block}' is not a block name`);
  const seen = botVisibleBlocks(ctx.bot, ctx.senses, { names: [p.block], maxResults: p.count, ...(p.maxDistance !== undefined ? { range: p.maxDistance } : {}) });
  return succeed({ positions: seen.map((b) => b.pos) });
}

export async function findEntities(ctx: McSkillContext, p: SkillParams<'findEntities'>): Promise<SkillResult> {
  const seen = botVisibleEntities(ctx.bot, ctx.senses, {
    maxResults: p.count,
    ...(p.type !== undefined ? { type: p.type } : {}),
    ...(p.maxDistance !== undefined ? { range: p.maxDistance } : {}),
  });
  const index = healthMetadataIndex(ctx.bot);
  return succeed({ entities: seen.map((e) => describeEntity(e, index)) });
}

/** The observation/skill shape of an entity the agent sees. */
export function describeEntity(s: SeenEntity, healthIndex: number): ObservedEntity {
  const out: ObservedEntity = {
    id: s.id,
    type: s.type,
    pos: { x: round1(s.pos.x), y: round1(s.pos.y), z: round1(s.pos.z) },
    distance: round1(s.distance),
  };
  if (s.name !== null) out.name = s.name;
  if (s.type === 'item') {
    const stack = droppedItem(s.entity);
    if (stack) out.count = stack.count;
  }
  const health = livingHealth(s.entity, healthIndex);
  if (s.type !== 'item' && health !== null) out.health = round1(health);
  const kind = (s.entity as { kind?: string }).kind ?? '';
  if (s.type !== 'player' && s.type !== 'item' && /mobs/i.test(kind)) out.hostile = kind === 'Hostile mobs';
  return out;
}

export async function say(ctx: McSkillContext, p: SkillParams<'say'>): Promise<SkillResult> {
  if (p.channel !== undefined && !ctx.hub.radioChannels.includes(p.channel)) {
    const granted = ctx.hub.radioChannels.length > 0 ? `granted channels: ${ctx.hub.radioChannels.join(', ')}` : 'this task grants no radio channels';
    return fail('no_such_channel', `there is no radio channel '${p.channel}' (${granted}); speak without a channel to use proximity chat`);
  }
  let message = p.message;
  if (p.to !== undefined) {
    if (p.to === ctx.agent || !ctx.bot.players[p.to]) {
      const others = Object.keys(ctx.bot.players).filter((n) => n !== ctx.agent && !ctx.senses.hiddenPlayers.has(n));
      return fail('no_such_player', `there is no other player named '${p.to}'${others.length ? `; players: ${others.join(', ')}` : ''}`);
    }
    if (!message.startsWith(`@${p.to}`)) message = `@${p.to} ${message}`;
  }
  const hearers = ctx.hub.say(ctx.agent, message, p.channel ?? null);
  if (p.to !== undefined && p.channel === undefined && !hearers.includes(p.to)) {
    return fail('not_heard', `${p.to} is beyond the chat range of ${ctx.hub.range} blocks; walk closer${ctx.hub.radioChannels.length ? ' or use a radio channel' : ''}`);
  }
  return succeed({ heardBy: hearers.length });
}
