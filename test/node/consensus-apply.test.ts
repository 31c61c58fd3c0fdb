// The consensus proposal file as a signed codec, and consensus applied to pack documents
// (node/consensus): promote, demote, expire, idempotence, the pack's own tests as the gate.
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bumpVersion,
  ConsensusError,
  decodeProposalFile,
  encodeProposalFile,
  planConsensus,
  proposalBody,
  proposalSha256,
  signProposal,
  verifyProposal,
  type PackDoc,
} from '../../node/consensus/index.js';
import { collectorKeyFrom, refuseProposal } from '../../node/consensus/apply-cli.js';
import { BUILTIN_PACKS, PackError, ruleContentHash } from '../../packs/index.js';
import { createKeyFile } from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';

const dir = mkdtempSync(join(tmpdir(), 'mesh-consensus-unit-'));
const key = createKeyFile(join(dir, 'collector.key'), 'collector').signer;
const other = createKeyFile(join(dir, 'other.key'), 'collector').signer;
const canary = structuredClone(BUILTIN_PACKS['coding-agent']) as PackDoc;

function signed(rules: string[], kind: 'promote' | 'demote' | 'expire' = 'demote') {
  const body = proposalBody(
    {
      pack: 'coding-agent',
      reportCount: 9,
      signals: {
        hits: [1, 2],
        falsePositiveMarks: [0, 1],
        approvals: [1, 0],
        rejections: [0, 0],
        tiers: [7, 2],
      },
      interval: { start: 60, duration: 60 },
    },
    'canary',
    rules.map((rule) => ({
      kind,
      rule,
      from: 'canary' as const,
      to: 'shadow' as const,
      numbers: {
        reports: 9,
        hits: 2,
        falsePositiveMarks: 1,
        approvals: 0,
        rejections: 0,
        tierReports: 9,
        margin: 0,
        daysInRing: 3,
      },
      reason: 'r',
    })),
    new Date(0),
    'ab'.repeat(32),
  );
  return signProposal(body, key);
}

const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as ConsensusError).code;
  }
  return 'none';
};

