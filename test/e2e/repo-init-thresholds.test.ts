// docs/GOVERNANCE.md "A repository with threshold roles from version 1", through real `mesh`
// processes: `mesh repo init` stages root, targets and stable v1 as 2-of-3 roles, keyholders sign
// and assemble them (a short or stranger signature is refused by name), `mesh publish --apply`
// installs all three in the production profile, and both `mesh subscribe` and tuf-js@5 (trusting
// only that first root) read a pack published into it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Updater as TufJsUpdater } from 'tuf-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvelopeBytes, parseRoot, parseTargets } from '../../tuf/index.js';
import {
  BUILTIN,
  expectOk,
  maintainer,
  meshJson,
  nodeHome,
  startMirror,
  subscribedPack,
  writePack,
  type Maintainer,
  type MeshRun,
} from './publish-subscribe.js';

const E2E_TIMEOUT = 240_000;
const work = mkdtempSync(join(tmpdir(), 'mesh-repo-init-'));
const state = join(work, 'state');
let m: Maintainer;
const holders: Record<string, { public: string; keyid: string; file: string }> = {};

/** The production profile, with root at 2 of 3 (its default floor is 3 of 5). */
const run = (args: string[]): Promise<MeshRun> =>
  meshJson(['--state', state, ...args], { timeoutMs: m.timeoutMs });
const errorOf = (r: MeshRun): { code: string; message: string } =>
  (r.json.error as { code: string; message: string } | undefined) ?? { code: '', message: '' };
const pub = (name: string): string => holders[name]?.public ?? '';

async function sign(proposal: string, holder: string): Promise<string> {
  const out = join(work, `${holder}-${proposal.split('/').pop() ?? ''}.sig`);
  const file = holders[holder]?.file ?? '';
  expectOk(await run(['ceremony', 'sign', '--proposal', proposal, '--key', file, '--out', out]));
  return out;
}

const assemble = (proposal: string, sigs: string[], out: string): Promise<MeshRun> =>
  run([
    'ceremony',
    'assemble',
    '--repo',
    m.repo,
    '--proposal',
    proposal,
    ...sigs.flatMap((s) => ['--signature', s]),
    '--out',
    join(work, out),
  ]);

beforeAll(async () => {
  m = await maintainer(work, 60_000);
  mkdirSync(state, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(state, 'config.json'),
    JSON.stringify({ schema: 1, governance: { roles: { root: { threshold: 2, holders: 3 } } } }),
    { mode: 0o600 },
  );
  for (const role of ['root', 'targets', 'stable'])
    for (const n of [1, 2, 3]) {
      const file = join(work, `${role}${n}.key`);
      const r = expectOk(await run(['keys', 'new', '--role', role, '--out', file]));
      holders[`${role}${n}`] = { public: String(r.json.public), keyid: String(r.json.keyid), file };
    }
}, 180_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('mesh repo init: threshold roles from version 1', () => {
  it(
    'stages, signs, applies 2-of-3 roles; subscribe and tuf-js read the repository',
    async () => {
      const init = expectOk(
        await run([
          'repo',
          'init',
          '--repo',
          m.repo,
          '--keys',
          m.keys,
          ...['1', '2', '3'].flatMap((n) => ['--root-key', pub(`root${n}`)]),
          '--root-threshold',
          '2',
          ...['1', '2', '3'].flatMap((n) => ['--targets-key', pub(`targets${n}`)]),
          '--targets-threshold',
          '2',
          ...['1', '2', '3'].flatMap((n) => ['--stable-key', pub(`stable${n}`)]),
          '--stable-threshold',
          '2',
        ]),
      );
      const proposals = init.json.proposals as Record<'root' | 'targets' | 'stable', string>;

      // Before the roles are applied, a publish would make a threshold-1 repository: refused.
      const early = await run([
        'publish',
        writePack(m, 'early.json'),
        '--repo',
        m.repo,
        '--keys',
        m.keys,
      ]);
      expect(errorOf(early).code).toBe('publish_invalid');

      const r1 = await sign(proposals.root, 'root1');
      const stranger = await sign(proposals.root, 'targets1');
      const short = await assemble(proposals.root, [r1, stranger], 'short.json');
      expect(errorOf(short).code).toBe('ceremony_threshold_unmet');
      expect(errorOf(short).message).toContain('1 valid signature(s) of 2 needed');
      expect(errorOf(short).message).toContain('is not a key of root (version 1)');
      const r3 = await sign(proposals.root, 'root3');
      expectOk(await assemble(proposals.root, [r1, r3], '1.root.signed.json'));
      const t = [
        await sign(proposals.targets, 'targets1'),
        await sign(proposals.targets, 'targets2'),
      ];
      expectOk(await assemble(proposals.targets, t, '1.targets.signed.json'));
      const s = [await sign(proposals.stable, 'stable2'), await sign(proposals.stable, 'stable3')];
      expectOk(await assemble(proposals.stable, s, '1.stable.signed.json'));

      const apply = ['publish', '--repo', m.repo, '--keys', m.keys];
      const signed = ['root', 'targets', 'stable'].map((r) => join(work, `1.${r}.signed.json`));
      // Two of the three are not a repository.
      const partial = await run([...apply, '--apply', signed[0] ?? '', '--apply', signed[1] ?? '']);
      expect(errorOf(partial).code).toBe('publish_invalid');
      expect(errorOf(partial).message).toContain('missing stable');
      const applied = expectOk(await run([...apply, ...signed.flatMap((f) => ['--apply', f])]));
      expect(applied.json.initialised).toBe(true);

      const root = parseRoot(parseEnvelopeBytes(readFileSync(m.root)).signed);
      expect(root.version).toBe(1);
      expect(root.roles.root).toMatchObject({ threshold: 2 });
      expect(root.roles.root.keyids).toHaveLength(3);
      expect(root.roles.targets.threshold).toBe(2);
      const targets = parseTargets(
        parseEnvelopeBytes(readFileSync(join(m.repo, 'metadata', '1.targets.json'))).signed,
      );
      expect(targets.delegations?.roles.find((d) => d.name === 'stable')?.threshold).toBe(2);

      // A canary pack published into it, under the production profile, reaches a node.
      const pack = writePack(m, 'pack.json', { ...BUILTIN, version: '1.0.0' });
      expectOk(await run(['publish', pack, '--repo', m.repo, '--keys', m.keys]));
      const mirror = await startMirror(m);
      const home = nodeHome(m, 'node', { schema: 1 });
      const got = await subscribedPack<{ version: string }>(
        m,
        home,
        'mesh:coding-agent@canary',
        mirror,
      );
      expect(got.version).toBe('1.0.0');

      // tuf-js@5, trusting only the first root, reads the same repository from the mirror.
      const metadataDir = mkdtempSync(join(work, 'tufjs-md-'));
      const targetDir = mkdtempSync(join(work, 'tufjs-t-'));
      writeFileSync(join(metadataDir, 'root.json'), readFileSync(m.root));
      const u = new TufJsUpdater({
        metadataDir,
        metadataBaseUrl: `${mirror}/metadata`,
        targetBaseUrl: `${mirror}/targets`,
        targetDir,
      });
      await u.refresh();
      const info = await u.getTargetInfo('packs/coding-agent/canary/coding-agent.json');
      expect(info).toBeDefined();
      if (info === undefined) return;
      const file = await u.downloadTarget(info, join(targetDir, 'pack.json'));
      expect(readFileSync(file)).toEqual(readFileSync(pack));
    },
    E2E_TIMEOUT,
  );
});
