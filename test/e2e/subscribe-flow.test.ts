// DESIGN.md "Publish" and "Subscribe" happy paths with real processes on 127.0.0.1: canary and DAP
// task publishing, the stable ring through a ceremony and `mesh publish --apply`, `mesh verify`, the
// mirror's static serving rules, and a mirror seeded from an upstream that subscribers can use.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signerVkey } from '../../log/index.js';
import { BUILTIN_PACKS, PublishKeys, sha256Hex } from '../../packs/index.js';
import {
  listSubscriptions,
  refreshAll,
  resolveSubscribedPack,
  startSubscriptionScheduler,
} from '../../node/subscription/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-flow-'));
const keys = join(work, 'keys');
const repo = join(work, 'repo');
const services: ServeProcess[] = [];
let logVkey = '';
let mirror = '';

async function mesh(
  args: string[],
): Promise<{ code: number | null; json: Record<string, unknown> }> {
  const r = await runMesh([...args, '--json']);
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return { code: r.code, json: JSON.parse(line) as Record<string, unknown> };
  } catch {
    throw new Error(`mesh ${args.join(' ')} printed no JSON: ${r.stdout} ${r.stderr}`);
  }
}

function packFile(version: string): string {
  const file = join(work, `pack-${version}.json`);
  writeFileSync(file, JSON.stringify({ ...(BUILTIN_PACKS['coding-agent'] as object), version }));
  return file;
}

async function startMirror(config: object, args: string[] = []): Promise<string> {
  const data = mkdtempSync(join(work, 'mirror-'));
  writeFileSync(join(data, 'config.json'), JSON.stringify(config));
  const s = await startServe([
    '--role',
    'mirror',
    '--data',
    data,
    '--config',
    join(data, 'config.json'),
    ...args,
  ]);
  services.push(s);
  return s.url;
}

beforeAll(async () => {
  mkdirSync(keys, { recursive: true });
  for (const r of ['root', 'targets', 'canary', 'stable', 'snapshot', 'timestamp', 'log']) {
    const k = await runMesh(['keys', 'new', '--role', r, '--out', join(keys, `${r}.key`)]);
    expect(k.code, k.stderr).toBe(0);
  }
  logVkey = signerVkey(new PublishKeys(keys).logSigner('interlock-mesh/log'));
  const pub = await mesh(['publish', packFile('1.0.0'), '--repo', repo, '--keys', keys]);
  expect(pub.code, JSON.stringify(pub.json)).toBe(0);
  expect(pub.json.logKey).toBe(logVkey);
  writeFileSync(join(work, 'client.json'), JSON.stringify({ task: 'demo' }));
  const task = await mesh([
    'publish',
    '--task',
    join(work, 'client.json'),
    '--name',
    'coding-agent',
    '--repo',
    repo,
    '--keys',
    keys,
  ]);
  expect(task.code, JSON.stringify(task.json)).toBe(0);
  mirror = await startMirror({ mirror: { logKey: logVkey } }, ['--repo', repo]);
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
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
    const byRepo = await mesh(['verify', '--repo', repo, '--log-key', logVkey]);
    expect(byRepo.code, JSON.stringify(byRepo.json)).toBe(0);
    expect((byRepo.json.tuf as { targets: number }).targets).toBe(2);
    const byMirror = await mesh([
      'verify',
      '--mirror',
      mirror,
      '--log-key',
      logVkey,
      '--root',
      join(repo, 'metadata', '1.root.json'),
    ]);
    expect(byMirror.code, JSON.stringify(byMirror.json)).toBe(0);
    const wrongKey = await mesh([
      'verify',
      '--repo',
      repo,
      '--log-key',
      signerVkey(new PublishKeys(keys).logSigner('other/log')),
    ]);
    expect(wrongKey.code).toBe(1);
  });

  it('publishes to stable only through a ceremony and mesh publish --apply, then subscribes', async () => {
    const prop = join(work, 'stable.proposal.json');
    const p = await mesh([
      'publish',
      packFile('1.1.0'),
      '--ring',
      'stable',
      '--repo',
      repo,
      '--keys',
      keys,
      '--out',
      prop,
    ]);
    expect(p.code, JSON.stringify(p.json)).toBe(0);
    expect(readFileSync(join(repo, 'metadata', 'timestamp.json'), 'utf8')).not.toContain(
      'stable/coding-agent',
    );
    const sig = join(work, 'stable.sig.json');
    expect(
      (
        await mesh([
          'ceremony',
          'sign',
          '--proposal',
          prop,
          '--key',
          join(keys, 'stable.key'),
          '--out',
          sig,
        ])
      ).code,
    ).toBe(0);
    const signed = join(work, 'stable.signed.json');
    const a = await mesh([
      'ceremony',
      'assemble',
      '--repo',
      repo,
      '--proposal',
      prop,
      '--signature',
      sig,
      '--out',
      signed,
    ]);
    expect(a.code, JSON.stringify(a.json)).toBe(0);
    const applied = await mesh(['publish', '--apply', signed, '--repo', repo, '--keys', keys]);
    expect(applied.code, JSON.stringify(applied.json)).toBe(0);
    const state = join(work, 'node-stable');
    const s = await mesh([
      '--state',
      state,
      'subscribe',
      'mesh:coding-agent@stable',
      '--mirror',
      mirror,
      '--root',
      join(repo, 'metadata', '1.root.json'),
      '--log-key',
      logVkey,
    ]);
    expect(s.code, JSON.stringify(s.json)).toBe(0);
    const file = resolveSubscribedPack(state, 'mesh:coding-agent@stable');
    expect((JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version).toBe('1.1.0');
    expect(() => resolveSubscribedPack(state, 'mesh:coding-agent@canary')).toThrow(
      /no verified pack/,
    );
  });

  it('a mirror seeded from an upstream serves what it verified, and nodes subscribe through it', async () => {
    const down = await startMirror({
      mirror: { upstream: mirror, root: join(repo, 'metadata', '1.root.json'), logKey: logVkey },
    });
    const state = join(work, 'node-down');
    const s = await mesh([
      '--state',
      state,
      'subscribe',
      'mesh:coding-agent@canary',
      '--mirror',
      down,
      '--root',
      join(repo, 'metadata', '1.root.json'),
      '--log-key',
      logVkey,
    ]);
    expect(s.code, JSON.stringify(s.json)).toBe(0);
    const file = resolveSubscribedPack(state, 'mesh:coding-agent@canary');
    expect(sha256Hex(readFileSync(file))).toBe((s.json.pack as { sha256: string }).sha256);
    const v = await mesh([
      'verify',
      '--mirror',
      down,
      '--log-key',
      logVkey,
      '--root',
      join(repo, 'metadata', '1.root.json'),
    ]);
    expect(v.code, JSON.stringify(v.json)).toBe(0);
  });
  it('runs parallel refreshes of one subscription one after another, leaving valid state', async () => {
    const state = join(work, 'node-parallel');
    const args = [
      '--state',
      state,
      'subscribe',
      'mesh:coding-agent@canary',
      '--mirror',
      mirror,
      '--root',
      join(repo, 'metadata', '1.root.json'),
      '--log-key',
      logVkey,
    ];
    const runs = await Promise.all([mesh(args), mesh(args), mesh(args)]);
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
