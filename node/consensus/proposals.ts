// Consensus (docs/consensus.md "Thresholds"): one collected aggregate of organisation-windows ->
// promote / demote / expire proposals. Each signal counts for what it means: a hit and a rejection
// of an escalation speak for a rule, a false-positive mark against it, an approval of an escalation
// is the rule doing its job. With noise, each count is trusted only to its margin. Pure.
import type { Ring } from '../../packs/index.js';
import { ConsensusError } from './errors.js';
import type { ConsensusPolicy } from './policy.js';
import type { AggregateSignals } from './vector.js';

/** Where a rule stands: in a pack ring, or in shadow (monitor-only) after a demotion from canary. */
export type Standing = Ring | 'shadow';

export interface RuleStanding {
  id: string;
  ring: Standing;
  /** Unix seconds when the rule entered its current ring. */
  since: number;
}

/** One collected batch over a pack's catalog: index i of each signal is catalog rule i. */
export interface CollectedAggregate {
  pack: string;
  /** Organisation-windows in the batch (exact: DAP counts reports, one per organisation per window). */
  reportCount: number;
  signals: AggregateSignals;
  /** Unix seconds: the batch interval, for the record. */
  interval: { start: number; duration: number };
}

export interface ProposalNumbers {
  reports: number;
  hits: number;
  falsePositiveMarks: number;
  approvals: number;
  rejections: number;
  /** Organisation-windows from tier promoteMinTier or above. */
  tierReports: number;
  /** Each noisy count is within this of the true count with probability 1 - noiseTailProbability. */
  margin: number;
  daysInRing: number;
}

export interface Proposal {
  kind: 'promote' | 'demote' | 'expire';
  rule: string;
  from: Standing;
  to: Standing | 'removed';
  numbers: ProposalNumbers;
  reason: string;
}

const DAY = 86_400;

function checkShape(catalog: readonly RuleStanding[], s: AggregateSignals): void {
  for (const k of ['hits', 'falsePositiveMarks', 'approvals', 'rejections'] as const)
    if (s[k].length !== catalog.length)
      throw new ConsensusError(
        'vector_invalid',
        `aggregate covers ${s[k].length} rules, catalog has ${catalog.length}`,
      );
}

/**
 * The proposals one batch supports. `margin` is the noise margin (0 without differential privacy).
 *
 * @throws {ConsensusError} vector_invalid when the aggregate does not cover the catalog
 * @example computeProposals(standings, agg, DEFAULT_CONSENSUS, now, 0)
 */
export function computeProposals(
  catalog: readonly RuleStanding[],
  agg: CollectedAggregate,
  policy: ConsensusPolicy,
  now: number,
  margin = 0,
): Proposal[] {
  const s = agg.signals;
  checkShape(catalog, s);
  const m = margin;
  const higher = s.tiers.slice(policy.promoteMinTier);
  const tierReports = higher.reduce((a, x) => a + x, 0);
  const tierLo = tierReports - m * higher.length;
  const out: Proposal[] = [];
  catalog.forEach((rule, i) => {
    const hits = s.hits[i] ?? 0;
    const fp = s.falsePositiveMarks[i] ?? 0;
    const rej = s.rejections[i] ?? 0;
    const daysInRing = Math.floor((now - rule.since) / DAY);
    const numbers: ProposalNumbers = {
      reports: agg.reportCount,
      hits,
      falsePositiveMarks: fp,
      approvals: s.approvals[i] ?? 0,
      rejections: rej,
      tierReports,
      margin: m,
      daysInRing,
    };
    const marks = `${fp} false-positive mark(s), ${rej} rejection(s) of its escalations over ${hits} hit(s)`;
    const noise = m > 0 ? ` (each count ±${m})` : '';
    if (
      rule.ring !== 'shadow' &&
      hits - m >= policy.demoteMinHits &&
      fp - m > policy.demoteFalsePositiveShare * (hits + m) &&
      fp - m > rej + m
    ) {
      out.push({
        kind: 'demote',
        rule: rule.id,
        from: rule.ring,
        to: rule.ring === 'stable' ? 'canary' : 'shadow',
        numbers,
        reason: `${marks}: false-positive share above ${policy.demoteFalsePositiveShare}${noise}`,
      });
      return;
    }
    if (
      rule.ring === 'canary' &&
      daysInRing >= policy.promoteAfterDays &&
      agg.reportCount >= policy.promoteMinReports &&
      hits - m >= policy.promoteMinHits &&
      fp + m <= policy.promoteMaxFalsePositiveShare * (hits - m) &&
      (policy.promoteMinTierReports === 0 || tierLo >= policy.promoteMinTierReports)
    ) {
      out.push({
        kind: 'promote',
        rule: rule.id,
        from: 'canary',
        to: 'stable',
        numbers,
        reason: `${daysInRing} days in canary, ${hits} of ${agg.reportCount} organisation-windows saw it fire, ${marks}${noise}`,
      });
      return;
    }
    if (
      hits + m <= policy.expireMaxHits &&
      daysInRing >= policy.expireAfterDays &&
      agg.reportCount >= policy.expireMinReports
    ) {
      out.push({
        kind: 'expire',
        rule: rule.id,
        from: rule.ring,
        to: 'removed',
        numbers,
        reason: `fired in ${hits} of ${agg.reportCount} organisation-windows after ${daysInRing} days${noise}`,
      });
    }
  });
  return out;
}
