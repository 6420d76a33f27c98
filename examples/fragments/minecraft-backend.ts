// docs/minecraft-backend.md quotes the region below: the Minecraft backend from code (it needs a running server).
import type { Scenario } from 'guildcraft';
declare const scenario: Scenario;

// #region doc
import { createMinecraftBackend } from 'guildcraft/minecraft';

const env = createMinecraftBackend({
  host: '127.0.0.1', port: 25565, version: '1.20.4',
  auth: 'offline', // or 'microsoft' (each bot signs in with its account)
  orchestrator: 'orchestrator', // must be an operator on the server
  messaging: 'out-of-band', // or 'chat' (real in-game chat)
  ticksPerStep: 20, // one step = 1 s of real server time
});
const obs = await env.reset({ seed: 1, scenario });
const r = await env.step({ alice: { type: 'skill', name: 'collect', params: { block: 'oak_log', count: 3 } } });
await env.close();
// #endregion doc
