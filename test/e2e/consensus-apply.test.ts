// `mesh consensus apply PROPOSAL.json`, end to end through the real CLI:
// refusals (unsigned, tampered, another key, too old, stale), then demote and expire (canary, online
// keys) and promote (stable, through a ceremony), each ending with `mesh subscribe` verifying the
// new pack version from a mirror, and a second apply publishing nothing; `mesh publish --apply`
// refuses a proposal and points at `mesh consensus apply`.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyDoc } from '../../guard/index.js';
import type { Proposal, SignedProposal } from '../../node/consensus/index.js';
import { ruleContentHash } from '../../packs/index.js';
import {
  applyArgs,
  CATALOG as catalog,
  maintainer,
  meshJson,
  publish,
  signAndApply,
  startMirror,
  subscribedPack,
  writePack,
  type Maintainer,
  type MeshRun,
} from './publish-subscribe.js';
import { consensusApply, consensusApplyArgs, writeProposal } from './consensus-proposal.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-consensus-'));
let m: Maintainer;
let mirror = '';
let canarySha = '';
let firstSha = '';
let files = 0;

interface PackFile {
  version: string;
  catalog: string[];
  policy: PolicyDoc;
  rules: Record<string, { sha256: string }>;
}

const mesh = (args: string[]): Promise<MeshRun> => meshJson(args, { strict: true });

function proposalFile(
  changes: { kind: Proposal['kind']; rule: string; from?: 'canary' | 'stable' }[],
  opts: { packSha?: string; created?: Date; key?: string } = {},
): { file: string; doc: SignedProposal } {
  const file = join(work, `proposal-${++files}.json`);
  const doc = writeProposal(m, file, {
    changes,
    numbers: { reports: 40, hits: 12, falsePositiveMarks: 0, daysInRing: 30 },
    aggregateHits: 1,
    reason: 'test',
    packSha: opts.packSha ?? canarySha,
    ...(opts.created ? { created: opts.created } : {}),
    ...(opts.key ? { key: opts.key } : {}),
  });
  return { file, doc };
}

const apply = (file: string): Promise<MeshRun> => mesh(consensusApply(m, file));

const timestamp = (): string => readFileSync(join(m.repo, 'metadata', 'timestamp.json'), 'utf8');

const subscribe = (node: string, ring: 'canary' | 'stable'): Promise<PackFile> =>
  subscribedPack<PackFile>(m, node, `mesh:coding-agent@${ring}`, mirror);

