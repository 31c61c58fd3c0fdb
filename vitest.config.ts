import { defineConfig } from 'vitest/config';

// Randomised suites read their size from MESH_FC_RUNS / MESH_CRASH_ROUNDS (see test/support/env.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/**/fixtures/**'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
