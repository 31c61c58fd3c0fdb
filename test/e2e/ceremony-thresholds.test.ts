// docs/GOVERNANCE.md "Running a rotation" through real `mesh` processes: key and threshold changes
// of root and of the stable ring are `mesh ceremony propose --add-key/--remove-key/--threshold`,
// signed and assembled by keyholders (a refused signature is named with why), applied with
// `mesh publish --apply`, and a TUF client that trusts only the first root follows every step.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvelopeBytes, parseRoot } from '../../tuf/index.js';
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
  type MeshRun,
} from './publish-subscribe.js';
import { mirroredClient } from './mirrored-client.js';

/** Each test runs many `mesh` processes; generous for a loaded 2-core machine. */
const E2E_TIMEOUT = 240_000;

const work = mkdtempSync(join(tmpdir(), 'mesh-ceremony-'));
let m: Maintainer;
const keys: Record<string, { public: string; keyid: string; file: string }> = {};

const run = (args: string[]): Promise<MeshRun> =>
  meshJson(['--state', join(work, 'state'), ...args], { timeoutMs: m.timeoutMs });
const errorOf = (r: MeshRun): { code: string; message: string } =>
  (r.json.error as { code: string; message: string } | undefined) ?? { code: '', message: '' };

async function newKey(name: string, role: string): Promise<void> {
  const file = join(work, `${name}.key`);
  const r = expectOk(await run(['keys', 'new', '--role', role, '--out', file]));
  keys[name] = { public: String(r.json.public), keyid: String(r.json.keyid), file };
}

async function propose(name: string, flags: string[], profile = DEMO): Promise<string> {
  const out = join(work, `${name}.proposal.json`);
  expectOk(
    await run(['ceremony', 'propose', '--repo', m.repo, ...flags, '--out', out, ...profile]),
  );
  return out;
}

async function sign(proposal: string, key: string, tag: string): Promise<string> {
  const out = join(work, `${tag}.sig.json`);
  expectOk(await run(['ceremony', 'sign', '--proposal', proposal, '--key', key, '--out', out]));
  return out;
}

function assemble(proposal: string, sigs: string[], out: string, profile = DEMO) {
  return run([
    'ceremony',
    'assemble',
    '--repo',
    m.repo,
    '--proposal',
    proposal,
    ...sigs.flatMap((s) => ['--signature', s]),
    '--out',
    join(work, out),
    ...profile,
  ]);
}

const rootVersion = (): number =>
  parseRoot(parseEnvelopeBytes(readFileSync(join(m.repo, 'metadata', 'root.json'))).signed).version;

