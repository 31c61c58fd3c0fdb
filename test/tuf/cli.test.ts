// The CLI as a user runs it: mesh keys new, mesh ceremony propose|sign|assemble (root rotation with
// old and new thresholds), and mesh tuf-client init|refresh|download against a served repository.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createKeyFile,
  loadKeyFile,
  openRepository,
  parseEnvelopeBytes,
  parseRoot,
  Repository,
  rootToJson,
  writeRepository,
  type Signer,
} from '../../tuf/index.js';
import { runMesh } from '../support/run-mesh.js';
import { serveDirectory } from './support/static-server.js';

const tmp = (p: string): string => mkdtempSync(join(tmpdir(), p));

async function newKey(dir: string, name: string, role: string): Promise<Signer> {
  const file = join(dir, `${name}.key`);
  const r = await runMesh(['keys', 'new', '--role', role, '--out', file, '--json']);
  expect(r.code, r.stderr).toBe(0);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const out = JSON.parse(r.stdout) as { public: string; keyid: string };
  const key = loadKeyFile(file);
  expect(out.public).toBe(key.signer.key.publicKey);
  expect(out.keyid).toBe(key.signer.keyid);
  return key.signer;
}

describe('mesh keys, ceremony and tuf-client', () => {
  it('keys new refuses to overwrite and refuses unknown roles', async () => {
    const dir = tmp('keys-');
    await newKey(dir, 'a', 'witness');
    const again = await runMesh(['keys', 'new', '--role', 'witness', '--out', join(dir, 'a.key')]);
    expect(again.code).toBe(2);
    const bad = await runMesh(['keys', 'new', '--role', 'emperor', '--out', join(dir, 'b.key')]);
    expect(bad.code).toBe(2);
  });

  it('rotates root through a ceremony that needs both thresholds, then a client follows it', async () => {
    const keys = tmp('ceremony-keys-');
    const repoDir = tmp('ceremony-repo-');
    const [k1, k2, k3, k4] = await Promise.all(
      ['r1', 'r2', 'r3', 'r4'].map((n) => newKey(keys, n, 'root')),
    );
    // Online keys through the library loader other rooms use; the CLI path is covered above.
    const [targets, snapshot, timestamp] = (['targets', 'snapshot', 'timestamp'] as const).map(
      (r) => createKeyFile(join(keys, `${r}.key`), r).signer,
    );
    if (!targets || !snapshot || !timestamp) throw new Error('keys missing');
    if (!k1 || !k2 || !k3 || !k4) throw new Error('keys missing');
    const repo = Repository.create({
      roles: {
        root: { keys: [k1.key, k2.key, k3.key], threshold: 2 },
        targets: { keys: [targets.key], threshold: 1 },
        snapshot: { keys: [snapshot.key], threshold: 1 },
        timestamp: { keys: [timestamp.key], threshold: 1 },
      },
    });
    repo.addTarget('targets', 'hello.txt', new TextEncoder().encode('hello'));
    const online = { targets: [targets], snapshot: [snapshot], timestamp: [timestamp] };
    writeRepository(repoDir, repo.publish({ ...online, root: [k1, k2] }));

    // The new root: k1 out, k4 in, still 2-of-3.
    const next = parseRoot(
      parseEnvelopeBytes(readFileSync(join(repoDir, 'metadata', '1.root.json'))).signed,
    );
    next.keys.delete(k1.keyid);
    next.keys.set(k4.keyid, k4.key);
    next.roles.root = { keyids: [k2.keyid, k3.keyid, k4.keyid], threshold: 2, unrecognized: {} };
    const work = tmp('ceremony-work-');
    writeFileSync(join(work, 'signed.json'), JSON.stringify(rootToJson(next)));
    const proposal = join(work, 'root.proposal.json');
    const p = await runMesh([
      'ceremony',
      'propose',
      '--repo',
      repoDir,
      '--role',
      'root',
      '--signed',
      join(work, 'signed.json'),
      '--out',
      proposal,
      '--json',
    ]);
    expect(p.code, p.stderr).toBe(0);
    expect((JSON.parse(p.stdout) as { version: number }).version).toBe(2);
    const sign = async (name: string): Promise<string> => {
      const out = join(work, `${name}.sig.json`);
      const r = await runMesh([
        'ceremony',
        'sign',
        '--proposal',
        proposal,
        '--key',
        join(keys, `${name}.key`),
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      return out;
    };
    const [s1, s2, s3, s4] = [
      await sign('r1'),
      await sign('r2'),
      await sign('r3'),
      await sign('r4'),
    ];
    const assemble = (sigs: string[], out: string) =>
      runMesh([
        'ceremony',
        'assemble',
        '--repo',
        repoDir,
        '--proposal',
        proposal,
        ...sigs.flatMap((s) => ['--signature', s]),
        '--out',
        join(work, out),
        // Its targets role is threshold 1: governance's demo profile.
        '--profile',
        'demo',
        '--json',
      ]);
    // Old threshold unmet: only k1 of the old root signed (k4 is new).
    const [oldShort, newShort, ok] = await Promise.all([
      assemble([s1, s4], 'a.json'),
      assemble([s1, s2], 'b.json'),
      assemble([s2, s3], '2.root.json'),
    ]);
    expect(oldShort.code).toBe(1);
    expect(oldShort.stdout).toContain('ceremony_threshold_unmet');
    // New threshold unmet: k1 and k2 satisfy the old root, but only k2 is in the new one.
    expect(newShort.code).toBe(1);
    expect(newShort.stdout).toContain('new root');
    expect(ok.code, ok.stdout).toBe(0);

    const r = openRepository(repoDir);
    r.install(
      'root',
      parseEnvelopeBytes(readFileSync(join(work, '2.root.json'))),
      parseRoot(r.envelopes.get('root')?.signed ?? {}),
    );
    writeRepository(repoDir, r.publish(online));
    expect(readFileSync(join(repoDir, 'metadata', '2.root.json'))).toEqual(
      readFileSync(join(work, '2.root.json')),
    );

    const srv = await serveDirectory(repoDir);
    try {
      const md = tmp('cli-md-');
      const td = tmp('cli-t-');
      const base = ['tuf-client', '--metadata-dir', md];
      expect(
        (await runMesh([...base, 'init', join(repoDir, 'metadata', '1.root.json')])).code,
      ).toBe(0);
      const refresh = await runMesh([...base, '--metadata-url', `${srv.url}/metadata`, 'refresh']);
      expect(refresh.code, refresh.stderr).toBe(0);
      expect(
        parseRoot(parseEnvelopeBytes(readFileSync(join(md, 'root.json'))).signed).version,
      ).toBe(2);
      const dl = [
        ...base,
        '--metadata-url',
        `${srv.url}/metadata`,
        '--target-base-url',
        `${srv.url}/targets`,
        '--target-dir',
        td,
      ];
      const got = await runMesh([...dl, '--target-name', 'hello.txt', 'download']);
      expect(got.code, got.stderr).toBe(0);
      expect(readFileSync(join(td, 'hello.txt'), 'utf8')).toBe('hello');
      const missing = await runMesh([...dl, '--target-name', 'nope.txt', 'download']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('target_not_found');
    } finally {
      await srv.close();
    }
  }, 240_000);
});
