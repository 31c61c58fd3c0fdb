// docs/architecture.md "Publish" and "Subscribe" happy paths with real processes on 127.0.0.1: canary and DAP
// task publishing, the stable ring through a ceremony and `mesh publish --apply`, `mesh verify`, the
// mirror's static serving rules, and a mirror seeded from an upstream that subscribers can use.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerVkey } from '../../log/index.js';
import { PublishKeys, sha256Hex } from '../../packs/index.js';
import {
  listSubscriptions,
  refreshAll,
  resolveSubscribedPack,
  startSubscriptionScheduler,
} from '../../node/subscription/index.js';
import {
  BUILTIN,
  maintainer,
  meshJson,
  publish,
  publishTask,
  signAndApply,
  startMirror,
  subscribe,
  subscribedPack,
  writePack,
  type Maintainer,
  type MeshRun,
} from './publish-subscribe.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-flow-'));
let m: Maintainer;
let mirror = '';

const mesh = (args: string[]): Promise<MeshRun> =>
  meshJson(args, { strict: true, timeoutMs: m.timeoutMs });

const packFile = (version: string): string =>
  writePack(m, `pack-${version}.json`, { ...BUILTIN, version });

beforeAll(async () => {
  m = await maintainer(work, 30_000);
  const pub = await publish(m, packFile('1.0.0'));
  expect(pub.json.logKey).toBe(m.logKey);
  writeFileSync(join(work, 'client.json'), JSON.stringify({ task: 'demo' }));
  await publishTask(m, join(work, 'client.json'), 'coding-agent');
  mirror = await startMirror(m, { config: { mirror: { logKey: m.logKey } } });
}, 120_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('publishing and serving', () => {
  it('serves the layout with content types and no way out of the repository', async () => {
    const ts = await fetch(`${mirror}/metadata/timestamp.json`);
    expect(ts.status).toBe(200);
    expect(ts.headers.get('content-type')).toBe('application/json');
    const cp = await fetch(`${mirror}/log/checkpoint`);
    expect(cp.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const bad of [
      '/metadata/../../keys/root.key',
      '/metadata/%2e%2e/%2e%2e/keys/root.key',
      '/targets/..%2f..%2fkeys%2froot.key',
      '/metadata/.hidden',
      '/metadata/',
    ])
      expect((await fetch(`${mirror}${bad}`)).status, bad).toBe(404);
  });

  it('mesh verify passes on the repository and the mirror, and refuses another log key', async () => {
    const byRepo = await mesh([
      'verify',
      '--repo',
      m.repo,
      '--log-key',
      m.logKey,
      '--allow-no-witness',
    ]);
    expect(byRepo.code, JSON.stringify(byRepo.json)).toBe(0);
    expect((byRepo.json.tuf as { targets: number }).targets).toBe(2);
    const byMirror = await mesh([
      'verify',
      '--mirror',
      mirror,
      '--log-key',
      m.logKey,
      '--root',
      m.root,
      '--allow-no-witness',
    ]);
    expect(byMirror.code, JSON.stringify(byMirror.json)).toBe(0);
    // without the opt-out an unwitnessed repository fails the governance witness quorum
    const strict = await mesh(['verify', '--repo', m.repo, '--log-key', m.logKey]);
    expect(strict.code).toBe(1);
    expect(String(strict.json.problems)).toMatch(/2 witness cosignatures are required/);
    const wrongKey = await mesh([
      'verify',
      '--repo',
      m.repo,
      '--log-key',
      signerVkey(new PublishKeys(m.keys).logSigner('other/log')),
    ]);
    expect(wrongKey.code).toBe(1);
  });

  it('publishes to stable only through a ceremony and mesh publish --apply, then subscribes', async () => {
    const prop = join(work, 'stable.proposal.json');
    await publish(m, packFile('1.1.0'), ['--ring', 'stable', '--out', prop]);
    expect(readFileSync(join(m.repo, 'metadata', 'timestamp.json'), 'utf8')).not.toContain(
      'stable/coding-agent',
    );
    await signAndApply(m, prop);
    const state = join(work, 'node-stable');
    const pack = await subscribedPack<{ version: string }>(
      m,
      state,
      'mesh:coding-agent@stable',
      mirror,
    );
    expect(pack.version).toBe('1.1.0');
    expect(() => resolveSubscribedPack(state, 'mesh:coding-agent@canary')).toThrow(
      /no verified pack/,
    );
  });

  it('a mirror seeded from an upstream serves what it verified, and nodes subscribe through it', async () => {
    const down = await startMirror(m, {
      repo: null,
      // this repository is published without witnesses: the explicit opt-out
      config: {
        mirror: { upstream: mirror, root: m.root, logKey: m.logKey, allowNoWitness: true },
      },
    });
    const state = join(work, 'node-down');
    const s = await subscribe(m, state, 'mesh:coding-agent@canary', down);
    expect(s.code, JSON.stringify(s.json)).toBe(0);
    const file = resolveSubscribedPack(state, 'mesh:coding-agent@canary');
    expect(sha256Hex(readFileSync(file))).toBe((s.json.pack as { sha256: string }).sha256);
    const v = await mesh([
      'verify',
      '--mirror',
      down,
      '--log-key',
      m.logKey,
      '--root',
      m.root,
      '--allow-no-witness',
    ]);
    expect(v.code, JSON.stringify(v.json)).toBe(0);
    const health = await fetch(`${down}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ state: { mirror: { state: 'ready' } } });
    expect(await (await fetch(`${down}/metrics`)).text()).toMatch(
      /mesh_mirror_seeding_total\{outcome="ok",reason="none"\} [1-9]/,
    );
  });

  it('a mirror whose seeding was refused serves nothing and says so on /healthz and /metrics', async () => {
    const other = signerVkey(new PublishKeys(m.keys).logSigner('other/log'));
    const refused = await startMirror(m, {
      repo: null,
      config: { mirror: { upstream: mirror, root: m.root, logKey: other } },
    });
    const health = await fetch(`${refused}/healthz`);
    expect(health.status).toBe(503);
    const body = (await health.json()) as { ok: boolean; state: { mirror: { state: string } } };
    expect(body).toMatchObject({ ok: false, state: { mirror: { state: 'failed' } } });
    expect((await fetch(`${refused}/metadata/timestamp.json`)).status).toBe(404);
    expect(await (await fetch(`${refused}/metrics`)).text()).toMatch(
      /mesh_mirror_seeding_total\{outcome="refused",reason="log_refused"\} 1/,
    );
  });

  it('runs parallel refreshes of one subscription one after another, leaving valid state', async () => {
    const state = join(work, 'node-parallel');
    const refresh = (): Promise<MeshRun> => subscribe(m, state, 'mesh:coding-agent@canary', mirror);
    const runs = await Promise.all([refresh(), refresh(), refresh()]);
    for (const r of runs) expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(sha256Hex(readFileSync(resolveSubscribedPack(state, 'mesh:coding-agent@canary')))).toBe(
      (runs[0].json.pack as { sha256: string }).sha256,
    );
  });
  it('the scheduler refreshes every remembered subscription and reports each outcome', async () => {
    const state = join(work, 'node-parallel');
    expect(listSubscriptions(state)).toEqual(['coding-agent@canary']);
    const updated = await new Promise<string>((resolve, reject) => {
      const stop = startSubscriptionScheduler({
        stateRoot: state,
        intervalMs: 50,
        onUpdate: (id) => {
          stop();
          resolve(id);
        },
        onError: (id, e) => {
          stop();
          reject(new Error(`${id}: ${(e as Error).message}`));
        },
      });
    });
    expect(updated).toBe('coding-agent@canary');
    expect(await refreshAll({ stateRoot: state, intervalMs: 0 })).toBe(1);
  });
});
