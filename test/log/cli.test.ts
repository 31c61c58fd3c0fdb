// `mesh log checkpoint|prove|verify|monitor` as a user runs them: the built binary against a real
// tlog-tiles server holding docs/architecture.md leaves, one (role, version, path) logged with two hashes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppendableLog, cosignerVkey, signerVkey, tilesApp, writeTiles } from '../../log/index.js';
import { runMesh } from '../support/run-mesh.js';
import { enc, logKey, serveApp, tempDir, witnessKey, type Served } from './helpers.js';

const key = logKey('example.com/cli-log');
const vkey = signerVkey(key.signer);
const dir = tempDir();
const leaf = (role: string, version: number, path: string, sha256: string): string =>
  // docs/architecture.md leaves: a sha256 is 64 hex digits (the two given are repeated).
  JSON.stringify({ length: 10, path, role, sha256: sha256.repeat(32), version });
const leaves = [
  leaf('root', 1, '1.root.json', 'aa'),
  leaf('targets', 1, '1.targets.json', 'bb'),
  leaf('canary', 1, 'packs/p/canary/x.json', 'cc'),
  leaf('canary', 1, 'packs/p/canary/x.json', 'dd'),
  leaf('canary', 2, '2.canary.json', 'ee'),
];
let served: Served;
let oldCheckpoint = '';

beforeAll(async () => {
  const log = await AppendableLog.open({
    dir: join(dir, 'db'),
    origin: key.origin,
    signer: key.signer,
  });
  await log.append(enc(leaves[0] ?? ''));
  oldCheckpoint = log.checkpoint();
  for (const l of leaves.slice(1)) await log.append(enc(l));
  await writeTiles(join(dir, 'tiles'), log, 0, log.size, log.checkpoint());
  await log.close();
  writeFileSync(join(dir, 'old.checkpoint'), oldCheckpoint);
  leaves.forEach((l, i) => {
    writeFileSync(join(dir, `entry${i}`), l);
  });
  const app = new Hono();
  app.route('/log', tilesApp(join(dir, 'tiles')));
  served = await serveApp(app);
});

afterAll(async () => {
  await served.close();
});

const mirror = () => ['--mirror', served.url, '--vkey', vkey];

describe('mesh log', () => {
  it('checkpoint: verified size and root; an unmet witness quorum exits 1 with a next step', async () => {
    const r = await runMesh(['log', 'checkpoint', ...mirror(), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ origin: key.origin, size: 5 });
    const w = await runMesh([
      'log',
      'checkpoint',
      ...mirror(),
      '--witness',
      cosignerVkey(witnessKey()),
      '--quorum',
      '1',
    ]);
    expect(w.code).toBe(1);
    expect(w.stderr).toMatch(/0 of 1 required witnesses/);
    const bad = await runMesh([
      'log',
      'checkpoint',
      '--mirror',
      served.url,
      '--vkey',
      signerVkey(logKey(key.origin).signer),
    ]);
    expect(bad.code).toBe(1);
  });

  it('prove then verify offline; the wrong entry fails', async () => {
    const out = join(dir, 'e3.tlog-proof');
    const p = await runMesh(['log', 'prove', ...mirror(), '--index', '3', '--out', out]);
    expect(p.code, p.stderr).toBe(0);
    const ok = await runMesh([
      'log',
      'verify',
      '--proof',
      out,
      '--entry',
      join(dir, 'entry3'),
      '--vkey',
      vkey,
      '--json',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, index: 3, size: 5 });
    const wrong = await runMesh([
      'log',
      'verify',
      '--proof',
      out,
      '--entry',
      join(dir, 'entry2'),
      '--vkey',
      vkey,
    ]);
    expect(wrong.code).toBe(1);
  });

  it('verify --log: tiles match the checkpoint and it is consistent with an older one', async () => {
    const r = await runMesh([
      'log',
      'verify',
      ...mirror(),
      '--old',
      join(dir, 'old.checkpoint'),
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, size: 5, consistentWith: 1 });
  });

  it('monitor: reads every entry and reports the second hash for one role/version/path', async () => {
    const r = await runMesh(['log', 'monitor', ...mirror(), '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { rootMatches: boolean; conflicts: { key: string }[] };
    expect(report.rootMatches).toBe(true);
    expect(report.conflicts.map((c) => c.key)).toEqual(['canary|1|packs/p/canary/x.json']);
  });

  it('usage errors exit 2', async () => {
    expect((await runMesh(['log', 'prove', ...mirror()])).code).toBe(2);
    expect((await runMesh(['log', 'checkpoint', '--mirror', served.url])).code).toBe(2);
    expect((await runMesh(['gossip', '--vkey', vkey])).code).toBe(2);
  });
});
