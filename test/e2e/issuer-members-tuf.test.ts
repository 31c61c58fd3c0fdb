// The issuer reads the member and revocation lists itself, through a TUF client update against a
// real mirror process (docs/dap.md "Report tokens"): a revocation published later is honoured after
// the next refresh, a list tampered with on the mirror is refused (the last verified one stays), and
// once no list has verified for longer than max_age_seconds, or none ever did, no token is issued.
// A config that points the issuer at local list files is refused at start. /healthz says 503 while
// no token can be issued (lists never verified, or stale).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyPass as pp } from '../../dap/index.js';
import { orgIdOf } from '../../governance/index.js';
import { freePort } from '../../node/demo/ports.js';
import { loadKeyFile } from '../../tuf/index.js';
import { tempDir } from '../dap/support.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { issuerConfig, memberMesh, publishMembers, type MemberMesh } from './issuer-mesh.js';
import { expectOk, meshJson } from './publish-subscribe.js';

const TP = 60;
const dir = tempDir('issuer-tuf');
const procs: ServeProcess[] = [];
let mm: MemberMesh;
let membership = '';
let auth: string[] = [];
let issuerKey = '';

const orgKey = (name: string) => join(dir, `${name}.key`);

async function startIssuer(name: string, extra: object): Promise<string> {
  const port = await freePort();
  const cfg = issuerConfig(mm, join(dir, 'issuer.key'), join(dir, `${name}.json`), extra);
  const data = join(dir, name);
  procs.push(
    await startServe(['--role', 'issuer', '--port', String(port), '--data', data, '--config', cfg]),
  );
  return `http://127.0.0.1:${port}/issuer/`;
}

/** One token request for ORG from the issuer at URL: 'ok', or the HTTP status of the refusal. */
async function ask(url: string, org: string): Promise<string> {
  const key = loadKeyFile(orgKey(org), 'org');
  const req: pp.TokenRequester = {
    policy: pp.parseTokenPolicy({ url, public_key: issuerKey, window_seconds: 3600 }, TP),
    orgId: orgIdOf(key.signer.key.publicKey),
    sign: (m) => Uint8Array.from(Buffer.from(key.signer.sign(m), 'hex')),
  };
  try {
    // A fresh task each time: one token per organisation per task per window.
    await pp.fetchReportToken(
      req,
      randomBytes(32),
      randomBytes(16),
      Math.floor(Date.now() / 1000 / TP),
      TP,
    );
    return 'ok';
  } catch (e) {
    if (!(e instanceof pp.IssuerRefusal)) throw e;
    const code = /"title":"([a-z_]+)"/.exec(e.message)?.[1] ?? '';
    return `${e.status} ${code}`;
  }
}

/** The issuer's /healthz: its status and its role's state. */
async function health(url: string): Promise<string> {
  const res = await fetch(new URL('/healthz', url));
  const body = (await res.json()) as { state: Record<string, { state: string; detail?: string }> };
  const role = body.state.issuer;
  return `${res.status} ${role?.state ?? '?'}${role?.detail?.includes('stale') ? ' stale' : ''}`;
}

async function until(f: () => Promise<string>, want: string, ms = 20_000): Promise<string> {
  const deadline = Date.now() + ms;
  let got = await f();
  while (got !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    got = await f();
  }
  return got;
}

beforeAll(async () => {
  const mesh = async (args: string[]) => expectOk(await meshJson(args, { timeoutMs: 60_000 }));
  await mesh(['keys', 'new', '--role', 'membership', '--out', join(dir, 'authority.key')]);
  issuerKey = String(
    (await mesh(['keys', 'new', '--role', 'issuer', '--out', join(dir, 'issuer.key')])).json.public,
  );
  membership = join(dir, 'membership.json');
  auth = ['--file', membership, '--key', join(dir, 'authority.key')];
  await mesh(['members', 'init', ...auth]);
  for (const name of ['acme', 'globex']) {
    const o = await mesh(['org', 'new', '--name', name, '--out', orgKey(name)]);
    const pub = String(o.json.public_key);
    await mesh(['members', 'add', ...auth, '--name', name, '--public-key', pub, '--tier', '2']);
  }
  mm = await memberMesh(join(dir, 'maintainer'), membership);
}, 300_000);

afterAll(async () => {
  for (const p of procs) await p.stop();
  await Promise.all(mm.services.map((s) => s.stop()));
});

describe('the issuer reads the member lists through TUF', () => {
  it('refuses a config that names local list files', async () => {
    const cfg = join(dir, 'local.json');
    writeFileSync(
      cfg,
      JSON.stringify({ issuer: { key: join(dir, 'issuer.key'), members: membership } }),
    );
    const port = await freePort();
    await expect(
      startServe([
        '--role',
        'issuer',
        '--port',
        String(port),
        '--data',
        join(dir, 'l'),
        '--config',
        cfg,
      ]),
    ).rejects.toThrow(/through TUF/);
  }, 60_000);

  it('honours a revocation published later, keeps the last good list over a tampered one, and goes stale without the mirror', async () => {
    const url = await startIssuer('main', { refresh_seconds: 1, max_age_seconds: 6 });
    expect(await health(url)).toBe('200 ready');
    expect(await ask(url, 'acme')).toBe('ok');
    expect(await ask(url, 'globex')).toBe('ok');
    await meshJson(['members', 'revoke', ...auth, '--org', 'globex', '--reason', 'key lost']);
    await publishMembers(mm, membership);
    expect(await until(() => ask(url, 'globex'), '403 member_revoked')).toBe('403 member_revoked');
    expect(await ask(url, 'acme')).toBe('ok');

    // The mirror now serves a member list whose bytes TUF did not sign: refused; the last verified
    // lists stay in force (acme still gets tokens, globex stays revoked).
    const listDir = join(mm.repo, 'targets', 'tasks', 'membership');
    for (const f of readdirSync(listDir).filter((x) => x.endsWith('members.json'))) {
      const text = readFileSync(join(listDir, f), 'utf8');
      writeFileSync(join(listDir, f), text.replace('"tier":2', '"tier":1'));
    }
    await new Promise((r) => setTimeout(r, 2500));
    expect(await ask(url, 'acme')).toBe('ok');
    expect(await ask(url, 'globex')).toBe('403 member_revoked');

    // No list verifies any more: after max_age_seconds every organisation is refused.
    expect(await until(() => ask(url, 'acme'), '503 members_stale', 20_000)).toBe(
      '503 members_stale',
    );
    expect(await health(url)).toBe('503 failed stale');
  }, 180_000);

  it('issues nothing before a list has ever verified', async () => {
    for (const s of mm.services) await s.stop();
    mm.services.length = 0;
    const url = await startIssuer('cold', { refresh_seconds: 1 });
    expect(await ask(url, 'acme')).toBe('503 members_unverified');
    expect(await health(url)).toBe('503 failed');
  }, 60_000);
});
