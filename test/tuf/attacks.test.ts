// The attacks of the TUF paper (and TUF 1.0.34 §1.5.2) against our client: each refused with a
// typed error, and the client's trusted metadata left unchanged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  digestHex,
  envelopeFileBytes,
  snapshotToJson,
  type Snapshot,
  signEnvelope,
  timestampToJson,
  rootToJson,
  type Signer,
} from '../../tuf/index.js';
import { download, expectRefused, makeClient } from './support/client-fixture.js';
import { delegateCanary, makeFixture, newSigner, type Fixture } from './support/repo-fixture.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

let server: StaticServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(targets: Record<string, string> = { 'a.txt': 'alpha', 'dir/b.txt': 'beta' }) {
  const f = makeFixture({ targets });
  server = await serveDirectory(f.dir);
  const c = makeClient(f.dir, server.url);
  await c.updater().refresh();
  return { f, srv: server, c };
}

const DAY = 86_400_000;

function forgedTimestamp(f: Fixture, version: number, signers: Signer[]): Uint8Array {
  const ts = { ...f.repo.timestamp, version };
  return envelopeFileBytes(signEnvelope(timestampToJson(ts), signers));
}

describe('TUF attacks against our client', () => {
  it('arbitrary software: swapped target bytes are refused', async () => {
    const { f, srv, c } = await setup();
    const info = f.repo.targetsRole('targets').targets.get('a.txt');
    const sha = info?.hashes.sha256 ?? '';
    srv.overrides.set(`/targets/${sha}.a.txt`, new TextEncoder().encode('evil!'));
    await expectRefused(c.metadataDir, 'hash_mismatch', () => download(c.updater(), 'a.txt'));
    srv.overrides.set(`/targets/${sha}.a.txt`, new TextEncoder().encode('evil'));
    await expectRefused(c.metadataDir, 'length_mismatch', () => download(c.updater(), 'a.txt'));
  });

  it('arbitrary software: a tampered targets.json fails its signatures', async () => {
    const { f, srv, c } = await setup();
    f.repo.addTarget('targets', 'new.txt', new TextEncoder().encode('new'));
    f.publish();
    const v = f.repo.versionOf('targets');
    const path = join(f.dir, 'metadata', `${v}.targets.json`);
    const text = readFileSync(path, 'utf8').replace('"new.txt"', '"evil.txt"');
    srv.overrides.set(`/metadata/${v}.targets.json`, new TextEncoder().encode(text));
    await expectRefused(c.metadataDir, 'signature_threshold_unmet', () => c.updater().refresh(), [
      'targets.json',
    ]);
  });

  it('rollback: an older timestamp than the trusted one is refused', async () => {
    const { f, srv, c } = await setup();
    const old = readFileSync(join(f.dir, 'metadata', 'timestamp.json'));
    f.repo.addTarget('targets', 'c.txt', new TextEncoder().encode('gamma'));
    f.publish();
    await c.updater().refresh();
    srv.overrides.set('/metadata/timestamp.json', old);
    await expectRefused(c.metadataDir, 'version_rollback', () => c.updater().refresh());
  });

  it('rollback: a snapshot that rolls back or drops a role is refused', async () => {
    const { f, srv, c } = await setup();
    f.repo.addTarget('targets', 'c.txt', new TextEncoder().encode('gamma'));
    f.publish();
    await c.updater().refresh();
    const forge = (meta: Snapshot['meta'], step: number): void => {
      const sv = f.repo.versionOf('snapshot') + step;
      const snap = envelopeFileBytes(
        signEnvelope(
          snapshotToJson({ ...f.repo.snapshot, version: sv, meta }),
          f.signers.snapshot ?? [],
        ),
      );
      const ts = {
        ...f.repo.timestamp,
        version: f.repo.versionOf('timestamp') + step,
        snapshotMeta: {
          version: sv,
          length: snap.length,
          hashes: { sha256: digestHex('sha256', snap) },
          unrecognized: {},
        },
      };
      srv.overrides.set(`/metadata/${sv}.snapshot.json`, snap);
      srv.overrides.set(
        '/metadata/timestamp.json',
        envelopeFileBytes(signEnvelope(timestampToJson(ts), f.signers.timestamp ?? [])),
      );
    };
    forge(new Map([['targets.json', { version: 1, unrecognized: {} }]]), 1);
    await expectRefused(c.metadataDir, 'version_rollback', () => c.updater().refresh(), [
      'snapshot.json',
      'targets.json',
    ]);
    forge(new Map(), 2);
    await expectRefused(c.metadataDir, 'meta_missing', () => c.updater().refresh(), [
      'snapshot.json',
      'targets.json',
    ]);
  });

  it('indefinite freeze: expired timestamp, snapshot, targets and root are refused', async () => {
    const { c } = await setup();
    const later = (days: number) => () => Date.now() + days * DAY;
    await expectRefused(c.metadataDir, 'metadata_expired', () =>
      c.updater({ now: later(2) }).refresh(),
    );
    await expectRefused(c.metadataDir, 'metadata_expired', () =>
      c.updater({ now: later(400) }).refresh(),
    );
  });

  it('endless data: metadata and targets beyond their caps are cut off', async () => {
    const { f, srv, c } = await setup();
    srv.overrides.set('/metadata/timestamp.json', 'endless');
    await expectRefused(c.metadataDir, 'download_too_large', () => c.updater().refresh());
    srv.overrides.delete('/metadata/timestamp.json');
    srv.overrides.set('/metadata/2.root.json', 'endless');
    await expectRefused(c.metadataDir, 'download_too_large', () => c.updater().refresh());
    srv.overrides.delete('/metadata/2.root.json');
    const sha = f.repo.targetsRole('targets').targets.get('a.txt')?.hashes.sha256 ?? '';
    srv.overrides.set(`/targets/${sha}.a.txt`, 'endless');
    await expectRefused(c.metadataDir, 'download_too_large', () => download(c.updater(), 'a.txt'));
  });

  it('extraneous dependencies: a delegate cannot sign targets outside its paths', async () => {
    const { f, c } = await setup();
    delegateCanary(f);
    f.repo.addTarget('canary', 'packs/p/canary/p.json', new TextEncoder().encode('{}'));
    f.repo.addTarget('canary', 'tasks/evil/client.json', new TextEncoder().encode('evil'));
    f.publish();
    const u = c.updater();
    expect(await u.getTargetInfo('packs/p/canary/p.json')).toBeDefined();
    await expectRefused(c.metadataDir, 'target_not_found', () =>
      download(u, 'tasks/evil/client.json'),
    );
  });

  it('mix-and-match: a snapshot other than the one timestamp hashed is refused', async () => {
    const { f, srv, c } = await setup();
    const v1 = readFileSync(join(f.dir, 'metadata', '1.snapshot.json'));
    f.repo.addTarget('targets', 'c.txt', new TextEncoder().encode('gamma'));
    f.publish();
    srv.overrides.set(`/metadata/${f.repo.versionOf('snapshot')}.snapshot.json`, v1);
    await expectRefused(c.metadataDir, 'hash_mismatch', () => c.updater().refresh(), [
      'snapshot.json',
    ]);
  });

  it('fast-forward: a compromised timestamp key cannot pin the client after rotation', async () => {
    const { f, srv, c } = await setup();
    const evil = forgedTimestamp(f, 1000, f.signers.timestamp ?? []);
    srv.overrides.set('/metadata/timestamp.json', evil);
    await c
      .updater()
      .refresh()
      .catch(() => undefined);
    srv.overrides.clear();
    // Until the key is rotated, the honest (lower) timestamp is a rollback.
    await expectRefused(c.metadataDir, 'version_rollback', () => c.updater().refresh());
    // §5.3.11: rotating the timestamp key makes the client discard the fast-forwarded copy.
    const fresh = newSigner();
    const root = f.repo.root;
    root.keys.set(fresh.keyid, fresh.key);
    root.roles.timestamp = { keyids: [fresh.keyid], threshold: 1, unrecognized: {} };
    f.repo.markDirty('root');
    f.signers.timestamp = [fresh];
    f.publish();
    await c.updater().refresh();
    const trusted = JSON.parse(readFileSync(join(c.metadataDir, 'timestamp.json'), 'utf8')) as {
      signed: { version: number };
    };
    expect(trusted.signed.version).toBe(f.repo.versionOf('timestamp'));
  });

  it('threshold: fewer signatures than the threshold are refused', async () => {
    const { f, c } = await setup();
    const second = newSigner();
    f.repo.root.keys.set(second.keyid, second.key);
    f.repo.root.roles.snapshot.keyids.push(second.keyid);
    f.repo.root.roles.snapshot.threshold = 2;
    f.repo.markDirty('root');
    expect(() => {
      f.publish();
    }).toThrow(/threshold/);
    f.signers.snapshot?.push(second);
    f.publish();
    await c.updater().refresh();
    // A snapshot signed by one of the two keys is not enough.
    f.signers.snapshot?.pop();
    f.repo.addTarget('targets', 'c.txt', new TextEncoder().encode('gamma'));
    expect(() => {
      f.publish();
    }).toThrow(/threshold/);
  });

  it('key compromise: metadata signed by a key root does not list is refused', async () => {
    const { f, srv, c } = await setup();
    srv.overrides.set('/metadata/timestamp.json', forgedTimestamp(f, 5, [newSigner()]));
    await expectRefused(c.metadataDir, 'signature_threshold_unmet', () => c.updater().refresh());
  });

  it('malicious mirror: a root N+1 not signed by the trusted root is refused', async () => {
    const { f, srv, c } = await setup();
    const attacker = newSigner();
    const root = { ...f.repo.root, version: 2, keys: new Map([[attacker.keyid, attacker.key]]) };
    root.roles = {
      ...root.roles,
      root: { keyids: [attacker.keyid], threshold: 1, unrecognized: {} },
    };
    srv.overrides.set(
      '/metadata/2.root.json',
      envelopeFileBytes(signEnvelope(rootToJson(root), [attacker])),
    );
    await expectRefused(c.metadataDir, 'signature_threshold_unmet', () => c.updater().refresh());
  });

  it('malicious mirror: a root that skips a version is refused', async () => {
    const { f, srv, c } = await setup();
    const root = { ...f.repo.root, version: 3 };
    srv.overrides.set(
      '/metadata/2.root.json',
      envelopeFileBytes(signEnvelope(rootToJson(root), f.signers.root ?? [])),
    );
    await expectRefused(c.metadataDir, 'version_mismatch', () => c.updater().refresh());
  });

  it('malicious mirror: a missing timestamp fails the refresh', async () => {
    const { srv, c } = await setup();
    srv.overrides.set('/metadata/timestamp.json', { status: 404 });
    await expectRefused(c.metadataDir, 'http_status', () => c.updater().refresh());
  });
});