beforeAll(async () => {
  m = await maintainer(work);
  await mesh(['keys', 'new', '--role', 'collector', '--out', join(work, 'rogue.key')]);
  const pub = await publish(m, writePack(m, 'coding-agent.json'));
  canarySha = (pub.json.targets as { sha256: string }[])[0]?.sha256 ?? '';
  firstSha = canarySha;
  mirror = await startMirror(m);
}, 120_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('mesh consensus apply', () => {
  it('refuses unsigned, tampered, foreign-key, old and stale proposals, publishing nothing', async () => {
    const before = timestamp();
    const { doc } = proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }]);
    const cases: [string, unknown, string][] = [
      ['unsigned', { signed: doc.signed }, 'consensus_unsigned'],
      [
        'tampered',
        {
          ...doc,
          signed: {
            ...doc.signed,
            proposals: [{ ...doc.signed.proposals[0], rule: 'ca.force-push' }],
          },
        },
        'consensus_signature_invalid',
      ],
      [
        'rogue',
        proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }], {
          key: join(work, 'rogue.key'),
        }).doc,
        'consensus_untrusted_key',
      ],
      [
        'old',
        proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }], {
          created: new Date(Date.now() - 60 * 86_400_000),
        }).doc,
        'consensus_stale',
      ],
      [
        'stale',
        proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }], { packSha: 'ab'.repeat(32) })
          .doc,
        'consensus_stale',
      ],
    ];
    // Each refusal is its own process over its own file, and none publishes: they run side by side.
    const refusals = cases.map(async ([name, d, code]) => {
      const file = join(work, `bad-${name}.json`);
      writeFileSync(file, JSON.stringify(d));
      const r = await apply(file);
      expect(r.code, name).toBe(1);
      expect(r.json, name).toMatchObject({ error: { code } });
    });
    const [noKey, viaPublish] = await Promise.all([
      meshJson(
        consensusApplyArgs(m, proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }]).file),
        { strict: false },
      ),
      mesh(applyArgs(m, proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }]).file)),
      ...refusals,
    ]);
    expect(noKey.code).toBe(2);
    expect(viaPublish.code).toBe(1);
    expect(viaPublish.json).toMatchObject({
      error: {
        code: 'consensus_wrong_command',
        hint: expect.stringContaining('mesh consensus apply') as string,
      },
    });
    expect(timestamp()).toBe(before);
  }, 120_000);

  it('demote: the canary pack is republished at once with the rule in shadow; twice publishes once', async () => {
    const { file } = proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }]);
    const r = await apply(file);
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json).toMatchObject({
      outcome: 'published',
      rings: { canary: { version: '1.0.1', state: 'published' } },
    });
    expect(r.json.note).toContain('organisation-windows');
    const after = timestamp();
    const again = await apply(file);
    expect(again.json).toMatchObject({ outcome: 'already-applied' });
    expect(timestamp()).toBe(after);
    const pack = await subscribe(join(work, 'node-canary'), 'canary');
    expect(pack.version).toBe('1.0.1');
    const demoted = pack.policy.rules.find((x) => x.id === 'ca.history-rewrite');
    expect(demoted?.status).toBe('shadow');
    expect(pack.rules['ca.history-rewrite']?.sha256).toBe(ruleContentHash(demoted));
    expect(pack.catalog).toEqual(catalog);
    canarySha = (r.json.rings as { canary: { sha256: string } }).canary.sha256;
  }, 120_000);

  it('expire: the rule and its tests leave the canary pack; a proposal counted over the old pack is stale', async () => {
    const old = proposalFile([{ kind: 'expire', rule: 'ca.fetch-exec' }], { packSha: firstSha });
    expect((await apply(old.file)).json).toMatchObject({ error: { code: 'consensus_stale' } });
    const { file } = proposalFile([{ kind: 'expire', rule: 'ca.fetch-exec' }]);
    const r = await apply(file);
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json).toMatchObject({
      outcome: 'published',
      rings: { canary: { version: '1.0.2', testsDropped: 1 } },
    });
    const pack = await subscribe(join(work, 'node-canary'), 'canary');
    expect(pack.version).toBe('1.0.2');
    expect(pack.catalog).toEqual(catalog.filter((id) => id !== 'ca.fetch-exec'));
    expect(pack.policy.rules.map((x) => x.id)).not.toContain('ca.fetch-exec');
    expect(pack.rules['ca.fetch-exec']).toBeUndefined();
    expect(pack.policy.tests?.some((t) => t.rule === 'ca.fetch-exec')).toBe(false);
    canarySha = (r.json.rings as { canary: { sha256: string } }).canary.sha256;
  }, 120_000);

  it('promote: the stable change waits for the keyholders, then subscribers get it verified', async () => {
    const { file } = proposalFile([{ kind: 'promote', rule: 'ca.force-push' }]);
    const before = timestamp();
    const r = await apply(file);
    expect(r.code, JSON.stringify(r.json)).toBe(0);
    expect(r.json).toMatchObject({ outcome: 'awaiting-ceremony' });
    const stable = (r.json.rings as { stable: { state: string; ceremony: { file: string } } })
      .stable;
    expect(stable.state).toBe('proposed');
    expect(timestamp()).toBe(before);
    const ceremony = readFileSync(stable.ceremony.file, 'utf8');
    const twice = await apply(file);
    expect(twice.json).toMatchObject({ outcome: 'awaiting-ceremony' });
    expect(readFileSync(stable.ceremony.file, 'utf8')).toBe(ceremony);
    expect(timestamp()).toBe(before);
    await signAndApply(m, stable.ceremony.file);
    const pack = await subscribe(join(work, 'node-stable'), 'stable');
    expect(pack.catalog).toEqual(['ca.force-push']);
    expect(pack.policy.rules.map((x) => x.id)).toEqual(['ca.force-push']);
    expect(Object.keys(pack.rules)).toEqual(['ca.force-push']);
    expect(pack.policy.tests?.map((t) => t.rule)).toEqual(['ca.force-push']);
    const after = timestamp();
    const third = await apply(file);
    expect(third.json).toMatchObject({
      outcome: 'already-applied',
      rings: { stable: { state: 'published' } },
    });
    expect(timestamp()).toBe(after);
    expect(existsSync(`${m.repo}.consensus`)).toBe(true);
  }, 180_000);
});
