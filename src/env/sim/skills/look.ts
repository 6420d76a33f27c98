/** look: turn the head toward a point, or to given angles (the eyes' direction matters with a field of view). */
import { lookFramesOf } from '../../../skills/render/look-frames.js';
import { defineSkill } from '../../../skills/skill.js';
import { fail, succeed } from '../../../skills/skill-result.js';
import { faceToward } from './body.js';

export const look = defineSkill('look', {
  // eslint-disable-next-line require-yield -- turning the head is instant
  *run(ctx, p) {
    const player = ctx.player;
    if (p.at) {
      faceToward(player, p.at);
    } else if (p.yaw !== undefined || p.pitch !== undefined) {
      if (p.yaw !== undefined) player.yaw = normaliseYaw(p.yaw);
      if (p.pitch !== undefined) player.pitch = p.pitch;
    } else {
      return fail('invalid_params', 'look needs `at` {x,y,z} or `yaw`/`pitch` in degrees');
    }
    // With rendered views on (--vision), the frame seen after turning, as a handle the agent's next turn resolves.
    const frame = lookFramesOf(ctx.world)?.take(ctx.world, player);
    return succeed({ yaw: round(player.yaw), pitch: round(player.pitch), ...frame });
  },
});

/** Yaw in (-180, 180], as Minecraft shows it. */
function normaliseYaw(yaw: number): number {
  const y = ((yaw % 360) + 360) % 360;
  return y > 180 ? y - 360 : y;
}

const round = (v: number): number => Math.round(v * 100) / 100 || 0; // no -0 in results
