// docs/architecture.md "Publish" and "Subscribe" end to end with real processes on 127.0.0.1: publish through
// `mesh publish` with three witness processes (quorum two), serve with `mesh serve --role mirror`,
// subscribe with `mesh subscribe`; then each attack is refused and the last good pack is kept.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosigner, cosignerVkey, formatSkey } from '../../log/index.js';
import { LOG_ORIGIN as ORIGIN } from '../../node/demo/mesh-setup.js';
import { PublishKeys, sha256Hex } from '../../packs/index.js';
import { openRepository, writeRepository } from '../../tuf/index.js';
import { startServe } from '../support/serve-process.js';
import {
  maintainer,
  meshJson,
  publish,
  startMirror as startMirrorOf,
  type Maintainer,
  type MeshRun,
} from './publish-subscribe.js';
import { fork, listUnlogged, logSecondFile, packFile, subscribeArgs } from './hostile-repo.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-sub-'));
let m: Maintainer;
const witnesses: { url: string; vkey: string }[] = [];
let mirror = '';
const goodState = join(work, 'state-good');
let goodSha = '';

/** An attacker holding the online keys publishes past the witnesses, as `mesh publish` lets one who forces it. */
const UNWITNESSED = ['--force-unwitnessed'];

const mesh = (args: string[]): Promise<MeshRun> =>
  meshJson(args, { strict: true, timeoutMs: m.timeoutMs });

const witnessFlags = (): string[] => witnesses.flatMap((w) => ['--witness', `${w.url}=${w.vkey}`]);
const trustFlags = (): string[] => [
  '--log-key',
  m.logKey,
  ...witnesses.flatMap((w) => ['--witness', w.vkey]),
  '--quorum',
  '2',
];

const startMirror = (dir: string, gossip = true): Promise<string> =>
  startMirrorOf(m, { repo: dir, config: gossip ? { mirror: { logKey: m.logKey } } : {} });

function nodeCopy(name: string): string {
  const dir = join(work, name);
  cpSync(goodState, dir, { recursive: true });
  return dir;
}

async function subscribe(state: string, url: string, extra: string[] = trustFlags()) {
  return mesh(subscribeArgs(state, url, extra));
}

/** The /healthz mirror state of a mirror seeding from UPSTREAM with WITNESSES trusted. */
async function seedingHealth(
  upstream: string,
  trusted: string[] = witnesses.map((w) => w.vkey),
): Promise<{ state: string; detail?: string }> {
  const url = await startMirrorOf(m, {
    repo: null,
    config: { mirror: { upstream, root: m.root, logKey: m.logKey, witnesses: trusted } },
  });
  const body = (await (await fetch(`${url}/healthz`)).json()) as {
    state: { mirror: { state: string; detail?: string } };
  };
  return body.state.mirror;
}

/** One named check of `mesh doctor --json` on the node STATE. */
async function check(
  state: string,
  name: string,
): Promise<{ status: string; detail: string; hint?: string }> {
  const r = await meshJson(['--state', state, 'doctor'], { timeoutMs: m.timeoutMs });
  const checks = (r.json.checks ?? []) as { name: string; status: string; detail: string }[];
  const c = checks.find((x) => x.name === name);
  if (c === undefined) throw new Error(`doctor has no ${name} check: ${JSON.stringify(r.json)}`);
  return c;
}

function expectKept(r: MeshRun, code: string): void {
  expect(r.code).toBe(1);
  expect(r.json.ok).toBe(false);
  expect((r.json.error as { code: string }).code).toBe(code);
  expect((r.json.kept as { sha256: string }).sha256).toBe(goodSha);
}

