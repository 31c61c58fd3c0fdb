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
    // Three on two cores: most suites wait on child processes and sockets, not on the CPU.
    maxWorkers: 3,
    // `npm test -- --coverage` checks the protocol rooms against a floor of covered lines; .ci/run
    // does not pass it, since a coverage run takes about 1.65x as long as the suite.
    coverage: {
      provider: 'v8',
      include: ['common/**/*.ts', 'vdaf/**/*.ts', 'dap/**/*.ts', 'tuf/**/*.ts', 'log/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.ci/out/coverage',
      thresholds: {
        'tuf/**/*.ts': { lines: 95 },
        'log/**/*.ts': { lines: 95 },
        'dap/**/*.ts': { lines: 95 },
        'vdaf/**/*.ts': { lines: 95 },
      },
    },
  },
});
