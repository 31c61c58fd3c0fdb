// docs/GOVERNANCE.md as `mesh publish` enforces it, through real `mesh` processes: only the next
// version of a role is applied (no root rollback), pack versions only rise and never change content,
// the pack licence, the production profile's thresholds, timestamp kept fresh by --refresh and by
// `mesh serve --role timestamp`, role expiries from governance.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { cosigner, cosignerVkey, formatSkey } from '../../log/index.js';
import { LOG_ORIGIN } from '../../node/demo/mesh-setup.js';
import { parseEnvelopeBytes } from '../../tuf/index.js';
import { startServe } from '../support/serve-process.js';
import {
  applyArgs,
  BUILTIN,
  DEMO,
  expectOk,
  maintainer,
  meshJson,
  publish,
  writePack,
  type Maintainer,
  startTimestampRole,
  type MeshRun,
} from './publish-subscribe.js';
import { mirroredClient } from './mirrored-client.js';

/** Each test runs many `mesh` processes; generous for a loaded 2-core machine. */
const E2E_TIMEOUT = 240_000;

const work = mkdtempSync(join(tmpdir(), 'mesh-pubgov-'));
let m: Maintainer;
const DAY = 86_400_000;

const packFile = (version: string, extra: object = {}): string =>
  writePack(m, `pack-${version}-${Math.random().toString(16).slice(2)}.json`, {
    ...BUILTIN,
    version,
    ...extra,
  });

const errorCode = (r: MeshRun): string =>
  (r.json.error as { code?: string } | undefined)?.code ?? '';

function signedOf(repo: string, file: string): { version: number; expires: string } {
  const env = parseEnvelopeBytes(readFileSync(join(repo, 'metadata', file)));
  return env.signed as unknown as { version: number; expires: string };
}

const run = (args: string[]): Promise<MeshRun> =>
  meshJson(['--state', join(work, 'state'), ...args], { timeoutMs: m.timeoutMs });

