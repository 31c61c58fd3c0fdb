// docs/dap.md "TLS with a private CA", with real TLS: a private CA and a server certificate made by
// openssl in the test, a repository served over HTTPS on 127.0.0.1. Without `--ca` a TUF client and
// `mesh subscribe` fail naming the untrusted certificate and what to do (not "fetch failed"); with
// `--ca FILE`, before or after the command, both succeed; a closed port is named as refused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.js';
import { runMesh } from '../support/run-mesh.js';
import {
  BUILTIN,
  maintainer,
  nodeHome,
  publish,
  writePack,
  type Maintainer,
} from './publish-subscribe.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-tls-ca-'));
const ca = join(work, 'ca.pem');
let m: Maintainer;
let server: Server;
let url = '';

function openssl(args: string[]): void {
  execFileSync('openssl', args, { cwd: work, stdio: 'pipe' });
}

/** A CA, and a certificate for 127.0.0.1 it signed. */
function makeCertificates(): void {
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=mesh test CA',
  ]);
  openssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'srv.key',
    '-out',
    'srv.csr',
    '-subj',
    '/CN=127.0.0.1',
  ]);
  writeFileSync(join(work, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl([
    'x509',
    '-req',
    '-in',
    'srv.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'srv.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  ]);
}

beforeAll(async () => {
  makeCertificates();
  m = await maintainer(work, 60_000);
  await publish(m, writePack(m, 'pack.json', { ...BUILTIN, version: '1.0.0' }));
  server = createServer(
    { key: readFileSync(join(work, 'srv.key')), cert: readFileSync(join(work, 'srv.pem')) },
    (req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname));
      const file = join(m.repo, path);
      if (!file.startsWith(m.repo) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(file));
    },
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const tufClient = (flags: string[], dir: string, args: string[]) =>
  runMesh([
    ...flags,
    'tuf-client',
    '--metadata-dir',
    join(dir, 'md'),
    '--metadata-url',
    `${url}/metadata`,
    '--target-base-url',
    `${url}/targets`,
    '--target-dir',
    join(dir, 'td'),
    ...args,
  ]);

describe('--ca FILE', () => {
  it('a TUF client: refused naming the certificate without it, downloads with it', async () => {
    const dir = mkdtempSync(join(work, 'client-'));
    for (const sub of ['md', 'td']) mkdirSync(join(dir, sub));
    expect((await tufClient([], dir, ['init', m.root])).code).toBe(0);
    const target = ['--target-name', 'packs/coding-agent/canary/coding-agent.json', 'download'];
    const bad = await tufClient([], dir, target);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/TLS certificate not trusted/);
    expect(bad.stderr).toMatch(/--ca FILE/);
    const good = await tufClient(['--ca', ca], dir, target);
    expect(good.code, good.stderr).toBe(0);
  }, 120_000);

  it('mesh subscribe: the same over fetch, --ca after the command; a closed port is refused', async () => {
    const home = nodeHome(m, 'node', { schema: 1 });
    const trust = ['--root', m.root, '--log-key', m.logKey, '--allow-no-witness', '--no-gossip'];
    const sub = (mirror: string, extra: string[]) =>
      runMesh([
        '--state',
        home,
        'subscribe',
        'mesh:coding-agent@canary',
        '--mirror',
        mirror,
        ...trust,
        ...extra,
        '--json',
      ]);
    const bad = await sub(url, []);
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toMatch(/TLS certificate not trusted/);
    expect(bad.stdout + bad.stderr).not.toMatch(/fetch failed\s*$/m);
    const good = await sub(url, ['--ca', ca]);
    expect(good.code, good.stdout + good.stderr).toBe(0);
    const closed = await sub(`https://127.0.0.1:${await freePort()}`, ['--ca', ca]);
    expect(closed.code).not.toBe(0);
    expect(closed.stdout + closed.stderr).toMatch(/connection refused/);
  }, 120_000);

  it('a file that is no certificate is refused with a coded error', async () => {
    const r = await runMesh(['--ca', m.root, 'doctor', '--json']);
    expect(r.code).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/tls_ca_invalid|no PEM certificate/);
  }, 60_000);
});
