// `npm test`: the protocol rooms' suites with vitest's in-process coverage, then every other suite
// (one build, shared). Arguments after `--` go to both runs; MESH_TEST_REPORTS=DIR adds a JSON report
// per run (DIR/vitest-protocol.json, DIR/vitest-product.json) for .ci/run's closing line. The floor is
// checked by scripts/coverage-report.mjs, which also counts the `mesh` processes the suites start.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const PROTOCOL = ['test/tuf/', 'test/log/', 'test/dap/', 'test/vdaf/', 'test/common/'];
const vitest = join('node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);
const reports = process.env.MESH_TEST_REPORTS;

function run(part, args, env) {
  const report = reports
    ? [
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(reports, `vitest-${part}.json`)}`,
      ]
    : [];
  const r = spawnSync(process.execPath, [vitest, 'run', ...args, ...report, ...extra], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return r.status === 0;
}

const protocol = run('protocol', ['--coverage', ...PROTOCOL], {});
const product = run(
  'product',
  PROTOCOL.flatMap((dir) => ['--exclude', `${dir}**`]),
  { MESH_SKIP_BUILD: '1' },
);
process.exit(protocol && product ? 0 : 1);
