import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/sequencer.js';

// Randomised suites read their size from MESH_FC_RUNS / MESH_CRASH_ROUNDS (see test/support/env.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/**/fixtures/**'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/child-coverage.ts'],
    pool: 'forks',
    // One module cache per worker across its files: no suite changes process-wide state (env, cwd,
    // timers, mocks), and re-importing the sources for every file cost an eighth of the run's CPU.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Four on two cores: most suites wait on child processes and sockets, not on the CPU.
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    // `npm test` (scripts/test.mjs) passes --coverage to the protocol rooms' run only; the floor is
    // checked by scripts/coverage-report.mjs, which adds the `mesh` processes those suites start.
    coverage: {
      provider: 'v8',
      include: ['common/**/*.ts', 'vdaf/**/*.ts', 'dap/**/*.ts', 'tuf/**/*.ts', 'log/**/*.ts'],
      reporter: ['json'],
      // A failing test must not hide the rooms' figures (vitest skips the report on failure otherwise).
      reportOnFailure: true,
      reportsDirectory: '.ci/out/coverage',
    },
  },
});
