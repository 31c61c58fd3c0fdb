// Consensus thresholds (docs/consensus.md "Thresholds"): counts of organisation-windows, each signal
// for what it means (approvals are not false positives), tier minimums, and the noise margin.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeProposals,
  DEFAULT_CONSENSUS,
  parseConsensusPolicy,
  type AggregateSignals,
  type RuleStanding,
} from '../../node/consensus/index.js';
import { FC_RUNS } from '../support/env.js';

const DAY = 86_400;
const NOW = 1_800_000_000;
const policy = DEFAULT_CONSENSUS;

function agg(reportCount: number, s: Partial<AggregateSignals> & { hits: number[] }) {
  const zero = s.hits.map(() => 0);
  return {
    pack: 'p',
    reportCount,
    signals: {
      hits: s.hits,
      falsePositiveMarks: s.falsePositiveMarks ?? zero,
      approvals: s.approvals ?? zero,
      rejections: s.rejections ?? zero,
      tiers: s.tiers ?? [reportCount],
    },
    interval: { start: NOW - 3600, duration: 3600 },
  };
}

const catalog: RuleStanding[] = [
  { id: 'promote-me', ring: 'canary', since: NOW - 30 * DAY },
  { id: 'too-young', ring: 'canary', since: NOW - 2 * DAY },
  { id: 'noisy-stable', ring: 'stable', since: NOW - 100 * DAY },
  { id: 'unused', ring: 'stable', since: NOW - 200 * DAY },
  { id: 'noisy-canary', ring: 'canary', since: NOW - 30 * DAY },
];

