// `mesh publish --apply PROPOSAL.json` for consensus proposals, end to end through the real CLI:
// refusals (unsigned, tampered, another key, too old, stale), then demote and expire (canary, online
// keys) and promote (stable, through a ceremony), each ending with `mesh subscribe` verifying the
// new pack version from a mirror, and a second apply publishing nothing.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyDoc } from '../../guard/index.js';
import { signerVkey } from '../../log/index.js';
import {
  proposalBody,
  signProposal,
  type SignedProposal,
} from '../../node/consensus/proposal-file.js';
import type { Proposal } from '../../node/consensus/proposals.js';
import { resolveSubscribedPack } from '../../node/subscription/index.js';
import { BUILTIN_PACKS, PublishKeys, ruleContentHash } from '../../packs/index.js';
import { loadKeyFile } from '../../tuf/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-consensus-'));
const keys = join(work, 'keys');
const repo = join(work, 'repo');
const services: ServeProcess[] = [];
const catalog = (BUILTIN_PACKS['coding-agent'] as { catalog: string[] }).catalog;
let logVkey = '';
let mirror = '';
let collectorPublic = '';
let canarySha = '';
let firstSha = '';
let files = 0;

interface PackFile {
  version: string;
  catalog: string[];
  policy: PolicyDoc;
  rules: Record<string, { sha256: string }>;
}

async function mesh(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; json: Record<string, unknown> }> {
  const r = await runMesh([...args, '--json'], { env, timeoutMs: 60_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return { code: r.code, json: JSON.parse(line) as Record<string, unknown> };
  } catch {
    throw new Error(`mesh ${args.join(' ')} printed no JSON: ${r.stdout} ${r.stderr}`);
  }
}

function proposalFile(
  changes: { kind: Proposal['kind']; rule: string; from?: 'canary' | 'stable' }[],
  opts: { packSha?: string; created?: Date; key?: string } = {},
): { file: string; doc: SignedProposal } {
  const proposals: Proposal[] = changes.map((c) => ({
    kind: c.kind,
    rule: c.rule,
    from: c.from ?? 'canary',
    to: c.kind === 'promote' ? 'stable' : c.kind === 'demote' ? 'shadow' : 'removed',
    numbers: { reports: 40, hits: 12, falsePositives: 0, daysInRing: 30 },
    reason: 'test',
  }));
  const agg = {
    pack: 'coding-agent',
    reportCount: 40,
    hits: catalog.map(() => 1),
    falsePositives: catalog.map(() => 0),
    interval: { start: 0, duration: 60 },
  };
  const body = proposalBody(
    agg,
    changes[0]?.from ?? 'canary',
    proposals,
    opts.created ?? new Date(),
    opts.packSha ?? canarySha,
  );
  const doc = signProposal(body, loadKeyFile(opts.key ?? join(keys, 'collector.key')).signer);
  const file = join(work, `proposal-${++files}.json`);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return { file, doc };
}

const apply = (file: string, extra: string[] = []): ReturnType<typeof mesh> =>
  mesh([
    'publish',
    '--apply',
    file,
    '--repo',
    repo,
    '--keys',
    keys,
    '--collector-key',
    collectorPublic,
    ...extra,
  ]);

const timestamp = (): string => readFileSync(join(repo, 'metadata', 'timestamp.json'), 'utf8');

async function subscribe(node: string, ring: 'canary' | 'stable'): Promise<PackFile> {
  const spec = `mesh:coding-agent@${ring}`;
  const s = await mesh([
    '--state',
    node,
    'subscribe',
    spec,
    '--mirror',
    mirror,
    '--root',
    join(repo, 'metadata', '1.root.json'),
    '--log-key',
    logVkey,
  ]);
  expect(s.code, JSON.stringify(s.json)).toBe(0);
  return JSON.parse(readFileSync(resolveSubscribedPack(node, spec), 'utf8')) as PackFile;
}

beforeAll(async () => {
  mkdirSync(keys, { recursive: true });
  const made = await Promise.all(
    ['root', 'targets', 'canary', 'stable', 'snapshot', 'timestamp', 'log', 'collector'].map((r) =>
      mesh(['keys', 'new', '--role', r, '--out', join(keys, `${r}.key`)]),
    ),
  );
  collectorPublic = (made.at(-1)?.json as { public: string }).public;
  await mesh(['keys', 'new', '--role', 'collector', '--out', join(work, 'rogue.key')]);
  logVkey = signerVkey(new PublishKeys(keys).logSigner('interlock-mesh/log'));
  const packFile = join(work, 'coding-agent.json');
  writeFileSync(packFile, JSON.stringify(BUILTIN_PACKS['coding-agent'], null, 2));
  const pub = await mesh(['publish', packFile, '--repo', repo, '--keys', keys]);
  expect(pub.code, JSON.stringify(pub.json)).toBe(0);
  canarySha = (pub.json.targets as { sha256: string }[])[0]?.sha256 ?? '';
  firstSha = canarySha;
  const s = await startServe(['--role', 'mirror', '--repo', repo, '--data', join(work, 'mirror')]);
  services.push(s);
  mirror = s.url;
}, 120_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
});

describe('mesh publish --apply of a consensus proposal', () => {
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
    for (const [name, d, code] of cases) {
      const file = join(work, `bad-${name}.json`);
      writeFileSync(file, JSON.stringify(d));
      const r = await apply(file);
      expect(r.code, name).toBe(1);
      expect(r.json, name).toMatchObject({ error: { code } });
    }
    const noKey = await mesh([
      'publish',
      '--apply',
      proposalFile([{ kind: 'demote', rule: 'ca.history-rewrite' }]).file,
      '--repo',
      repo,
      '--keys',
      keys,
    ]);
    expect(noKey.code).toBe(2);
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
    expect(r.json.note).toContain('not of organisations');
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
    const sig = join(work, 'stable.sig.json');
    const signed = join(work, 'stable.signed.json');
    const s = await mesh([
      'ceremony',
      'sign',
      '--proposal',
      stable.ceremony.file,
      '--key',
      join(keys, 'stable.key'),
      '--out',
      sig,
    ]);
    expect(s.code, JSON.stringify(s.json)).toBe(0);
    const a = await mesh([
      'ceremony',
      'assemble',
      '--repo',
      repo,
      '--proposal',
      stable.ceremony.file,
      '--signature',
      sig,
      '--out',
      signed,
    ]);
    expect(a.code, JSON.stringify(a.json)).toBe(0);
    const done = await mesh(['publish', '--apply', signed, '--repo', repo, '--keys', keys]);
    expect(done.code, JSON.stringify(done.json)).toBe(0);
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
    expect(existsSync(`${repo}.consensus`)).toBe(true);
  }, 180_000);
});
