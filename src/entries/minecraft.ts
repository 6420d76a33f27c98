/** `guildcraft/minecraft`: the Minecraft backend, every agent and task on a real server (docs/minecraft-backend.md). */
export {
  MinecraftBackend,
  createMinecraftBackend,
  MinecraftConnectionPool,
  minecraftBackendOptionsSchema,
  resolveMinecraftOptions,
  MinecraftWorldAdmin,
  Frame,
  type MinecraftBackendExtras,
  type MinecraftBackendOptions,
  type ResolvedMinecraftOptions,
} from '../env/minecraft/index.js';
