/**
 * say: speak in chat. The message becomes the world's `chat` event with the speaker's position (and
 * channel), which the env's chat router delivers; `heardBy` counts who that routing reaches: the
 * players within the world's chat range, or every other player on a radio channel the task granted.
 * A message addressed `to` a player is written `@name message`, the convention agents' prompts use.
 */
import type { Player } from '../../../world/index.js';
import { canHear } from '../../../skills/senses/index.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { copyPos } from './body.js';
import { chatSettingsOf } from './chat-settings.js';

export const say = defineSkill('say', {
  // eslint-disable-next-line require-yield -- speaking is instant
  *run(ctx, p) {
    const { world, player } = ctx;
    if (player.dead) return fail('dead', 'the dead cannot speak; wait for respawn');
    const settings = chatSettingsOf(world);
    if (p.channel !== undefined && !settings.radioChannels.includes(p.channel)) {
      const granted = settings.radioChannels.length > 0 ? `granted channels: ${settings.radioChannels.join(', ')}` : 'this task grants no radio channels';
      return fail('no_such_channel', `there is no radio channel '${p.channel}' (${granted}); speak without a channel to use proximity chat`);
    }
    let addressee: Player | undefined;
    if (p.to !== undefined) {
      addressee = world.player(p.to);
      if (!addressee || addressee === player) {
        const others = [...world.players.values()].filter((o) => o !== player).map((o) => o.name);
        return fail('no_such_player', `there is no other player named '${p.to}'${others.length ? `; players: ${others.join(', ')}` : ''}`);
      }
    }
    const message = addressee && !p.message.startsWith(`@${addressee.name}`) ? `@${addressee.name} ${p.message}` : p.message;
    const pos = copyPos(player.pos);
    world.emit({ type: 'chat', from: player.id, name: player.name, message, pos, channel: p.channel ?? null });

    const hearers: Player[] = [];
    for (const o of world.players.values()) {
      if (o === player || o.removed) continue;
      if (p.channel !== undefined || settings.range === Infinity || canHear(o, pos, settings.range)) hearers.push(o);
    }
    if (addressee && !hearers.includes(addressee)) {
      // Not the distance: that would say where an unseen player is.
      return fail('not_heard', `${addressee.name} is beyond the chat range of ${settings.range} blocks; walk closer${settings.radioChannels.length ? ' or use a radio channel' : ''}`);
    }
    return succeed({ heardBy: hearers.length });
  },
});
