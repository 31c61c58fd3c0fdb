// §5.6.7 delegation search against a served repository: order, terminating, path patterns,
// path_hash_prefixes, cycles and the 32-role limit.
import { afterEach, describe, expect, it } from 'vitest';
import { digestHex, pathPatternMatches } from '../../tuf/index.js';
import { download, makeClient } from './support/client-fixture.js';
import { makeFixture, newSigner, type Fixture } from './support/repo-fixture.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';

let srv: StaticServer | undefined;
afterEach(async () => {
  await srv?.close();
  srv = undefined;
});

function add(
  f: Fixture,
  from: string,
  name: string,
  opts: { paths?: string[]; prefixes?: string[]; terminating?: boolean },
): void {
  const s = newSigner();
  f.repo.delegate(from, {
    name,
    keys: [s.key],
    threshold: 1,
    terminating: opts.terminating ?? false,
    ...(opts.paths ? { paths: opts.paths } : {}),
    ...(opts.prefixes ? { pathHashPrefixes: opts.prefixes } : {}),
  });
  f.signers[name] = [s];
}

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

async function client(f: Fixture) {
  f.publish();
  srv = await serveDirectory(f.dir);
  return makeClient(f.dir, srv.url);
}

describe('delegation search', () => {
  it('matches shell-style patterns per segment', () => {
    expect(pathPatternMatches('packs/*/canary/*', 'packs/x/canary/x.json')).toBe(true);
    expect(pathPatternMatches('packs/*', 'packs/x/canary/x.json')).toBe(false);
    expect(pathPatternMatches('*.txt', 'a.txt')).toBe(true);
    expect(pathPatternMatches('file-[0-9].bin', 'file-7.bin')).toBe(true);
    expect(pathPatternMatches('file-?.bin', 'file-77.bin')).toBe(false);
  });

  it('the first listed delegation wins; a terminating one stops backtracking', async () => {
    const f = makeFixture();
    add(f, 'targets', 'first', { paths: ['x/*'] });
    add(f, 'targets', 'second', { paths: ['x/*'] });
    f.repo.addTarget('first', 'x/a', bytes('from first'));
    f.repo.addTarget('second', 'x/a', bytes('from second'));
    f.repo.addTarget('second', 'x/b', bytes('only second'));
    add(f, 'targets', 'stop', { paths: ['y/*'], terminating: true });
    add(f, 'targets', 'after', { paths: ['y/*'] });
    f.repo.addTarget('after', 'y/c', bytes('unreachable'));
    const c = await client(f);
    const u = c.updater();
    expect((await u.getTargetInfo('x/a'))?.length).toBe('from first'.length);
    expect((await u.getTargetInfo('x/b'))?.length).toBe('only second'.length);
    expect(await u.getTargetInfo('y/c')).toBeUndefined();
  });

  it('path_hash_prefixes route by sha256 of the path', async () => {
    const f = makeFixture();
    const path = 'bins/tool.bin';
    const h = digestHex('sha256', bytes(path));
    add(f, 'targets', 'wrong-bin', { prefixes: [h[0] === '0' ? '1' : '0'] });
    add(f, 'targets', 'right-bin', { prefixes: [h.slice(0, 2)] });
    f.repo.addTarget('wrong-bin', path, bytes('wrong'));
    f.repo.addTarget('right-bin', path, bytes('right'));
    const c = await client(f);
    expect((await c.updater().getTargetInfo(path))?.length).toBe(5);
    expect(srv?.requests.some((r) => r.includes('wrong-bin'))).toBe(false);
  });

  it('visits each role once in a cycle and at most 32 roles in a chain', async () => {
    const f = makeFixture();
    for (let i = 0; i < 40; i++)
      add(f, i === 0 ? 'targets' : `r${i - 1}`, `r${i}`, { paths: ['*'] });
    f.repo.addTarget('r35', 'deep', bytes('too deep'));
    f.repo.addTarget('r5', 'shallow', bytes('ok'));
    const c = await client(f);
    const u = c.updater();
    expect(await u.getTargetInfo('shallow')).toBeDefined();
    expect(await u.getTargetInfo('deep')).toBeUndefined();
    expect(await c.updater({ limits: { maxDelegations: 64 } }).getTargetInfo('deep')).toBeDefined();
  });

  it('a delegation cycle ends the search instead of looping', async () => {
    const f = makeFixture();
    add(f, 'targets', 'a', { paths: ['*'] });
    add(f, 'a', 'b', { paths: ['*'] });
    const aEntry = f.repo.targetsRole('targets').delegations?.roles[0];
    const aKey = f.signers.a?.[0];
    const b = f.repo.targetsRole('b');
    if (aEntry === undefined || aKey === undefined) throw new Error('fixture');
    b.delegations = {
      keys: new Map([[aKey.keyid, aKey.key]]),
      roles: [{ ...aEntry }],
      unrecognized: {},
    };
    f.repo.markDirty('b');
    const c = await client(f);
    expect(await c.updater().getTargetInfo('nowhere')).toBeUndefined();
    expect(srv?.requests.filter((r) => r.endsWith('.a.json'))).toHaveLength(1);
  });

  it('caches downloaded targets and re-downloads a tampered local copy', async () => {
    const f = makeFixture({ targets: { 'a.txt': 'alpha' } });
    const c = await client(f);
    const u = c.updater();
    const file = await download(u, 'a.txt');
    const before = srv?.requests.length ?? 0;
    expect(await download(u, 'a.txt')).toBe(file);
    expect(srv?.requests.length).toBe(before);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, 'tampered');
    await download(u, 'a.txt');
    expect(srv?.requests.length).toBe(before + 1);
  });
});