describe('consensus proposal file', () => {
  it('property: what the collector signs verifies; any change to it does not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z][a-z0-9.-]{0,20}$/), { maxLength: 5 }),
        fc.nat(8),
        (rules, which) => {
          const doc = signProposal(signed(rules).signed, key);
          expect(verifyProposal(JSON.parse(JSON.stringify(doc)), key.key.publicKey)).toEqual(
            doc.signed,
          );
          const mutations: unknown[] = [
            { ...doc, signed: { ...doc.signed, pack: 'other' } },
            { ...doc, signed: { ...doc.signed, ring: 'stable' } },
            { ...doc, signed: { ...doc.signed, pack_sha256: 'cd'.repeat(32) } },
            { ...doc, signed: { ...doc.signed, created: new Date(1000).toISOString() } },
            {
              ...doc,
              signed: { ...doc.signed, aggregate: { ...doc.signed.aggregate, report_count: 10 } },
            },
            {
              ...doc,
              signed: {
                ...doc.signed,
                proposals: [
                  ...doc.signed.proposals,
                  ...doc.signed.proposals.slice(0, 1),
                  { kind: 'expire', rule: 'x', from: 'canary' },
                ],
              },
            },
            { ...doc, signed: { ...doc.signed, note: '' } },
            {
              ...doc,
              signature: {
                ...doc.signature,
                sig: doc.signature.sig.replace(/^./, (c) => (c === '0' ? '1' : '0')),
              },
            },
            { ...doc, signature: { ...doc.signature, sig: doc.signature.sig.slice(2) } },
          ];
          const m = mutations[which % mutations.length];
          expect(() => verifyProposal(m, key.key.publicKey)).toThrow(ConsensusError);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('says which refusal: unsigned, another key, bad signature, not a proposal', () => {
    const doc = signed(['ca.force-push']);
    const pub = key.key.publicKey;
    expect(codeOf(() => verifyProposal({ signed: doc.signed }, pub))).toBe('consensus_unsigned');
    expect(codeOf(() => verifyProposal(signProposal(doc.signed, other), pub))).toBe(
      'consensus_untrusted_key',
    );
    expect(
      codeOf(() => verifyProposal({ ...doc, signed: { ...doc.signed, pack: 'x' } }, pub)),
    ).toBe('consensus_signature_invalid');
    expect(codeOf(() => verifyProposal([], pub))).toBe('consensus_invalid');
    // shadow is a rule's standing, not a pack ring: a proposal file naming it is refused.
    const shadowRing = { ...doc.signed, ring: 'shadow' } as unknown as typeof doc.signed;
    const bad = signProposal(shadowRing, key);
    expect(codeOf(() => verifyProposal(bad, pub))).toBe('consensus_invalid');
  });

  it('property: the file codec round-trips; truncated or extended text is refused', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z][a-z0-9.-]{0,20}$/), { maxLength: 5 }),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 8 }),
        (rules, cut, extra) => {
          const doc = signed(rules);
          const text = encodeProposalFile(doc);
          const pub = key.key.publicKey;
          expect(decodeProposalFile(text, pub)).toEqual(doc.signed);
          const at = cut % (text.trimEnd().length - 1);
          expect(() => decodeProposalFile(text.slice(0, at), pub)).toThrow(ConsensusError);
          const extended = JSON.stringify({ ...doc, signed: { ...doc.signed, extra } });
          expect(codeOf(() => decodeProposalFile(extended, pub))).toBe(
            'consensus_signature_invalid',
          );
          expect(() => decodeProposalFile(`${text.trimEnd()}x${extra}`, pub)).toThrow(
            ConsensusError,
          );
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('states the counting and the privacy of its counts', () => {
    const b = signed(['ca.force-push']).signed;
    expect(b.schema).toBe(3);
    expect(b.note).toMatch(/organisation-windows/);
    expect(b.privacy).toEqual({ mechanism: 'none' });
    expect(b.aggregate.tiers).toEqual([7, 2]);
    expect(b.aggregate.approvals).toEqual([1, 0]);
    // A noisy proposal signs: its fractional numbers are decimal strings (canonical JSON).
    const privacy = {
      mechanism: 'discrete-laplace' as const,
      epsilon: '0.5',
      sensitivity: '13',
      parameter: '26/1',
      noised_by: 'leader and helper' as const,
      margin: 430,
      tail_probability: '0.001',
      budget: {
        task_id: 't',
        collections: 2,
        epsilon: '1',
        epsilon_per_collection: '0.5',
        composition: 'basic' as const,
      },
    };
    const noisy = signProposal(
      { ...b, aggregate: { ...b.aggregate, hits: [-3, 7] }, privacy },
      key,
    );
    expect(decodeProposalFile(encodeProposalFile(noisy), key.key.publicKey).privacy).toEqual(
      privacy,
    );
  });

  it('`mesh publish --apply` refuses a proposal with a pointer to `mesh consensus apply`', () => {
    const bytes = new TextEncoder().encode(encodeProposalFile(signed(['ca.force-push'])));
    expect(
      codeOf(() => {
        refuseProposal(bytes, 'p.json');
      }),
    ).toBe('consensus_wrong_command');
    expect(() => {
      refuseProposal(new TextEncoder().encode('{"signed":{}}'), 'x');
    }).not.toThrow();
  });

  it('names a proposal by its signed content', () => {
    const a = signed(['ca.force-push']).signed;
    expect(proposalSha256(a)).toBe(proposalSha256(structuredClone(a)));
    expect(proposalSha256(a)).not.toBe(
      proposalSha256({ ...a, created: new Date(1).toISOString() }),
    );
  });

  it('takes the collector key as hex, as a file of hex, or as `mesh keys new --json` output', () => {
    const pub = key.key.publicKey;
    writeFileSync(join(dir, 'pub.hex'), `${pub}\n`);
    writeFileSync(join(dir, 'pub.json'), JSON.stringify({ role: 'collector', public: pub }));
    expect(collectorKeyFrom(pub)).toBe(pub);
    expect(collectorKeyFrom(join(dir, 'pub.hex'))).toBe(pub);
    expect(collectorKeyFrom(join(dir, 'pub.json'))).toBe(pub);
    expect(() => collectorKeyFrom('zz')).toThrow(/64 hex/);
    expect(() => collectorKeyFrom(undefined)).toThrow(/--collector-key/);
  });
});

