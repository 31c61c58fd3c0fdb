// Builds dist/ (and the hook bundle) once per run so suites that spawn `mesh` run the code under test.
// MESH_SKIP_BUILD=1 skips it for suites that never spawn the CLI. Type errors are the job of
// `npm run check`; tsc still emits, so a type error elsewhere does not hide a runtime test. It also
// makes the folder of the fixtures the suites share (role-keys.ts), and removes it at the end.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from './env.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for fixtures made once and copied by the suites (role-keys.ts); removed at the end. */
    fixtures: string;
  }
}

export default function setup(project: TestProject): () => void {
  const fixtures = mkdtempSync(join(tmpdir(), 'mesh-test-fixtures-'));
  project.provide('fixtures', fixtures);
  const teardown = (): void => {
    rmSync(fixtures, { recursive: true, force: true });
  };
  if (process.env.MESH_SKIP_BUILD !== '1') build();
  return teardown;
}

function build(): void {
  // The build is not under test: no raw coverage of tsc and esbuild when the run collects the
  // `mesh` processes' coverage (scripts/coverage-report.mjs).
  const env = { ...process.env };
  delete env.NODE_V8_COVERAGE;
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
  });
  if (r.error) throw r.error;
  // The hook's one-file bundle is made from that output; an older bundle would be passed over and
  // the hook suites would not run the path `mesh guard hook` takes (docs/guard.md "Hook start-up").
  const b = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-bundles.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
    env,
  });
  if (b.error) throw b.error;
  if (b.status !== 0) throw new Error(`hook bundle build failed: ${b.stderr.slice(0, 2000)}`);
}
