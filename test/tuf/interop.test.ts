// Interop: tuf-js@5 (the npm ecosystem's TUF 1.0 client) reads a repository our tools wrote, and
// our client reads one made by @tufjs/repo-mock's generator. Both over real HTTP on 127.0.0.1.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeTUFRepo, tufHandlers } from '@tufjs/repo-mock';
import { Updater as TufJsUpdater } from 'tuf-js';
import { afterEach, describe, expect, it } from 'vitest';
import { delegateCanary, makeFixture, type Fixture } from './support/repo-fixture.js';
import { serveDirectory, type StaticServer } from './support/static-server.js';
import { download, makeClient } from './support/client-fixture.js';
import { Updater } from '../../tuf/index.js';
import { writeFileSync } from 'node:fs';

/** tuf-js trusting the fixture's first root, reading from SRV, its metadata in a fresh directory. */
function tufJs(
  f: Fixture,
  srv: StaticServer,
  targetDir: string,
): { u: TufJsUpdater; metadataDir: string } {
  const metadataDir = mkdtempSync(join(tmpdir(), 'tufjs-md-'));
  writeFileSync(
    join(metadataDir, 'root.json'),
    readFileSync(join(f.dir, 'metadata', '1.root.json')),
  );
  const u = new TufJsUpdater({
    metadataDir,
    metadataBaseUrl: `${srv.url}/metadata`,
    targetBaseUrl: `${srv.url}/targets`,
    targetDir,
  });
  return { u, metadataDir };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('interop with tuf-js', () => {
  it('tuf-js refreshes our repository and downloads its targets, delegated ones included', async () => {
    const f = makeFixture({ targets: { 'a.txt': 'alpha', 'dir/b.txt': 'beta' } });
    delegateCanary(f);
    f.repo.addTarget('canary', 'packs/p/canary/p.json', new TextEncoder().encode('{"pack":1}'));
    f.publish();
    // A root rotation, so tuf-js walks 1.root.json -> 2.root.json.
    f.repo.markDirty('root');
    f.publish();
    const srv: StaticServer = await serveDirectory(f.dir);
    close = () => srv.close();
    const targetDir = mkdtempSync(join(tmpdir(), 'tufjs-t-'));
    const { u, metadataDir } = tufJs(f, srv, targetDir);
    await u.refresh();
    for (const [path, want] of [
      ['a.txt', 'alpha'],
      ['dir/b.txt', 'beta'],
      ['packs/p/canary/p.json', '{"pack":1}'],
    ] as const) {
      const info = await u.getTargetInfo(path);
      expect(info, path).toBeDefined();
      if (info === undefined) continue;
      const file = await u.downloadTarget(info, join(targetDir, encodeURIComponent(path)));
      expect(readFileSync(file, 'utf8')).toBe(want);
    }
    expect(srv.requests).toContain('/metadata/2.root.json');
    const trusted = JSON.parse(readFileSync(join(metadataDir, 'root.json'), 'utf8')) as {
      signed: { version: number };
    };
    expect(trusted.signed.version).toBe(2);
  });

  it('our client reads a repository made by @tufjs/repo-mock', async () => {
    const repo = initializeTUFRepo([
      { name: 'foo.txt', content: 'foo contents' },
      { name: 'nested/bar.txt', content: 'bar' },
    ]);
    const handlers = new Map(tufHandlers(repo, {}).map((h) => [h.path, h.fn]));
    const server = createServer((req, res) => {
      const fn = handlers.get(new URL(req.url ?? '/', 'http://x').pathname);
      if (fn === undefined) {
        res.writeHead(404).end();
        return;
      }
      const r = fn();
      res.writeHead(r.statusCode).end(r.response);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    close = () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => {
          r();
        });
      });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const metadataDir = mkdtempSync(join(tmpdir(), 'mock-md-'));
    const targetDir = mkdtempSync(join(tmpdir(), 'mock-t-'));
    writeFileSync(join(metadataDir, 'root.json'), JSON.stringify(repo.rootMeta.toJSON()));
    const u = new Updater({
      metadataDir,
      metadataBaseUrl: `${url}/metadata`,
      targetBaseUrl: `${url}/targets`,
      targetDir,
    });
    expect(readFileSync(await download(u, 'foo.txt'), 'utf8')).toBe('foo contents');
    expect(readFileSync(await download(u, 'nested/bar.txt'), 'utf8')).toBe('bar');
    expect(await u.getTargetInfo('missing.txt')).toBeUndefined();
  });

  it('our client and tuf-js agree on a repository our tools wrote without consistent snapshots', async () => {
    const f = makeFixture({ targets: { 'x/y.bin': 'why' }, consistent: false });
    const srv = await serveDirectory(f.dir);
    close = () => srv.close();
    const ours = makeClient(f.dir, srv.url);
    expect(readFileSync(await download(ours.updater(), 'x/y.bin'), 'utf8')).toBe('why');
    const theirs = tufJs(f, srv, ours.targetDir).u;
    await theirs.refresh();
    const info = await theirs.getTargetInfo('x/y.bin');
    expect(info?.hashes).toEqual(f.repo.targetsRole('targets').targets.get('x/y.bin')?.hashes);
  });
});