beforeAll(async () => {
  m = await maintainer(work, 30_000);
  await Promise.all(
    [0, 1, 2].map(async (i) => {
      const dir = mkdtempSync(join(work, `witness-${i}-`));
      const seed = randomBytes(32);
      const name = `witness-${i}.test`;
      writeFileSync(join(dir, 'w.key'), formatSkey(name, seed), { mode: 0o600 });
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({
          witness: { name, key: join(dir, 'w.key'), logs: [{ origin: ORIGIN, vkeys: [m.logKey] }] },
        }),
      );
      const s = await startServe([
        '--role',
        'witness',
        '--data',
        dir,
        '--config',
        join(dir, 'config.json'),
      ]);
      m.services.push(s);
      witnesses[i] = { url: s.url, vkey: cosignerVkey(cosigner(name, seed)) };
    }),
  );
  await publish(m, packFile(m, '1.0.0'), [...witnessFlags(), '--quorum', '2']);
  mirror = await startMirror(m.repo);
}, 120_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('publish then subscribe', () => {
  it('verifies the pack through TUF, the log and two of three witnesses', async () => {
    const r = await subscribe(goodState, mirror, ['--root', m.root, ...trustFlags()]);
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    const pack = r.json.pack as { file: string; sha256: string; role: string };
    expect(pack.role).toBe('canary');
    goodSha = pack.sha256;
    expect(sha256Hex(readFileSync(pack.file))).toBe(goodSha);
    expect((r.json.log as { witnesses: string[] }).witnesses.length).toBeGreaterThanOrEqual(2);
    // a second publish is picked up, consistent with the checkpoint accepted first
    await publish(m, packFile(m, '1.0.1'), witnessFlags());
    const again = await subscribe(goodState, mirror);
    expect(again.code, JSON.stringify(again.json)).toBe(0);
    goodSha = (again.json.pack as { sha256: string }).sha256;
    expect(goodSha).not.toBe(pack.sha256);
  });

  it('refuses rollback: old canary metadata re-served under snapshot/timestamp signed with stolen keys', async () => {
    const dir = fork(m, 'rollback');
    // the attacker rewinds canary to version 1 and re-signs a newer snapshot and timestamp
    const v1 = openRepository(dir);
    v1.targetsRole('canary').version = 1;
    const k = new PublishKeys(m.keys);
    v1.snapshot.version += 5;
    v1.timestamp.version += 5;
    writeRepository(
      dir,
      v1.publish({
        snapshot: [k.load('snapshot').signer],
        timestamp: [k.load('timestamp').signer],
      }),
    );
    const url = await startMirror(dir, false);
    const r = await subscribe(nodeCopy('node-rollback'), url);
    expectKept(r, 'tuf_refused');
    expect((r.json.error as { message: string }).message).toMatch(/rollback/);
  });

  it('refuses a pack the log omits (signed into TUF with stolen online keys, never logged)', async () => {
    const dir = fork(m, 'omitted');
    // the attacker reuses the previous pack's proof beside the new target
    const prev = readFileSync(
      join(
        m.repo,
        'targets',
        'packs/coding-agent/canary',
        `${goodSha}.coding-agent.json.tlog-proof`,
      ),
    );
    listUnlogged(m, dir, readFileSync(packFile(m, '6.6.6', 'evil')), prev);
    const url = await startMirror(dir, false);
    expectKept(await subscribe(nodeCopy('node-omitted'), url), 'log_inclusion_failed');
  });

  it('refuses a pack whose checkpoint lacks the witness quorum', async () => {
    const dir = fork(m, 'no-quorum');
    await publish(m, packFile(m, '1.0.2'), UNWITNESSED, dir);
    const url = await startMirror(dir, false);
    expectKept(await subscribe(nodeCopy('node-quorum'), url), 'quorum_not_met');
  });

  it('refuses when the monitor sees a second pack logged for the same version', async () => {
    const dir = fork(m, 'conflict');
    await publish(m, packFile(m, '1.0.3'), UNWITNESSED, dir);
    await logSecondFile(m, dir, readFileSync(packFile(m, '6.6.6', 'second')));
    const url = await startMirror(dir, false);
    const r = await subscribe(nodeCopy('node-conflict'), url, [
      '--log-key',
      m.logKey,
      '--quorum',
      '0',
      '--allow-no-witness',
      '--no-gossip',
    ]);
    expectKept(r, 'log_conflict');
  });

  it('refuses when gossip shows a split view (two trees of one size)', async () => {
    const a = fork(m, 'split-a');
    const b = fork(m, 'split-b');
    for (const [dir, v] of [
      [a, '2.0.0'],
      [b, '2.0.1'],
    ] as const) {
      await publish(m, packFile(m, v), UNWITNESSED, dir);
    }
    const urlA = await startMirror(a);
    const urlB = await startMirror(b, false);
    const flags = ['--log-key', m.logKey, '--quorum', '0', '--allow-no-witness', '--gossip', urlA];
    const first = await subscribe(nodeCopy('node-split-1'), urlA, flags);
    expect(first.code, JSON.stringify(first.json)).toBe(0);
    const node = nodeCopy('node-split-2');
    expectKept(await subscribe(node, urlB, flags), 'split_view');
    // the evidence is kept: doctor fails on it until the operator clears it
    const split = await check(node, 'split-views');
    expect(split.status).toBe('fail');
    expect(split.hint).toContain('mesh gossip clear-evidence');
    const again = await subscribe(node, urlB, flags);
    expectKept(again, 'split_view');
    const cleared = await mesh(['--state', node, 'gossip', 'clear-evidence']);
    expect(cleared.code, JSON.stringify(cleared.json)).toBe(0);
    expect((cleared.json.cleared as string[]).length).toBe(1);
    expect((await check(node, 'split-views')).status).toBe('ok');
    // the gossiping mirror counts the exchanges and the split view it was shown
    const metrics = await (await fetch(`${urlA}/metrics`)).text();
    expect(metrics).toMatch(/mesh_gossip_exchanges_total\{kind="view",outcome="ok"\} [1-9]/);
    expect(metrics).toMatch(/mesh_gossip_split_views_total [1-9]/);
  });

  it('refuses a mirror that streams an endless log checkpoint, in bounded time, keeping the last good pack', async () => {
    // a hostile mirror: the honest repository, but /log/checkpoint never ends
    const proxy = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/log/checkpoint') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
        return;
      }
      fetch(`${mirror}${path}`)
        .then(async (up) => {
          res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? '' });
          res.end(Buffer.from(await up.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
    await new Promise<void>((r) => {
      proxy.listen(0, '127.0.0.1', r);
    });
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const start = Date.now();
      const r = await subscribe(nodeCopy('node-endless'), url);
      expectKept(r, 'mirror_unreachable');
      expect((r.json.error as { message: string }).message).toMatch(/body_too_large/);
      expect(Date.now() - start).toBeLessThan(30_000);
      // a mirror seeding from it serves nothing and says why
      const seeded = await seedingHealth(url);
      expect(seeded.state).toBe('failed');
      expect(seeded.detail).toMatch(/body_too_large|more than/);
    } finally {
      proxy.closeAllConnections();
      await new Promise<void>((r) => {
        proxy.close(() => {
          r();
        });
      });
    }
  });

  it('a seeding mirror needs the governance witness quorum on the upstream checkpoint', async () => {
    expect(
      await seedingHealth(
        mirror,
        witnesses.map((w) => w.vkey),
      ),
    ).toMatchObject({
      state: 'ready',
    });
    const unwitnessed = await seedingHealth(mirror, []);
    expect(unwitnessed.state).toBe('failed');
    expect(unwitnessed.detail).toMatch(/2 witness cosignatures are required/);
  });

  it("counts each witness's cosignatures on its /metrics", async () => {
    const metrics = await (await fetch(`${witnesses[0]?.url ?? ''}/metrics`)).text();
    expect(metrics).toMatch(/mesh_witness_cosignatures_total\{outcome="cosigned"\} [1-9]/);
  });

  it('refuses a first subscribe without the governance witness quorum unless opted out, which doctor reports', async () => {
    const plain = ['--root', m.root, '--log-key', m.logKey];
    const none = await meshJson(
      [
        '--state',
        join(work, 'node-nowitness'),
        'subscribe',
        'mesh:coding-agent@canary',
        '--mirror',
        mirror,
        ...plain,
      ],
      { timeoutMs: m.timeoutMs },
    );
    expect(none.code).toBe(2);
    expect(none.stderr + JSON.stringify(none.json)).toMatch(/2 witness cosignatures/);
    const one = await subscribe(join(work, 'node-onewitness'), mirror, [
      ...plain,
      '--witness',
      witnesses[0]?.vkey ?? '',
    ]);
    expect(one.code).not.toBe(0);
    const home = join(work, 'node-optout');
    const ok = await subscribe(home, mirror, [...plain, '--allow-no-witness']);
    expect(ok.code, JSON.stringify(ok.json)).toBe(0);
    expect(String(ok.json.optOuts)).toContain('--allow-no-witness');
    const c = await check(home, 'mesh:coding-agent@canary');
    expect(c.status).toBe('warn');
    expect(c.detail).toContain('--allow-no-witness');
  });

  it('fails the refresh when a gossip peer does not answer or serves no gossip, keeping the last good pack', async () => {
    const silent = await startMirror(m.repo, false);
    for (const peer of ['http://127.0.0.1:9', silent]) {
      const r = await subscribe(nodeCopy(`node-gossip-${peer.length}`), mirror, [
        ...trustFlags(),
        '--gossip',
        peer,
      ]);
      expectKept(r, 'gossip_failed');
    }
    // a mirror that serves no gossip, as the default peer, fails too
    const viaSilent = await subscribe(nodeCopy('node-gossip-default'), silent, [
      ...trustFlags(),
      '--gossip',
      silent,
    ]);
    expectKept(viaSilent, 'gossip_failed');
    const home = nodeCopy('node-no-gossip');
    const off = await subscribe(home, silent, [...trustFlags(), '--no-gossip']);
    expect(off.code, JSON.stringify(off.json)).toBe(0);
    const c = await check(home, 'mesh:coding-agent@canary');
    expect(c.status).toBe('warn');
    expect(c.detail).toContain('--no-gossip');
  });
  it('finishes a publish that missed the witness quorum with the same bytes, never a second version', async () => {
    const dir = fork(m, 'resume');
    const dead = `http://127.0.0.1:9/witness=${witnesses[0]?.vkey ?? ''}`;
    const failed = await mesh([
      'publish',
      packFile(m, '1.0.8'),
      '--repo',
      dir,
      '--keys',
      m.keys,
      '--profile',
      'demo',
      '--witness',
      dead,
    ]);
    expect(failed.code).toBe(1);
    expect((failed.json.error as { code: string }).code).toBe('quorum_not_met');
    const pending = readFileSync(`${dir}.pending.json`, 'utf8');
    await publish(m, packFile(m, '1.0.9'), [...witnessFlags(), '--quorum', '2'], dir);
    expect(() => readFileSync(`${dir}.pending.json`)).toThrow();
    const journalled = JSON.parse(pending) as { files: { path: string; bytes: string }[] };
    for (const f of journalled.files.filter((x) => /^metadata\/\d+\.canary\.json$/.test(x.path)))
      expect(readFileSync(join(dir, f.path)).toString('base64')).toBe(f.bytes);
    const v = await mesh(['verify', '--repo', dir, ...trustFlags()]);
    expect(v.code, JSON.stringify(v.json)).toBe(0);
  });
});
