import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONSENSUS } from '../../governance/index.js';
import { computeProposals, type RuleStanding } from '../../node/consensus/proposals.js';
import { FC_RUNS } from '../support/env.js';

const DAY = 86_400;
const NOW = 1_800_000_000;
const policy = DEFAULT_CONSENSUS;

function agg(reportCount: number, hits: number[], falsePositives: number[]) {
  return {
    pack: 'p',
    reportCount,
    hits,
    falsePositives,
    interval: { start: NOW - 3600, duration: 3600 },
  };
}

describe('consensus v1', () => {
  const catalog: RuleStanding[] = [
    { id: 'promote-me', ring: 'canary', since: NOW - 30 * DAY },
    { id: 'too-young', ring: 'canary', since: NOW - 2 * DAY },
    { id: 'noisy-stable', ring: 'stable', since: NOW - 100 * DAY },
    { id: 'unused', ring: 'stable', since: NOW - 200 * DAY },
    { id: 'noisy-canary', ring: 'canary', since: NOW - 30 * DAY },
  ];

  it('promotes, demotes and expires by the policy, with the numbers behind each', () => {
    const out = computeProposals(
      catalog,
      agg(500, [20, 50, 40, 0, 30], [0, 0, 20, 0, 10]),
      policy,
      NOW,
    );
    expect(out.map((p) => [p.kind, p.rule, p.from, p.to])).toEqual([
      ['promote', 'promote-me', 'canary', 'stable'],
      ['demote', 'noisy-stable', 'stable', 'canary'],
      ['expire', 'unused', 'stable', 'removed'],
      ['demote', 'noisy-canary', 'canary', 'shadow'],
    ]);
    expect(out[0]?.numbers).toEqual({ reports: 500, hits: 20, falsePositives: 0, daysInRing: 30 });
  });

  it('a single false-positive sighting blocks promotion under the default policy', () => {
    const out = computeProposals(catalog.slice(0, 1), agg(500, [20], [1]), policy, NOW);
    expect(out).toEqual([]);
  });

  it('too few reports decide nothing', () => {
    expect(
      computeProposals(catalog, agg(3, [3, 3, 3, 0, 3], [0, 0, 3, 0, 3]), policy, NOW),
    ).toEqual([]);
  });

  it('refuses an aggregate that does not cover the catalog', () => {
    expect(() => computeProposals(catalog, agg(10, [1], [0]), policy, NOW)).toThrow(RangeError);
  });

  it('property: at most one proposal per rule, and never a promotion with any false positive', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ring: fc.constantFrom('canary' as const, 'stable' as const, 'shadow' as const),
            days: fc.nat(400),
            hits: fc.nat(1000),
            fps: fc.nat(1000),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.nat(5000),
        (rules, reports) => {
          const cat = rules.map((r, i) => ({
            id: `r${i}`,
            ring: r.ring,
            since: NOW - r.days * DAY,
          }));
          const out = computeProposals(
            cat,
            agg(
              reports,
              rules.map((r) => r.hits),
              rules.map((r) => r.fps),
            ),
            policy,
            NOW,
          );
          const ids = out.map((p) => p.rule);
          if (new Set(ids).size !== ids.length) return false;
          return out.every((p) => p.kind !== 'promote' || p.numbers.falsePositives === 0);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});
