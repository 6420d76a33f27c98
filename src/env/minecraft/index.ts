/** The Minecraft backend: every agent and task on a real Java server (see docs/minecraft-backend.md). */
export { MinecraftBackend, createMinecraftBackend, type MinecraftBackendExtras } from './backend.js';
export { MinecraftConnectionPool } from './connection-pool.js';
export { minecraftBackendOptionsSchema, resolveMinecraftOptions, type MinecraftBackendOptions, type ResolvedMinecraftOptions } from './options.js';
export { MinecraftWorldAdmin } from './world-admin.js';
export { Frame } from './frame.js';
