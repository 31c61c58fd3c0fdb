// The tier slot a node reports comes from its organisation's entry in the member list that reached
// it through TUF and the log (a real mirror process), not from a flag: `--tier` only lowers it, a
// revoked or unknown organisation reports nothing, and a node without an organisation key sets slot 0.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG,
  DEMO,
  expectOk,
  maintainer,
  meshJson,
  PACK,
  publish,
  publishTask,
  startMirror,
  writePack,
  type Maintainer,
  type MeshRun,
} from './publish-subscribe.js';
import { enableReporting, newDapTask, subscribeNode } from './reporting-mesh.js';

const TIERS = 3;
let m: Maintainer;
let mirror = '';
let home = '';

const orgKey = (name: string): string => join(m.work, `${name}.key`);

async function build(flags: string[]): Promise<MeshRun> {
  return meshJson(['--state', home, 'report', 'build', ...flags], { timeoutMs: 60_000 });
}

beforeAll(async () => {
  m = await maintainer(mkdtempSync(join(tmpdir(), 'mesh-member-tier-')));
  await publish(m, writePack(m, `${PACK}.json`));
  const dap = join(m.work, 'dap');
  await newDapTask(dap, {
    length: 4 * CATALOG.length + TIERS,
    minBatchSize: 1,
    timePrecision: 60,
    batchMode: 'time_interval',
    leader: 'http://127.0.0.1:9/leader/',
    helper: 'http://127.0.0.1:9/helper/',
  });
  await publishTask(m, join(dap, 'client.json'));
  const file = join(m.work, 'membership.json');
  const auth = ['--file', file, '--key', join(m.work, 'authority.key')];
  expectOk(
    await meshJson(['keys', 'new', '--role', 'membership', '--out', join(m.work, 'authority.key')]),
  );
  expectOk(await meshJson(['members', 'init', ...auth]));
  for (const [name, tier] of [
    ['acme', 1],
    ['globex', 3],
    ['initech', 2],
    ['stranger', 0],
  ] as const) {
    const o = expectOk(await meshJson(['org', 'new', '--name', name, '--out', orgKey(name)]));
    if (tier > 0)
      expectOk(
        await meshJson([
          'members',
          'add',
          ...auth,
          '--name',
          name,
          '--public-key',
          String(o.json.public_key),
          '--tier',
          String(tier),
        ]),
      );
  }
  expectOk(await meshJson(['members', 'revoke', ...auth, '--org', 'initech', '--reason', 'lost']));
  expectOk(
    await meshJson(['publish', '--members', file, '--repo', m.repo, '--keys', m.keys, ...DEMO], {
      timeoutMs: 120_000,
    }),
  );
  mirror = await startMirror(m);
  const node = await subscribeNode({ ...m, dap }, mirror, 'tiered');
  expectOk(node.run);
  home = node.home;
  expectOk(await enableReporting(home));
}, 180_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('the tier slot comes from the verified member list', () => {
  it('tier 1 takes the highest slot, tier 3 the lowest; no organisation key: slot 0', async () => {
    const acme = expectOk(await build(['--org-key', orgKey('acme')]));
    expect(acme.json).toMatchObject({
      tier: TIERS - 1,
      tiers: TIERS,
      tierSource: 'member-list',
      org: { name: 'acme', tier: 1 },
    });
    const globex = expectOk(await build(['--org-key', orgKey('globex')]));
    expect(globex.json).toMatchObject({ tier: 0, org: { name: 'globex', tier: 3 } });
    const none = expectOk(await build([]));
    expect(none.json).toMatchObject({ tier: 0, tierSource: 'no-org-key' });
  }, 120_000);

  it('a --tier flag lowers the slot but never raises it', async () => {
    expectOk(await enableReporting(home, ['--tier', '2']));
    const globex = expectOk(await build(['--org-key', orgKey('globex')]));
    expect(globex.json).toMatchObject({ tier: 0 });
    expectOk(await enableReporting(home, ['--tier', '1']));
    const acme = expectOk(await build(['--org-key', orgKey('acme')]));
    expect(acme.json).toMatchObject({ tier: 1, org: { tier: 1 } });
  }, 120_000);

  it('a revoked or unknown organisation builds no report', async () => {
    for (const name of ['initech', 'stranger']) {
      const r = await build(['--org-key', orgKey(name)]);
      expect(r.code, name).toBe(1);
      expect(r.json, name).toMatchObject({ error: { code: 'state_invalid' } });
      expect(JSON.stringify(r.json)).toContain(name === 'initech' ? 'revoked' : 'unknown');
    }
  }, 120_000);

  it('no mirror, no tier: the lists are read through TUF each time, never from a local file', async () => {
    await Promise.all(m.services.map((s) => s.stop()));
    m.services.length = 0;
    const r = await build(['--org-key', orgKey('acme')]);
    expect(r.code).not.toBe(0);
    expect(r.json).toMatchObject({ error: { code: 'tuf_refused' } });
  }, 120_000);
});
