// `npm test`: the protocol rooms' suites with vitest's in-process coverage, then every other suite
// (one build, shared). Arguments after `--` go to both runs; MESH_TEST_REPORTS=DIR adds a JSON report
// per run (DIR/vitest-protocol.json, DIR/vitest-product.json) for .ci/run's closing line. The floor is
// checked by scripts/coverage-report.mjs, which also counts the `mesh` processes the suites start.
// The run gets a temp root of its own (TMPDIR, inherited by the workers and every process they
// start), removed at the end, so the folders the suites and their `mesh` processes make do not pile
// up in the machine's /tmp from run to run.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PROTOCOL = ['test/tuf/', 'test/log/', 'test/dap/', 'test/vdaf/', 'test/common/'];
const vitest = join('node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);
const reports = process.env.MESH_TEST_REPORTS;
const runTmp = mkdtempSync(join(tmpdir(), 'mesh-run-'));
// Open for traversal: the PostgreSQL restart suites start a cluster in it as the postgres user.
chmodSync(runTmp, 0o755);

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
    env: { ...process.env, TMPDIR: runTmp, ...env },
  });
  return r.status === 0;
}

const protocol = run('protocol', ['--coverage', ...PROTOCOL], {});
const product = run(
  'product',
  PROTOCOL.flatMap((dir) => ['--exclude', `${dir}**`]),
  { MESH_SKIP_BUILD: '1' },
);
rmSync(runTmp, { recursive: true, force: true });
process.exit(protocol && product ? 0 : 1);
