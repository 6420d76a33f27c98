/** Game time: 20 ticks per second, 24,000 ticks per Minecraft day. */
export const TICKS_PER_SECOND = 20;
export const TICKS_PER_DAY = 24000;
