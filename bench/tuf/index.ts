// TUF bench: cold refresh + one target download, our client vs tuf-js@5, same repository, same run,
// twice: in process (the libraries alone) and as whole processes the way a user or the conformance
// harness runs them (`mesh tuf-client refresh` then `download`, beside tufjs-cli.mjs doing the same
// with tuf-js; target <= 0.5x). Repository: 1,000 targets spread over 10 delegated roles (all
// matching, non-terminating, so the search walks every role), consistent snapshots, served by a
// real HTTP server on 127.0.0.1 (test/tuf/support/static-server.ts, reading each file as asked).
// Each round runs both clients, in turns of which goes first; besides the ratio of the medians it
// prints the median of the rounds' own ratios, which a shared machine's drifting load disturbs less
// (both runs of a round see about the same load), and the load average before and after.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Updater as TufJsUpdater } from 'tuf-js';
import { HttpFetcher, Updater } from '../../tuf/index.js';
import { makeFixture, newSigner } from '../../test/tuf/support/repo-fixture.js';
import { serveDirectory } from '../../test/tuf/support/static-server.js';
import { childEnv, extraCaNote } from '../child-env.js';

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

const MESH = join(import.meta.dirname, '..', '..', 'bin', 'mesh.js');
const TUFJS_CLI = join(import.meta.dirname, 'tufjs-cli.mjs');

/**
 * CPU milliseconds (user + system, every thread) of this process's children that have exited, from
 * /proc/self/stat (cutime + cstime, in clock ticks of 10 ms): steadier than wall time on a shared
 * machine, where the wall time of a process is mostly the wait for a core.
 */
function childCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** Wall time of one whole process; a failure throws with its stderr. */
function proc(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const c = spawn(process.execPath, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: childEnv(),
    });
    let err = '';
    c.stderr.on('data', (d: Buffer) => (err += d.toString()));
    c.on('error', reject);
    c.on('exit', (code) => {
      const ms = performance.now() - t0;
      if (code === 0) resolve(ms);
      else reject(new Error(`${args.join(' ')} exited ${String(code)}: ${err.slice(0, 500)}`));
    });
  });
}

/** Cold `refresh` then `download` of one target, as two processes of `cli` (bin/mesh.js or tuf-js). */
async function asProcesses(cli: string[]): Promise<{ ms: number; cpu: number }> {
  const dirs = freshDirs();
  const common = ['--metadata-dir', dirs.metadataDir, '--metadata-url', base.metadataBaseUrl];
  const cpu0 = childCpuMs();
  const ms =
    (await proc([...cli, ...common, 'refresh'])) +
    (await proc([
      ...cli,
      ...common,
      '--target-name',
      wanted,
      '--target-base-url',
      base.targetBaseUrl,
      '--target-dir',
      dirs.targetDir,
      'download',
    ]));
  const cpu = childCpuMs() - cpu0;
  rmSync(dirs.metadataDir, { recursive: true });
  rmSync(dirs.targetDir, { recursive: true });
  return { ms, cpu };
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const loadBefore = load();

await ours();
await tufjs();
const a: number[] = [];
const b: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  a.push(await ours());
  b.push(await tufjs());
}
const PROCESS_ROUNDS = Number(process.env.BENCH_PROCESS_ROUNDS ?? 11);
const meshCli = [MESH, 'tuf-client'];
await asProcesses(meshCli);
await asProcesses([TUFJS_CLI]);
const pa: number[] = [];
const pb: number[] = [];
const ca: number[] = [];
const cb: number[] = [];
for (let i = 0; i < PROCESS_ROUNDS; i++) {
  let m: { ms: number; cpu: number };
  let t: { ms: number; cpu: number };
  if (i % 2 === 0) {
    m = await asProcesses(meshCli);
    t = await asProcesses([TUFJS_CLI]);
  } else {
    t = await asProcesses([TUFJS_CLI]);
    m = await asProcesses(meshCli);
  }
  pa.push(m.ms);
  pb.push(t.ms);
  ca.push(m.cpu);
  cb.push(t.cpu);
}
await srv.close();
rmSync(f.dir, { recursive: true });
const mo = median(a);
const mt = median(b);
console.log(
  `tuf bench: ${TARGETS} targets, ${ROLES} delegated roles, ${ROUNDS} rounds (median, cold refresh + 1 download); load average before ${loadBefore}, after ${load()}`,
);
console.log(`  ours    ${mo.toFixed(1)} ms`);
console.log(`  tuf-js  ${mt.toFixed(1)} ms`);
console.log(`  ratio ours/tuf-js = ${(mo / mt).toFixed(2)} (target <= 1.00)`);
const po = median(pa);
const pt = median(pb);
console.log(
  `as processes (refresh + download, ${PROCESS_ROUNDS} rounds, median; ${extraCaNote()}): mesh tuf-client ${po.toFixed(0)} ms, tuf-js@5 ${pt.toFixed(0)} ms`,
);
console.log(
  `  ratio mesh/tuf-js = ${(po / pt).toFixed(2)}; median of the rounds' ratios ${median(pa.map((a, i) => a / (pb[i] ?? NaN))).toFixed(2)} (target <= 0.50)`,
);
const co = median(ca);
const ct = median(cb);
console.log(
  `  CPU of the two processes (user + system, median): mesh tuf-client ${co} ms, tuf-js@5 ${ct} ms, ratio ${(co / ct).toFixed(2)} (target <= 0.50)`,
);
