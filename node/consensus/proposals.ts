// Consensus v1 (DESIGN.md "Aggregate and decide"): one collected aggregate -> promote / demote /
// expire proposals. Pure: every number behind a proposal travels with it.
import type { ConsensusPolicy } from '../../governance/index.js';

export type Ring = 'canary' | 'stable' | 'shadow';

export interface RuleStanding {
  id: string;
  ring: Ring;
  /** Unix seconds when the rule entered its current ring. */
  since: number;
}

/** One collected batch over a pack's catalog: index i of hits/falsePositives is catalog rule i. */
export interface CollectedAggregate {
  pack: string;
  reportCount: number;
  hits: readonly number[];
  falsePositives: readonly number[];
  /** Unix seconds: the batch interval, for the record. */
  interval: { start: number; duration: number };
}

export interface Proposal {
  kind: 'promote' | 'demote' | 'expire';
  rule: string;
  from: Ring;
  to: Ring | 'removed';
  numbers: { reports: number; hits: number; falsePositives: number; daysInRing: number };
  reason: string;
}

const DAY = 86_400;

export function computeProposals(
  catalog: readonly RuleStanding[],
  agg: CollectedAggregate,
  policy: ConsensusPolicy,
  now: number,
): Proposal[] {
  if (agg.hits.length !== catalog.length || agg.falsePositives.length !== catalog.length) {
    throw new RangeError(
      `aggregate covers ${agg.hits.length} rules, catalog has ${catalog.length}`,
    );
  }
  const out: Proposal[] = [];
  catalog.forEach((rule, i) => {
    const hits = agg.hits[i] ?? 0;
    const falsePositives = agg.falsePositives[i] ?? 0;
    const daysInRing = Math.floor((now - rule.since) / DAY);
    const numbers = { reports: agg.reportCount, hits, falsePositives, daysInRing };
    const fpShare = hits === 0 ? (falsePositives > 0 ? 1 : 0) : falsePositives / hits;
    if (
      hits >= policy.demoteMinHits &&
      fpShare > policy.demoteFalsePositiveShare &&
      rule.ring !== 'shadow'
    ) {
      out.push({
        kind: 'demote',
        rule: rule.id,
        from: rule.ring,
        to: rule.ring === 'stable' ? 'canary' : 'shadow',
        numbers,
        reason: `false-positive share ${fpShare.toFixed(3)} > ${policy.demoteFalsePositiveShare} over ${hits} hits`,
      });
      return;
    }
    if (
      rule.ring === 'canary' &&
      daysInRing >= policy.promoteAfterDays &&
      agg.reportCount >= policy.promoteMinReports &&
      hits >= policy.promoteMinHits &&
      fpShare <= policy.promoteMaxFalsePositiveShare
    ) {
      out.push({
        kind: 'promote',
        rule: rule.id,
        from: 'canary',
        to: 'stable',
        numbers,
        reason: `${daysInRing} days in canary, ${hits} hits in ${agg.reportCount} reports, false-positive share ${fpShare.toFixed(3)}`,
      });
      return;
    }
    if (
      hits === 0 &&
      daysInRing >= policy.expireAfterDays &&
      agg.reportCount >= policy.expireMinReports
    ) {
      out.push({
        kind: 'expire',
        rule: rule.id,
        from: rule.ring,
        to: 'removed',
        numbers,
        reason: `no hit in ${agg.reportCount} reports after ${daysInRing} days`,
      });
    }
  });
  return out;
}
