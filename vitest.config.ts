import { defineConfig } from 'vitest/config';

/**
 * Two tiers, both run by `npm test`:
 * - unit: unit tests beside the code and the scenario tests in test/ (embedded world, scripted models,
 *   local fake HTTP servers) — the fast loop, `npm run test:unit`;
 * - integration: tests that start real outside programs (a flying-squid Minecraft server, Chromium,
 *   the built CLI in a child process) — `npm run test:integration`.
 * A test file is integration when it lives under one of these paths or is named *.e2e.test.ts.
 */
const INTEGRATION = ['test/minecraft/**/*.test.ts', 'test/**/*.e2e.test.ts'];

export default defineConfig({
  // Examples import the package by name, as users do; under test that is the source.
  resolve: {
    alias: [
      { find: /^guildcraft\/(minecraft|cuisine|orgs|server|testing)$/, replacement: new URL('./src/entries/$1.ts', import.meta.url).pathname },
      { find: /^guildcraft$/, replacement: new URL('./src/index.ts', import.meta.url).pathname },
    ],
  },
  test: {
    // World tests are CPU-bound; two workers match the 2-core CI machine.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: INTEGRATION } },
      { extends: true, test: { name: 'integration', include: INTEGRATION } },
    ],
  },
});
