// `mesh doctor`'s hook check says how a guard hook process would start: it loads the bundle as
// bin/mesh.js does, so a broken, outdated or cache-less bundle is reported as what it is.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkHookStart } from '../../node/doctor/hook.js';

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** A bundle exporting the entry bin/mesh.js calls, without the real one's node_modules. */
const MINIMAL = 'exports.runHookCli = async () => 0;';

/** A package-shaped folder: dist/hook/mesh-hook.cjs with SOURCE, and a compiled entry older than it. */
function fakeDist(source: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'mesh-doctor-hook-'));
  temps.push(dist);
  mkdirSync(join(dist, 'hook'));
  mkdirSync(join(dist, 'node', 'cli'), { recursive: true });
  const entry = join(dist, 'node', 'cli', 'hook-main.js');
  writeFileSync(entry, '');
  utimesSync(entry, new Date(0), new Date(0));
  const bundle = join(dist, 'hook', 'mesh-hook.cjs');
  writeFileSync(bundle, source);
  return bundle;
}

it('the built package: ok, from the bundle with its code cache', () => {
  expect(checkHookStart()).toMatchObject({ name: 'hook', status: 'ok' });
});

it('no bundle: a warning that the full CLI loads, with the rebuild hint', () => {
  const r = checkHookStart(join(tmpdir(), 'no-such-dir', 'hook', 'mesh-hook.cjs'));
  expect(r).toMatchObject({ status: 'warn', detail: expect.stringMatching(/full CLI/) as string });
  expect(r.hint).toMatch(/npm run build/);
});

it('a bundle older than the compiled code: the same warning', () => {
  const bundle = fakeDist(MINIMAL);
  utimesSync(join(bundle, '..', '..', 'node', 'cli', 'hook-main.js'), new Date(), new Date());
  utimesSync(bundle, new Date(0), new Date(0));
  expect(checkHookStart(bundle).status).toBe('warn');
});

it('the bundle without its code cache: a warning naming the cache', () => {
  expect(checkHookStart(fakeDist(MINIMAL))).toMatchObject({
    status: 'warn',
    detail: expect.stringMatching(/code cache is missing/) as string,
  });
});

it.each([
  ['does not compile', 'this is not javascript {'],
  ['throws when it loads', "throw new Error('broken bundle')"],
  ['lacks the entry', 'exports.other = 1;'],
])('a bundle that %s: fail, since every hook call would deny', (_name, source) => {
  const r = checkHookStart(fakeDist(source));
  expect(r).toMatchObject({ status: 'fail', detail: expect.stringMatching(/denies/) as string });
  expect(r.hint).toMatch(/npm run build/);
});
