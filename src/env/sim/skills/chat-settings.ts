/**
 * Per-world chat rules the `say` skill reads: how far proximity chat carries and which radio
 * channels the task granted. The env backend sets them at reset from the scenario (`chatRange`,
 * `radioChannels`); until then the scenario defaults apply (32 blocks, no radio).
 */
import { InputError } from '../../../core/errors.js';
import type { World } from '../../../world/index.js';

export interface ChatSettings {
  /** Blocks from the speaker's feet; Infinity (or null, as scenarios write it) = heard everywhere. */
  range: number;
  /** Channels every agent may talk on regardless of distance. */
  radioChannels: readonly string[];
}

/** The scenario schema's defaults. */
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { range: 32, radioChannels: [] };

const settings = new WeakMap<World, ChatSettings>();

export function setChatSettings(world: World, s: { range: number | null; radioChannels?: readonly string[] }): void {
  const range = s.range === null ? Infinity : s.range;
  if (!(range >= 0)) throw new InputError(`chat range must be a non-negative number of blocks, got ${s.range}`, 'use null (or Infinity) for chat heard everywhere');
  settings.set(world, { range, radioChannels: [...(s.radioChannels ?? [])] });
}

export function chatSettingsOf(world: World): ChatSettings {
  return settings.get(world) ?? DEFAULT_CHAT_SETTINGS;
}
