// The root rotation cap of TUF 1.0.34 §5.3.3 (MAX_ROOT_ROTATIONS = 256, as python-tuf and tuf-js).
// We follow python-tuf's Updater._load_root: versions N+1 .. N+256 are tried, then the loop stops
// without an error and the update goes on with the root reached (§5.3.10 onwards); the next update
// walks the next 256. A timestamp the capped root cannot verify fails with a typed error.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  envelopeFileBytes,
  parseEnvelopeBytes,
  RepositoryError,
  rootToJson,
  signEnvelope,
} from '../../tuf/index.js';
import { makeClient } from './support/client-fixture.js';
import { makeFixture, newSigner, type Fixture } from './support/repo-fixture.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

const CAP = DEFAULT_LIMITS.maxRootRotations;

let server: StaticServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Root versions 2 .. `last` with unchanged root keys: the intermediate ones are signed directly
 * (one signature each, written plainly: this is test setup, not trusted state), `at(v)` runs before
 * version v is made, and the last goes through a full publish with new snapshot and timestamp.
 */
function bumpRootTo(f: Fixture, last: number, at: (v: number) => void = () => undefined): void {
  for (let v = f.repo.versionOf('root') + 1; v < last; v++) {
    at(v);
    const env = signEnvelope(rootToJson({ ...f.repo.root, version: v }), f.signers.root ?? []);
    writeFileSync(join(f.dir, 'metadata', `${String(v)}.root.json`), envelopeFileBytes(env));
  }
  at(last);
  f.repo.root.version = last - 1;
  f.repo.markDirty('root');
  f.publish();
  expect(f.repo.versionOf('root')).toBe(last);
}

function trustedRootVersion(metadataDir: string): unknown {
  return parseEnvelopeBytes(readFileSync(join(metadataDir, 'root.json'))).signed.version;
}

async function setup(): Promise<{
  f: Fixture;
  srv: StaticServer;
  c: ReturnType<typeof makeClient>;
}> {
  const f = makeFixture({ targets: { 'a.txt': 'alpha' } });
  server = await serveDirectory(f.dir);
  return { f, srv: server, c: makeClient(f.dir, server.url) };
}

const rootRequests = (srv: StaticServer): string[] =>
  srv.requests.filter((p) => /^\/metadata\/\d+\.root\.json$/.test(p));

describe('root rotation cap (§5.3.3)', () => {
  it('is 256, as python-tuf and tuf-js use', () => {
    expect(CAP).toBe(256);
  });

  it('fewer rotations than the cap: one refresh reaches the newest root, then asks for the next', async () => {
    const { f, srv, c } = await setup();
    bumpRootTo(f, 40);
    await c.updater().refresh();
    expect(trustedRootVersion(c.metadataDir)).toBe(40);
    const asked = rootRequests(srv);
    expect(asked).toHaveLength(40);
    expect(asked.at(-1)).toBe('/metadata/41.root.json');
  });

  it('exactly the cap: 1 + 256 is reached and nothing beyond it is requested', async () => {
    const { f, srv, c } = await setup();
    bumpRootTo(f, 1 + CAP);
    await c.updater().refresh();
    expect(trustedRootVersion(c.metadataDir)).toBe(1 + CAP);
    expect(rootRequests(srv)).toHaveLength(CAP);
    expect(srv.requests).not.toContain(`/metadata/${String(2 + CAP)}.root.json`);
  });

  it('more than the cap: the loop stops at 1 + 256 without error and the next refresh goes on', async () => {
    const { f, srv, c } = await setup();
    bumpRootTo(f, 300);
    await c.updater().refresh();
    expect(trustedRootVersion(c.metadataDir)).toBe(1 + CAP);
    expect(rootRequests(srv)).toHaveLength(CAP);
    expect(srv.requests).not.toContain(`/metadata/${String(2 + CAP)}.root.json`);
    // The update went on under root 257: its keys still sign the current timestamp.
    expect(srv.requests).toContain('/metadata/timestamp.json');
    srv.requests.length = 0;
    await c.updater().refresh();
    expect(trustedRootVersion(c.metadataDir)).toBe(300);
    expect(rootRequests(srv).at(0)).toBe(`/metadata/${String(2 + CAP)}.root.json`);
  });

  it('more than the cap with a later timestamp-key rotation: a typed refusal, progress kept', async () => {
    const { f, c } = await setup();
    const fresh = newSigner();
    bumpRootTo(f, 300, (v) => {
      if (v !== 280) return;
      f.repo.root.keys.set(fresh.keyid, fresh.key);
      f.repo.root.roles.timestamp = { keyids: [fresh.keyid], threshold: 1, unrecognized: {} };
      f.signers.timestamp = [fresh];
    });
    // Root 257 still names the old timestamp key, which no longer signs timestamp.json.
    const err = await c
      .updater()
      .refresh()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(RepositoryError);
    expect((err as RepositoryError).code).toBe('signature_threshold_unmet');
    expect(trustedRootVersion(c.metadataDir)).toBe(1 + CAP);
    await c.updater().refresh();
    expect(trustedRootVersion(c.metadataDir)).toBe(300);
  });

  it('a lower cap set by the caller is honoured the same way', async () => {
    const { f, c } = await setup();
    bumpRootTo(f, 10);
    await c.updater({ limits: { maxRootRotations: 3 } }).refresh();
    expect(trustedRootVersion(c.metadataDir)).toBe(4);
  });
});
