// `mesh dap submit`'s preparing threads start from their one-file bundle while it is current
// (docs/architecture.md "Start-up"); with a stale, broken or missing bundle, or no current loader,
// the start expression says so and the thread loads its modules instead.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, expect, it } from 'vitest';
import { prepareThreadStart } from '../../node/cli/prepare-thread-start.js';
import { ROOT } from '../support/env.js';

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

const age = (file: string, s: number): void => {
  const t = Date.now() / 1000 - s;
  utimesSync(file, t, t);
};

/** A dist/ with the real loader and a bundle whose servePrepareRequests posts 'bundle'. */
function fakeDist(): { dist: string; bundle: string; main: string } {
  const dist = mkdtempSync(join(tmpdir(), 'mesh-prepare-start-'));
  temps.push(dist);
  mkdirSync(join(dist, 'cli'));
  mkdirSync(join(dist, 'node'));
  const loader = join(dist, 'cli', 'bundle-loader.cjs');
  copyFileSync(join(ROOT, 'dist', 'cli', 'bundle-loader.cjs'), loader);
  const main = join(dist, 'node', 'main.js');
  writeFileSync(main, '');
  const bundle = join(dist, 'cli', 'dap-prepare-thread.cjs');
  writeFileSync(
    bundle,
    "exports.servePrepareRequests = () => require('node:worker_threads').parentPort.postMessage('bundle');",
  );
  age(main, 60);
  return { dist, bundle, main };
}

/** What a thread booted with `start` does: 'bundle' when the bundle ran, 'modules' when it would load them. */
function boot(start: string): Promise<string> {
  const code = `if (!(${start})) require('node:worker_threads').parentPort.postMessage('modules');`;
  const w = new Worker(code, { eval: true });
  return new Promise<string>((resolve, reject) => {
    w.once('message', (m: string) => {
      resolve(m);
    });
    w.once('error', reject);
  }).finally(() => w.terminate());
}

it('starts a thread from a current bundle, and leaves a stale or broken one', async () => {
  const f = fakeDist();
  expect(await boot(prepareThreadStart(f.dist) ?? 'false')).toBe('bundle');
  // a bare tsc since the build: dist/ is newer than the bundle (the loader was rebuilt)
  age(f.main, -60);
  age(join(f.dist, 'cli', 'bundle-loader.cjs'), -120);
  expect(await boot(prepareThreadStart(f.dist) ?? 'false')).toBe('modules');
  age(f.main, 60);
  writeFileSync(f.bundle, 'exports.somethingElse = 1;');
  expect(await boot(prepareThreadStart(f.dist) ?? 'false')).toBe('modules');
  rmSync(f.bundle);
  expect(await boot(prepareThreadStart(f.dist) ?? 'false')).toBe('modules');
});

it('has no start expression without a current loader build', () => {
  const f = fakeDist();
  age(f.main, -60);
  expect(prepareThreadStart(f.dist)).toBeUndefined();
  rmSync(join(f.dist, 'cli', 'bundle-loader.cjs'));
  age(f.main, 60);
  expect(prepareThreadStart(f.dist)).toBeUndefined();
});
