/**
 * How the Minecraft backend reaches a server. Validated with zod because options may come from a
 * config file or the command line; a bad value is the user's to fix and says so.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.js';

export const minecraftBackendOptionsSchema = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.number().int().min(1).max(65535).default(25565),
  /** Protocol version the bots speak; must match the server (e.g. `1.16.5`, `1.20.4`). */
  version: z.string().min(1).default('1.20.4'),
  /** `offline` for servers with online-mode=false; `microsoft` signs each bot in with its account. */
  auth: z.enum(['offline', 'microsoft']).default('offline'),
  /** The privileged connection that issues /fill, /summon, /give …; must be an operator on the server. */
  orchestrator: z.string().min(1).max(16).default('orchestrator'),
  /**
   * How agents' `say` reaches other agents: real in-game `chat` (subject to the server's spam
   * filter), or an `out-of-band` channel inside this process (no chat packets, no anti-spam kicks).
   * Either way our layer enforces the scenario's chat range and radio channels.
   */
  messaging: z.enum(['chat', 'out-of-band']).default('out-of-band'),
  /** Ticks one `step` advances (20 ticks = 1 s of real server time). */
  ticksPerStep: z.number().int().positive().default(20),
  /** Longest wait for one bot to join and spawn, in milliseconds. */
  joinTimeoutMs: z.number().int().positive().default(30_000),
  /**
   * Longest wait, after a new bot spawns, for the server's last move of its login (flying-squid
   * sends the login position once more), in milliseconds; a server that sends none costs this once
   * per new connection.
   */
  loginSettleMs: z.number().int().nonnegative().default(3_000),
  /** Longest wait for set-up commands to be acknowledged by the server, in milliseconds. */
  commandTimeoutMs: z.number().int().positive().default(10_000),
  /** Remove every non-player entity when an episode starts (`/kill @e[type=!player]`). */
  clearEntitiesOnReset: z.boolean().default(true),
  /** Directory for Microsoft auth token caches (only with auth=microsoft). */
  profilesFolder: z.string().optional(),
});

export type MinecraftBackendOptions = z.input<typeof minecraftBackendOptionsSchema>;
export type ResolvedMinecraftOptions = z.output<typeof minecraftBackendOptionsSchema>;

export function resolveMinecraftOptions(options: MinecraftBackendOptions = {}): ResolvedMinecraftOptions {
  const parsed = minecraftBackendOptionsSchema.safeParse(options);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(options)'}: ${i.message}`).join('; ');
    throw new InputError(`invalid Minecraft backend options: ${issues}`, 'fix the host/port/version/auth settings (see docs/minecraft-backend.md)');
  }
  return parsed.data;
}