beforeAll(async () => {
  m = await maintainer(work, 60_000);
  await publish(m, packFile('0.2.0'));
}, 120_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('mesh publish keeps the repository monotonic', () => {
  it(
    'applies only the next root: an older root (1.root.json after 2) is refused, root.json stays',
    async () => {
      const key = expectOk(
        await run(['keys', 'new', '--role', 'root', '--out', join(work, 'root2.key')]),
      );
      const proposal = join(work, 'root-v2.proposal.json');
      expectOk(
        await run([
          'ceremony',
          'propose',
          '--repo',
          m.repo,
          '--role',
          'root',
          '--add-key',
          String(key.json.public),
          '--out',
          proposal,
          ...DEMO,
        ]),
      );
      const sig = join(work, 'root-v2.sig.json');
      expectOk(
        await run([
          'ceremony',
          'sign',
          '--proposal',
          proposal,
          '--key',
          join(m.keys, 'root.key'),
          '--out',
          sig,
        ]),
      );
      const signed = join(work, '2.root.json');
      expectOk(
        await run([
          'ceremony',
          'assemble',
          '--repo',
          m.repo,
          '--proposal',
          proposal,
          '--signature',
          sig,
          '--out',
          signed,
          ...DEMO,
        ]),
      );
      expectOk(await run(applyArgs(m, signed)));
      expect(signedOf(m.repo, 'root.json').version).toBe(2);

      const old = await run(applyArgs(m, join(m.repo, 'metadata', '1.root.json')));
      expect(old.code).toBe(1);
      expect(errorCode(old)).toBe('version_not_next');
      const replay = await run(applyArgs(m, signed));
      expect(errorCode(replay)).toBe('version_not_next');
      expect(signedOf(m.repo, 'root.json').version).toBe(2);
    },
    E2E_TIMEOUT,
  );

  it(
    'refuses a lower version, the same version with other content, and names a re-publish',
    async () => {
      const lower = await run([
        'publish',
        packFile('0.1.5'),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
        ...DEMO,
      ]);
      expect(lower.code).toBe(1);
      expect(errorCode(lower)).toBe('pack_version_lower');
      const changed = packFile('0.2.0', { description: 'other content, same version' });
      const reused = await run(['publish', changed, '--repo', m.repo, '--keys', m.keys, ...DEMO]);
      expect(errorCode(reused)).toBe('pack_version_reused');
      const same = await run([
        'publish',
        packFile('0.2.0'),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
        ...DEMO,
      ]);
      expect(errorCode(same)).toBe('pack_version_exists');
      const before = signedOf(m.repo, 'timestamp.json').version;
      await publish(m, packFile('0.2.1'));
      expect(signedOf(m.repo, 'timestamp.json').version).toBe(before + 1);
    },
    E2E_TIMEOUT,
  );
});

describe('governance at publish', () => {
  it(
    'refuses a pack licensed GPL-3.0-only',
    async () => {
      const r = await run([
        'publish',
        packFile('0.3.0', { licence: 'GPL-3.0-only' }),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
        ...DEMO,
      ]);
      expect(r.code).toBe(1);
      expect(errorCode(r)).toBe('licence_refused');
    },
    E2E_TIMEOUT,
  );

  it(
    'the production profile (the default) refuses a threshold-1 repository; nothing is written',
    async () => {
      const repo = join(work, 'prod-repo');
      const r = await run(['publish', packFile('1.0.0'), '--repo', repo, '--keys', m.keys]);
      expect(r.code).toBe(1);
      expect(errorCode(r)).toBe('threshold_too_low');
      expect(() => readFileSync(join(repo, 'metadata', '1.root.json'))).toThrow();
      const existing = await run([
        'publish',
        packFile('0.4.0'),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
      ]);
      expect(errorCode(existing)).toBe('threshold_too_low');
    },
    E2E_TIMEOUT,
  );

  it('writes the expiries docs/GOVERNANCE.md states (targets 180 days, canary 14, stable 90)', () => {
    const days = (file: string): number =>
      Math.round((Date.parse(signedOf(m.repo, file).expires) - Date.now()) / DAY);
    const ts = parseEnvelopeBytes(readFileSync(join(m.repo, 'metadata', 'timestamp.json')))
      .signed as { meta: Record<string, { version: number }> };
    const snapshot = `${String(ts.meta['snapshot.json']?.version)}.snapshot.json`;
    const snap = parseEnvelopeBytes(readFileSync(join(m.repo, 'metadata', snapshot))).signed as {
      meta: Record<string, { version: number }>;
    };
    const file = (role: string): string =>
      `${String(snap.meta[`${role}.json`]?.version)}.${role}.json`;
    expect(days(file('targets'))).toBe(180);
    expect(days(file('canary'))).toBe(14);
    expect(days(file('stable'))).toBe(90);
    expect(days(snapshot)).toBe(7);
    expect(days('timestamp.json')).toBe(1);
    expect(days('root.json')).toBe(365);
  });
});

describe('timestamp stays fresh without a publish', () => {
  it(
    'mesh publish --refresh re-signs timestamp once; a client accepts it',
    async () => {
      const before = signedOf(m.repo, 'timestamp.json').version;
      const r = expectOk(
        await run(['publish', '--refresh', '--repo', m.repo, '--keys', m.keys, ...DEMO]),
      );
      expect((r.json.versions as { timestamp: number }).timestamp).toBe(before + 1);
      expect(signedOf(m.repo, 'timestamp.json').version).toBe(before + 1);
      const { client, md } = await mirroredClient(m);
      expect((await client(['init', m.root])).code).toBe(0);
      const refreshed = await client(['refresh']);
      expect(refreshed.code, refreshed.stderr).toBe(0);
      const trusted = parseEnvelopeBytes(readFileSync(join(md, 'timestamp.json')));
      expect((trusted.signed as { version: number }).version).toBe(before + 1);
    },
    E2E_TIMEOUT,
  );

  it(
    'mesh serve --role timestamp,mirror re-signs on its schedule, in one process with the mirror',
    async () => {
      const before = signedOf(m.repo, 'timestamp.json').version;
      const s = await startTimestampRole(m, 'timestamp,mirror');
      const deadline = Date.now() + 30_000;
      while (signedOf(m.repo, 'timestamp.json').version < before + 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect(signedOf(m.repo, 'timestamp.json').version).toBeGreaterThanOrEqual(before + 2);
      const res = await fetch(`${s.url}/metadata/timestamp.json`);
      expect(res.status).toBe(200);
      await s.stop();
    },
    E2E_TIMEOUT,
  );
});

describe('a witnessed log keeps its witnesses', () => {
  it(
    'refuses a publish without the quorum the log reached, unless --force-unwitnessed (loudly)',
    async () => {
      const dir = mkdtempSync(join(work, 'witness-'));
      const seed = randomBytes(32);
      const name = 'witness-0.test';
      writeFileSync(join(dir, 'w.key'), formatSkey(name, seed), { mode: 0o600 });
      const logs = [{ origin: LOG_ORIGIN, vkeys: [m.logKey] }];
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ witness: { name, key: join(dir, 'w.key'), logs } }),
      );
      const w = await startServe([
        '--role',
        'witness',
        '--data',
        dir,
        '--config',
        join(dir, 'config.json'),
      ]);
      m.services.push(w);
      const flag = `${w.url}=${cosignerVkey(cosigner(name, seed))}`;
      await publish(m, packFile('0.5.0'), ['--witness', flag]);
      const bare = await run([
        'publish',
        packFile('0.5.1'),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
        ...DEMO,
      ]);
      expect(bare.code).toBe(1);
      expect(errorCode(bare)).toBe('witness_quorum_required');
      const forced = await run([
        'publish',
        packFile('0.5.1'),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
        ...DEMO,
        '--force-unwitnessed',
      ]);
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stderr).toContain('WARNING: --force-unwitnessed');
      expect(forced.json.cosigners).toEqual([]);
      // Forcing once does not lower the floor: the next publish still needs the witness.
      const again = await run([
        'publish',
        packFile('0.5.2'),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
        ...DEMO,
      ]);
      expect(errorCode(again)).toBe('witness_quorum_required');
      await publish(m, packFile('0.5.2'), ['--witness', flag]);
    },
    E2E_TIMEOUT,
  );
});