describe('consensus applied to packs', () => {
  it('bumps the patch version', () => {
    expect(bumpVersion('1.4.2')).toBe('1.4.3');
    expect(bumpVersion('1.4.2-rc.1')).toBe('1.4.3');
    expect(() => bumpVersion('x')).toThrow(PackError);
  });

  it('demote keeps the catalog, shadows the rule, recomputes its hash, and is idempotent', async () => {
    const plan = await planConsensus(
      { canary },
      [{ kind: 'demote', rule: 'ca.force-push', from: 'canary' }],
      'shadow',
    );
    const edit = plan.edits[0];
    expect(plan.edits.map((e) => e.ring)).toEqual(['canary']);
    expect(edit?.doc.catalog).toEqual(canary.catalog);
    const rule = edit?.doc.policy.rules.find((r) => r.id === 'ca.force-push');
    expect(rule?.status).toBe('shadow');
    expect(edit?.doc.rules?.['ca.force-push']?.sha256).toBe(ruleContentHash(rule));
    expect(edit?.doc.version).toBe('1.0.1');
    const again = await planConsensus(
      { canary: edit?.doc },
      [{ kind: 'demote', rule: 'ca.force-push', from: 'canary' }],
      'shadow',
    );
    expect(again.edits).toEqual([]);
    expect(again.unchanged).toHaveLength(1);
  });

  it('disabled is also a demotion target', async () => {
    const plan = await planConsensus(
      { canary },
      [{ kind: 'demote', rule: 'ca.history-rewrite', from: 'canary' }],
      'disabled',
    );
    expect(plan.edits[0]?.doc.policy.rules.find((r) => r.id === 'ca.history-rewrite')?.status).toBe(
      'disabled',
    );
  });

  it('promote creates the stable pack with the rule, its entry and its tests; expire removes all three', async () => {
    const plan = await planConsensus(
      { canary },
      [
        { kind: 'promote', rule: 'ca.force-push', from: 'canary' },
        { kind: 'expire', rule: 'ca.fetch-exec', from: 'canary' },
      ],
      'shadow',
    );
    const byRing = Object.fromEntries(plan.edits.map((e) => [e.ring, e]));
    expect(byRing.stable?.doc.catalog).toEqual(['ca.force-push']);
    expect(Object.keys(byRing.stable?.doc.rules ?? {})).toEqual(['ca.force-push']);
    expect(byRing.stable?.doc.policy.tests?.every((t) => t.rule === 'ca.force-push')).toBe(true);
    expect(byRing.canary?.doc.catalog).not.toContain('ca.fetch-exec');
    expect(byRing.canary?.doc.rules?.['ca.fetch-exec']).toBeUndefined();
    expect(byRing.canary?.testsDropped).toBe(1);
    const again = await planConsensus(
      { canary: byRing.canary?.doc, stable: byRing.stable?.doc },
      [{ kind: 'promote', rule: 'ca.force-push', from: 'canary' }],
      'shadow',
    );
    expect(again.edits).toEqual([]);
  });

  it('refuses a rule the pack does not have, and a change that breaks the pack tests', async () => {
    await expect(
      planConsensus({ canary }, [{ kind: 'demote', rule: 'nope', from: 'canary' }], 'shadow'),
    ).rejects.toMatchObject({ code: 'consensus_stale' });
    await expect(
      planConsensus({}, [{ kind: 'expire', rule: 'ca.force-push', from: 'stable' }], 'shadow'),
    ).rejects.toMatchObject({ code: 'consensus_stale' });
    // A policy-level test that does not name the rule still relies on it: the change is refused.
    const pinned = structuredClone(canary);
    pinned.policy.tests = [
      ...(pinned.policy.tests ?? []),
      {
        name: 'force push, unnamed',
        event: { phase: 'call', tool: 'Bash', args: { command: 'git push --force origin main' } },
        expect: 'block',
      },
    ];
    await expect(
      planConsensus(
        { canary: pinned },
        [{ kind: 'demote', rule: 'ca.force-push', from: 'canary' }],
        'shadow',
      ),
    ).rejects.toMatchObject({ code: 'consensus_tests_failed' });
  });
});
