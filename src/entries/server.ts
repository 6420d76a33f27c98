/** `guildcraft/server`: the human-play server and the remote environment server (docs/human-play.md, docs/python.md). */
export { buildServer, startServer, type ServerOptions, type RunningServer } from '../server/app.js';
export { startEnvServer, type EnvServer, type EnvServerOptions } from '../server/env-api/env-server.js';
export { PROTOCOL_VERSION, requestSchema } from '../server/env-api/protocol.js';
