import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // World tests are CPU-bound; two workers match the 2-core CI machine.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
  },
});
