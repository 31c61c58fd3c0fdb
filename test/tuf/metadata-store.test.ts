// The client's metadata store (tuf/client/metadata-store.ts): targets metadata is a cache the
// snapshot vouches for, written whole (temp, rename) without a sync, so a torn copy (what a power
// loss may leave) is refused on load and fetched again (TUF 1.0.34 §5.6); no temp file stays behind.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MetadataStore } from '../../tuf/client/metadata-store.js';
import { makeClient } from './support/client-fixture.js';
import { makeFixture, newSigner } from './support/repo-fixture.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

let srv: StaticServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

describe('the client metadata store', () => {
  it('fetches a torn stored targets role again and stores it whole', async () => {
    const f = makeFixture();
    const s = newSigner();
    f.repo.delegate('targets', { name: 'team', keys: [s.key], threshold: 1, paths: ['x/*'] });
    f.signers.team = [s];
    f.repo.addTarget('team', 'x/a', new TextEncoder().encode('a'));
    f.publish();
    srv = await serveDirectory(f.dir);
    const c = makeClient(f.dir, srv.url);
    expect((await c.updater().getTargetInfo('x/a'))?.length).toBe(1);
    const whole = (name: string): Buffer => readFileSync(join(c.metadataDir, name));
    const team = whole('team.json');
    const targets = whole('targets.json');
    writeFileSync(join(c.metadataDir, 'team.json'), team.subarray(0, team.length >> 1));
    writeFileSync(join(c.metadataDir, 'targets.json'), Buffer.alloc(0));
    const asked = srv.requests.length;
    expect((await c.updater().getTargetInfo('x/a'))?.length).toBe(1);
    // both came from the repository again, and are stored whole
    expect(srv.requests.slice(asked).filter((r) => /\.(team|targets)\.json$/.test(r))).toHaveLength(
      2,
    );
    expect(whole('team.json').equals(team)).toBe(true);
    expect(whole('targets.json').equals(targets)).toBe(true);
    expect(readdirSync(c.metadataDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('reports a cache write that fails, and leaves no temp file', async () => {
    const c = makeClient(makeFixture().dir, 'http://127.0.0.1:9');
    const store = new MetadataStore(join(c.metadataDir, 'missing'));
    store.writeCache('team', new Uint8Array([1]));
    await expect(store.flush()).rejects.toMatchObject({ code: 'ENOENT' });
    const ok = new MetadataStore(c.metadataDir);
    ok.writeCache('team', new Uint8Array([1, 2]));
    await ok.flush();
    expect([...readFileSync(join(c.metadataDir, 'team.json'))]).toEqual([1, 2]);
    expect(readdirSync(c.metadataDir).sort()).toEqual(['root.json', 'team.json']);
  });
});