beforeAll(async () => {
  m = await maintainer(work, 60_000);
  await publish(m, writePack(m, 'pack.json', { ...BUILTIN, version: '1.0.0' }));
  for (const [name, role] of [
    ['r2', 'root'],
    ['r3', 'root'],
    ['r4', 'root'],
    ['s2', 'stable'],
    ['s3', 'stable'],
  ] as const)
    await newKey(name, role);
}, 180_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('offline roles change by command, 2 of 3 from then on', () => {
  const rootKey = (): string => join(m.keys, 'root.key');

  it(
    'root becomes 2 of 3; a key outside both roots is refused by name',
    async () => {
      const p = await propose('root-v2', [
        '--role',
        'root',
        '--add-key',
        keys.r2?.public ?? '',
        '--add-key',
        keys.r3?.public ?? '',
        '--threshold',
        '2',
      ]);
      const [old, r2, stranger] = [
        await sign(p, rootKey(), 'v2-root'),
        await sign(p, keys.r2?.file ?? '', 'v2-r2'),
        await sign(p, keys.s2?.file ?? '', 'v2-s2'),
      ];
      const short = await assemble(p, [r2, stranger], 'x.json');
      expect(short.code).toBe(1);
      expect(errorOf(short).code).toBe('ceremony_threshold_unmet');
      expect(errorOf(short).message).toContain('root (current): 0 valid signature(s) of 1 needed');
      expect(errorOf(short).message).toContain(`${keys.s2?.keyid.slice(0, 16) ?? ''}…): key`);
      expect(errorOf(short).message).toContain('is not a key of root (current) or new root');
      // The production profile wants root 3 of 5: a 2-of-3 root is refused there.
      const prod = await assemble(p, [old, r2], 'y.json', []);
      expect(errorOf(prod).code).toBe('threshold_too_low');
      const ok = expectOk(await assemble(p, [old, r2, stranger], '2.root.json'));
      expect(ok.json.signatures).toBe(2);
      expect((ok.json.refused as { file: string; reason: string }[])[0]?.file).toBe(stranger);
      expectOk(await run(applyArgs(m, join(work, '2.root.json'))));
      expect(rootVersion()).toBe(2);
    },
    E2E_TIMEOUT,
  );

  it(
    'the 2-of-3 root rotates its first key out only with two signatures of old and new',
    async () => {
      const rootId = parseRoot(
        parseEnvelopeBytes(readFileSync(join(m.repo, 'metadata', '1.root.json'))).signed,
      ).roles.root.keyids[0];
      const p = await propose('root-v3', [
        '--role',
        'root',
        '--remove-key',
        rootId ?? '',
        '--add-key',
        keys.r4?.public ?? '',
      ]);
      const r2 = await sign(p, keys.r2?.file ?? '', 'v3-r2');
      const r3 = await sign(p, keys.r3?.file ?? '', 'v3-r3');
      const one = await assemble(p, [r2], 'z.json');
      expect(errorOf(one).message).toContain('root (current): 1 valid signature(s) of 2 needed');
      expectOk(await assemble(p, [r2, r3], '3.root.json'));
      expectOk(await run(applyArgs(m, join(work, '3.root.json'))));
      expect(rootVersion()).toBe(3);
    },
    E2E_TIMEOUT,
  );

  it(
    'stable becomes 2 of 3, a stable pack needs two of its keys, and a client accepts it',
    async () => {
      const p = await propose('stable-keys', [
        '--role',
        'stable',
        '--add-key',
        keys.s2?.public ?? '',
        '--add-key',
        keys.s3?.public ?? '',
        '--threshold',
        '2',
      ]);
      const t = await sign(p, join(m.keys, 'targets.key'), 'targets');
      expectOk(await assemble(p, [t], 'targets.signed.json'));
      expectOk(await run(applyArgs(m, join(work, 'targets.signed.json'))));

      const pack = writePack(m, 'stable-pack.json', { ...BUILTIN, version: '1.0.0' });
      const proposed = expectOk(
        await run([
          'publish',
          pack,
          '--ring',
          'stable',
          '--repo',
          m.repo,
          '--keys',
          m.keys,
          ...DEMO,
        ]),
      );
      const sp = String(proposed.json.proposal);
      const one = await sign(sp, join(m.keys, 'stable.key'), 'stable-1');
      const two = await sign(sp, keys.s2?.file ?? '', 'stable-2');
      const three = await sign(sp, keys.s3?.file ?? '', 'stable-3');
      const short = await assemble(sp, [one], 's1.json');
      expect(errorOf(short).message).toContain(
        'stable (current): 1 valid signature(s) of 2 needed',
      );
      // Production accepts a 2-of-3 stable role (its threshold is 2).
      expectOk(await assemble(sp, [two, three], 'stable.signed.json', []));
      expectOk(await run(applyArgs(m, join(work, 'stable.signed.json'))));

      const { client, md, td } = await mirroredClient(m);
      expect((await client(['init', m.root])).code).toBe(0);
      const target = 'packs/coding-agent/stable/coding-agent.json';
      const got = await client(['--target-name', target, 'download']);
      expect(got.code, got.stderr).toBe(0);
      expect(
        parseRoot(parseEnvelopeBytes(readFileSync(join(md, 'root.json'))).signed).version,
      ).toBe(3);
      // The client stores a target under its URL-quoted path; its bytes are the pack the keyholders signed.
      expect(readFileSync(join(td, encodeURIComponent(target)))).toEqual(readFileSync(pack));
    },
    E2E_TIMEOUT,
  );
});
