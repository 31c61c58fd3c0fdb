// Downloads started ahead of the §5.6.7 walk (tuf/client/prefetch.ts): the roles a visited role
// delegates the path to are fetched together, yet a role's bytes are trusted only when the walk
// reaches it and verifies them, so a tampered role the walk never reaches changes nothing, and one
// it reaches is refused as a fresh download would be.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeClient } from './support/client-fixture.js';
import { makeFixture, newSigner, type Fixture } from './support/repo-fixture.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

let srv: StaticServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

/** `targets` delegates x/* to first, second and third, in that order; x/<role> lives in <role>. */
async function served(): Promise<{ f: Fixture; metadataPath: (role: string) => string }> {
  const f = makeFixture();
  for (const name of ['first', 'second', 'third']) {
    const s = newSigner();
    f.repo.delegate('targets', { name, keys: [s.key], threshold: 1, paths: ['x/*'] });
    f.signers[name] = [s];
    f.repo.addTarget(name, `x/${name}`, bytes(`from ${name}`));
  }
  f.publish();
  srv = await serveDirectory(f.dir);
  const files = readdirSync(join(f.dir, 'metadata'));
  const metadataPath = (role: string): string => {
    const file = files.find((n) => n === `${role}.json` || n.endsWith(`.${role}.json`));
    if (file === undefined) throw new Error(`fixture: no ${role}.json`);
    return `/metadata/${file}`;
  };
  return { f, metadataPath };
}

describe('fetching delegated roles ahead of the walk', () => {
  it('fetches the next roles together and trusts only those the walk verified', async () => {
    const { f, metadataPath } = await served();
    srv?.overrides.set(metadataPath('second'), bytes('{"signed": "tampered"}'));
    const c = makeClient(f.dir, srv?.url ?? '');
    const info = await c.updater().getTargetInfo('x/first');
    expect(info?.length).toBe('from first'.length);
    // second was asked for ahead of the walk, and never written as trusted
    expect(srv?.requests).toContain(metadataPath('second'));
    expect(existsSync(join(c.metadataDir, 'first.json'))).toBe(true);
    expect(existsSync(join(c.metadataDir, 'second.json'))).toBe(false);
    expect(existsSync(join(c.metadataDir, 'third.json'))).toBe(false);
  });

  it('refuses a tampered role the walk reaches, as a fresh download would be', async () => {
    const { f, metadataPath } = await served();
    srv?.overrides.set(metadataPath('second'), bytes('{"signed": "tampered"}'));
    const c = makeClient(f.dir, srv?.url ?? '');
    await expect(c.updater().getTargetInfo('x/third')).rejects.toMatchObject({
      code: expect.stringMatching(/^[a-z_]+$/) as unknown,
    });
    expect(existsSync(join(c.metadataDir, 'second.json'))).toBe(false);
    expect(existsSync(join(c.metadataDir, 'third.json'))).toBe(false);
  });

  it('finds each role’s target in walk order with one download per role', async () => {
    const { f, metadataPath } = await served();
    const c = makeClient(f.dir, srv?.url ?? '');
    const u = c.updater();
    for (const name of ['third', 'second', 'first'])
      expect((await u.getTargetInfo(`x/${name}`))?.length).toBe(`from ${name}`.length);
    for (const name of ['first', 'second', 'third'])
      expect(srv?.requests.filter((r) => r === metadataPath(name))).toHaveLength(1);
  });
});
