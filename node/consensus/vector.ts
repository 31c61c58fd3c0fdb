// The report vector (docs/consensus.md "The report vector"): the one codec of what a node sends for
// a window and what the collector reads back. Prio3SumVec(length 4n + T, max_measurement 1) over a
// pack catalog of n rules and T member tiers:
//   [0, n)   hit                the rule fired in the window (shadow hits included)
//   [n, 2n)  false_positive     the operator marked one of its decisions a false positive
//   [2n, 3n) approved           a call it escalated was approved (the rule doing its job)
//   [3n, 4n) rejected           a call it escalated was rejected (evidence for the rule)
//   [4n, 4n+T) tier             one-hot: the reporting organisation's tier in the member list
// Each entry is 0/1 per report, so an aggregate entry counts organisation-windows.
import { ConsensusError } from './errors.js';

export const SIGNALS = ['hits', 'falsePositiveMarks', 'approvals', 'rejections'] as const;
export type Signal = (typeof SIGNALS)[number];

/** The largest catalog and tier count a layout accepts (bounds the vector a task may declare). */
export const MAX_RULES = 4096;
export const MAX_TIERS = 16;

export interface VectorLayout {
  catalog: readonly string[];
  tiers: number;
}

/** One window of one organisation: the rules behind each signal, and its tier. */
export type ReportSignals = Record<Signal, ReadonlySet<string>> & { tier: number };

/** A collected batch: per signal, per catalog rule, how many organisation-windows; per tier, too. */
export type AggregateSignals = Record<Signal, number[]> & { tiers: number[] };

const invalid = (why: string) => new ConsensusError('vector_invalid', why);

export function vectorLength(layout: VectorLayout): number {
  return SIGNALS.length * layout.catalog.length + layout.tiers;
}

/**
 * The layout a task's vector length implies for a catalog: the tier slots are what is left.
 *
 * @throws ConsensusError vector_invalid when the length does not fit the catalog
 * @example layoutOf(['a', 'b'], 11).tiers === 3
 */
export function layoutOf(catalog: readonly string[], length: number): VectorLayout {
  if (catalog.length > MAX_RULES) throw invalid(`a catalog of more than ${MAX_RULES} rules`);
  const tiers = length - SIGNALS.length * catalog.length;
  if (!Number.isSafeInteger(length) || tiers < 1 || tiers > MAX_TIERS)
    throw invalid(
      `a vector of ${length} does not fit ${catalog.length} rules: it must be ${SIGNALS.length} x ${catalog.length} + T with T (tiers) in [1, ${MAX_TIERS}]`,
    );
  return { catalog, tiers };
}

/**
 * The tier slot of a member-list tier (1 is the highest): the highest tier takes the last slot, so
 * "slot k or above" is "tier T-k or higher"; a tier lower than the layout has slots for takes slot 0.
 *
 * @example slotOfTier(1, 3) === 2 && slotOfTier(3, 3) === 0 && slotOfTier(7, 3) === 0
 */
export function slotOfTier(memberTier: number, tiers: number): number {
  return Math.min(tiers - 1, Math.max(0, tiers - memberTier));
}

/**
 * One window's report: 0/1 entries in the layout's order. Rules outside the catalog (local edits)
 * are left out; a tier outside [0, T) is refused.
 *
 * @throws ConsensusError vector_invalid for a tier the layout has no slot for
 */
export function encodeReport(layout: VectorLayout, s: ReportSignals): number[] {
  const n = layout.catalog.length;
  if (!Number.isSafeInteger(s.tier) || s.tier < 0 || s.tier >= layout.tiers)
    throw invalid(`tier ${s.tier} is not in [0, ${layout.tiers})`);
  const out = new Array<number>(vectorLength(layout)).fill(0);
  layout.catalog.forEach((id, i) => {
    SIGNALS.forEach((sig, k) => {
      if (s[sig].has(id)) out[k * n + i] = 1;
    });
  });
  out[SIGNALS.length * n + s.tier] = 1;
  return out;
}

/**
 * Reads one report back (what `mesh report build` shows). This value is attacker-controlled when
 * it comes from a file.
 *
 * @throws ConsensusError vector_invalid for a wrong length, an entry other than 0/1, a tier not one-hot
 */
export function decodeReport(layout: VectorLayout, v: readonly unknown[]): ReportSignals {
  if (v.length !== vectorLength(layout))
    throw invalid(`a report of ${v.length} entries; the layout has ${vectorLength(layout)}`);
  if (!v.every((x) => x === 0 || x === 1)) throw invalid('a report entry is not 0 or 1');
  const n = layout.catalog.length;
  const ones = (k: number) => new Set(layout.catalog.filter((_, i) => v[k * n + i] === 1));
  const tierSlots = v.slice(SIGNALS.length * n);
  if (tierSlots.filter((x) => x === 1).length !== 1) throw invalid('the tier is not one-hot');
  return {
    hits: ones(0),
    falsePositiveMarks: ones(1),
    approvals: ones(2),
    rejections: ones(3),
    tier: tierSlots.indexOf(1),
  };
}

/**
 * Splits a collected aggregate by signal. Entries are integers (negative ones are possible when
 * the aggregators add noise). This value comes from the aggregators.
 *
 * @throws ConsensusError vector_invalid for a wrong length or a non-integer entry
 */
export function decodeAggregate(layout: VectorLayout, aggregate: unknown): AggregateSignals {
  if (!Array.isArray(aggregate) || aggregate.length !== vectorLength(layout))
    throw invalid(`the aggregate is not a vector of ${vectorLength(layout)} counts`);
  const v = aggregate as unknown[];
  if (!v.every((x) => typeof x === 'number' && Number.isSafeInteger(x)))
    throw invalid('an aggregate entry is not an integer');
  const nums = v as number[];
  const n = layout.catalog.length;
  const part = (k: number) => nums.slice(k * n, (k + 1) * n);
  return {
    hits: part(0),
    falsePositiveMarks: part(1),
    approvals: part(2),
    rejections: part(3),
    tiers: nums.slice(SIGNALS.length * n),
  };
}

export function encodeAggregate(a: AggregateSignals): number[] {
  return [...a.hits, ...a.falsePositiveMarks, ...a.approvals, ...a.rejections, ...a.tiers];
}
