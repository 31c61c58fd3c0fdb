// TUF bench: cold refresh + one target download, our client vs tuf-js@5, same repository, same run.
// Repository: 1,000 targets spread over 10 delegated roles (all matching, non-terminating, so the
// search walks every role), consistent snapshots, served by a real HTTP server on 127.0.0.1.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Updater as TufJsUpdater } from 'tuf-js';
import { HttpFetcher, Updater } from '../../tuf/index.js';
import { makeFixture, newSigner } from '../../test/tuf/support/repo-fixture.js';
import { serveDirectory } from '../../test/tuf/support/static-server.js';

const ROLES = 10;
const TARGETS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

const f = makeFixture();
for (let r = 0; r < ROLES; r++) {
  const s = newSigner();
  f.repo.delegate('targets', { name: `team-${r}`, keys: [s.key], threshold: 1, paths: ['*/*'] });
  f.signers[`team-${r}`] = [s];
}
for (let i = 0; i < TARGETS; i++) {
  const role = `team-${i % ROLES}`;
  f.repo.addTarget(
    role,
    `${role}/artifact-${i}.bin`,
    new TextEncoder().encode(`artifact ${i} `.repeat(64)),
  );
}
f.publish();
const wanted = `team-${ROLES - 1}/artifact-${TARGETS - 1}.bin`;
const srv = await serveDirectory(f.dir);
const base = { metadataBaseUrl: `${srv.url}/metadata`, targetBaseUrl: `${srv.url}/targets` };

function freshDirs(): { metadataDir: string; targetDir: string } {
  const metadataDir = mkdtempSync(join(tmpdir(), 'bench-md-'));
  copyFileSync(join(f.dir, 'metadata', '1.root.json'), join(metadataDir, 'root.json'));
  return { metadataDir, targetDir: mkdtempSync(join(tmpdir(), 'bench-t-')) };
}

async function ours(): Promise<number> {
  const dirs = freshDirs();
  const fetcher = new HttpFetcher();
  const t0 = performance.now();
  const u = new Updater({ ...base, ...dirs, fetcher });
  await u.refresh();
  const info = await u.getTargetInfo(wanted);
  if (info === undefined) throw new Error('ours: target not found');
  await u.downloadTarget(info);
  const ms = performance.now() - t0;
  fetcher.close();
  rmSync(dirs.metadataDir, { recursive: true });
  rmSync(dirs.targetDir, { recursive: true });
  return ms;
}

async function tufjs(): Promise<number> {
  const dirs = freshDirs();
  const t0 = performance.now();
  const u = new TufJsUpdater({ ...base, ...dirs });
  await u.refresh();
  const info = await u.getTargetInfo(wanted);
  if (info === undefined) throw new Error('tuf-js: target not found');
  await u.downloadTarget(info, join(dirs.targetDir, 'artifact.bin'));
  const ms = performance.now() - t0;
  rmSync(dirs.metadataDir, { recursive: true });
  rmSync(dirs.targetDir, { recursive: true });
  return ms;
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

await ours();
await tufjs();
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  a.push(await ours());
  b.push(await tufjs());
}
await srv.close();
rmSync(f.dir, { recursive: true });
const mo = median(a);
const mt = median(b);
console.log(
  `tuf bench: ${TARGETS} targets, ${ROLES} delegated roles, ${ROUNDS} rounds (median, cold refresh + 1 download)`,
);
console.log(`  ours    ${mo.toFixed(1)} ms`);
console.log(`  tuf-js  ${mt.toFixed(1)} ms`);
console.log(`  ratio ours/tuf-js = ${(mo / mt).toFixed(2)} (target <= 1.00)`);