describe('consensus over organisation-windows', () => {
  it('promotes, demotes and expires by the policy, with the numbers behind each', () => {
    const out = computeProposals(
      catalog,
      agg(500, { hits: [20, 50, 40, 0, 30], falsePositiveMarks: [0, 0, 20, 0, 10] }),
      policy,
      NOW,
    );
    expect(out.map((p) => [p.kind, p.rule, p.from, p.to])).toEqual([
      ['promote', 'promote-me', 'canary', 'stable'],
      ['demote', 'noisy-stable', 'stable', 'canary'],
      ['expire', 'unused', 'stable', 'removed'],
      ['demote', 'noisy-canary', 'canary', 'shadow'],
    ]);
    expect(out[0]?.numbers).toEqual({
      reports: 500,
      hits: 20,
      falsePositiveMarks: 0,
      approvals: 0,
      rejections: 0,
      tierReports: 500,
      margin: 0,
      daysInRing: 30,
    });
    expect(out[0]?.reason).toContain('organisation-windows');
  });

  it('approvals of an escalate rule are the rule doing its job: no demotion, no veto', () => {
    const one = catalog.slice(0, 1);
    const approved = agg(500, { hits: [40], approvals: [40] });
    expect(computeProposals(one, approved, policy, NOW).map((p) => p.kind)).toEqual(['promote']);
    const stable: RuleStanding[] = [{ id: 'asks', ring: 'stable', since: NOW - 100 * DAY }];
    expect(
      computeProposals(stable, agg(500, { hits: [40], approvals: [40] }), policy, NOW),
    ).toEqual([]);
  });

  it('an explicit false-positive mark counts against a rule; rejections count for it', () => {
    const stable: RuleStanding[] = [{ id: 'r', ring: 'stable', since: NOW - 100 * DAY }];
    const marked = agg(500, { hits: [40], falsePositiveMarks: [20] });
    expect(computeProposals(stable, marked, policy, NOW).map((p) => p.kind)).toEqual(['demote']);
    const defended = agg(500, { hits: [40], falsePositiveMarks: [20], rejections: [25] });
    expect(computeProposals(stable, defended, policy, NOW)).toEqual([]);
    const oneMark = agg(500, { hits: [20], falsePositiveMarks: [1] });
    expect(computeProposals(catalog.slice(0, 1), oneMark, policy, NOW)).toEqual([]);
  });

  it('a promotion can require organisation-windows from higher tiers', () => {
    const strict = parseConsensusPolicy({ promoteMinTier: 1, promoteMinTierReports: 10 });
    const one = catalog.slice(0, 1);
    const low = agg(500, { hits: [20], tiers: [495, 5, 0] });
    expect(computeProposals(one, low, strict, NOW)).toEqual([]);
    const high = agg(500, { hits: [20], tiers: [480, 15, 5] });
    const out = computeProposals(one, high, strict, NOW);
    expect(out.map((p) => p.kind)).toEqual(['promote']);
    expect(out[0]?.numbers.tierReports).toBe(20);
  });

  it('with noise, every threshold holds for the count minus (or plus) the margin', () => {
    const one = catalog.slice(0, 1);
    const loose = parseConsensusPolicy({ promoteMaxFalsePositiveShare: 0.5 });
    expect(computeProposals(one, agg(500, { hits: [8] }), loose, NOW, 0)).toHaveLength(1);
    expect(computeProposals(one, agg(500, { hits: [8] }), loose, NOW, 4)).toEqual([]);
    expect(computeProposals(one, agg(500, { hits: [13] }), loose, NOW, 4)).toHaveLength(1);
    const stable: RuleStanding[] = [{ id: 'old', ring: 'stable', since: NOW - 200 * DAY }];
    // A rule whose noisy count is near zero is not expired unless even count + margin is allowed.
    expect(computeProposals(stable, agg(500, { hits: [0] }), policy, NOW, 3)).toEqual([]);
    const tolerant = parseConsensusPolicy({ expireMaxHits: 5 });
    expect(computeProposals(stable, agg(500, { hits: [1] }), tolerant, NOW, 3)).toHaveLength(1);
  });

  it('too few organisation-windows decide nothing', () => {
    const few = agg(3, { hits: [3, 3, 3, 0, 3], falsePositiveMarks: [0, 0, 3, 0, 3] });
    expect(computeProposals(catalog, few, policy, NOW)).toEqual([]);
  });

  it('refuses an aggregate that does not cover the catalog', () => {
    expect(() => computeProposals(catalog, agg(10, { hits: [1] }), policy, NOW)).toThrow(
      expect.objectContaining({ code: 'vector_invalid' }) as Error,
    );
  });

  it.each([
    [{ promoteAfter: 3 }],
    [{ demoteFalsePositiveShare: 1.5 }],
    [{ promoteMinTier: 0.5 }],
    [{ noiseTailProbability: 0 }],
    [{ promoteMinReports: -1 }],
    ['x'],
  ])('refuses the policy override %j', (raw) => {
    expect(() => parseConsensusPolicy(raw)).toThrow(
      expect.objectContaining({ code: 'consensus_policy_invalid' }) as Error,
    );
  });

  it('property: one proposal per rule at most; a promotion never has a mark the margin allows', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ring: fc.constantFrom('canary' as const, 'stable' as const, 'shadow' as const),
            days: fc.nat(400),
            hits: fc.integer({ min: -20, max: 1000 }),
            fps: fc.integer({ min: -20, max: 1000 }),
            rej: fc.integer({ min: -20, max: 1000 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.nat(5000),
        fc.nat(30),
        (rules, reports, margin) => {
          const cat = rules.map((r, i) => ({
            id: `r${i}`,
            ring: r.ring,
            since: NOW - r.days * DAY,
          }));
          const out = computeProposals(
            cat,
            agg(reports, {
              hits: rules.map((r) => r.hits),
              falsePositiveMarks: rules.map((r) => r.fps),
              rejections: rules.map((r) => r.rej),
            }),
            policy,
            NOW,
            margin,
          );
          const ids = out.map((p) => p.rule);
          if (new Set(ids).size !== ids.length) return false;
          return out.every(
            (p) =>
              (p.kind !== 'promote' || p.numbers.falsePositiveMarks + margin <= 0) &&
              (p.kind !== 'demote' ||
                p.numbers.falsePositiveMarks - margin > p.numbers.rejections + margin),
          );
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});
