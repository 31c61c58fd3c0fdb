// What a repository sees of an update (TUF 1.0.34 §5.3-§5.6): the top-level files in the spec's
// order, then the delegated roles in exactly the §5.6.7 pre-order search order, each asked for only
// when the search reaches it (a role the search never reaches is never requested), as the
// tuf-conformance suite checks request by request.
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

function delegate(f: Fixture, from: string, name: string, paths = ['*']): void {
  const s = newSigner();
  f.repo.delegate(from, { name, keys: [s.key], threshold: 1, paths });
  f.signers[name] = [s];
}

/** The role names of the metadata requests after the top-level ones, in the order they came. */
function roleRequests(s: StaticServer | undefined, roles: readonly string[]): string[] {
  const names = new RegExp(`^/metadata/(?:\\d+\\.)?(${roles.join('|')})\\.json$`);
  return (s?.requests ?? []).flatMap((r) => names.exec(r)?.slice(1, 2) ?? []);
}

async function served(f: Fixture): Promise<ReturnType<typeof makeClient>> {
  f.publish();
  srv = await serveDirectory(f.dir);
  return makeClient(f.dir, srv.url);
}

describe('requests of an update', () => {
  it('refresh asks for root N+1, timestamp, snapshot and targets, in that order', async () => {
    const c = await served(makeFixture({ targets: { 'a.txt': 'alpha' } }));
    await c.updater().refresh();
    expect(srv?.requests.map((r) => r.replace(/\/\d+\./, '/N.'))).toEqual([
      '/metadata/N.root.json',
      '/metadata/timestamp.json',
      '/metadata/N.snapshot.json',
      '/metadata/N.targets.json',
    ]);
  });

  it('asks for delegated roles in pre-order, a role’s delegations before its next sibling', async () => {
    const f = makeFixture();
    delegate(f, 'targets', 'A');
    delegate(f, 'targets', 'B');
    delegate(f, 'A', 'C');
    delegate(f, 'A', 'D');
    delegate(f, 'C', 'E');
    const c = await served(f);
    expect(await c.updater().getTargetInfo('missing')).toBeUndefined();
    expect(roleRequests(srv, ['A', 'B', 'C', 'D', 'E'])).toEqual(['A', 'C', 'E', 'D', 'B']);
  });

  it('stops asking once a role lists the target: later roles are never requested', async () => {
    const f = makeFixture();
    for (const name of ['first', 'second', 'third']) delegate(f, 'targets', name, ['x/*']);
    f.repo.addTarget('first', 'x/a', bytes('from first'));
    f.repo.addTarget('third', 'x/c', bytes('from third'));
    const c = await served(f);
    const u = c.updater();
    expect((await u.getTargetInfo('x/a'))?.length).toBe('from first'.length);
    expect(roleRequests(srv, ['first', 'second', 'third'])).toEqual(['first']);
    expect((await u.getTargetInfo('x/c'))?.length).toBe('from third'.length);
    // each role downloaded once: the second search takes first from this update's trusted set
    expect(roleRequests(srv, ['first', 'second', 'third'])).toEqual(['first', 'second', 'third']);
  });
});
