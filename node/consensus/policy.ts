// Consensus thresholds (docs/consensus.md "Thresholds"): every count is of organisation-windows (at
// most one report per organisation per window), so every threshold is in distinct organisations.
// All overridable in the collector's config; unknown keys are refused so a typo never weakens one.
import { ConsensusError } from './errors.js';

export interface ConsensusPolicy {
  /** A canary rule is promoted only after this long in canary. */
  promoteAfterDays: number;
  /** ...and only in a batch of at least this many organisation-windows... */
  promoteMinReports: number;
  /** ...at least this many of which saw the rule fire... */
  promoteMinHits: number;
  /** ...with no more than this share of false-positive marks among hits... */
  promoteMaxFalsePositiveShare: number;
  /** ...and at least promoteMinTierReports organisation-windows from tier promoteMinTier or above. */
  promoteMinTier: number;
  promoteMinTierReports: number;
  /** A rule whose false-positive share among hits exceeds this is demoted... */
  demoteFalsePositiveShare: number;
  /** ...with at least this many hits, and more marks than rejections of its escalations. */
  demoteMinHits: number;
  /** A rule that fired in at most expireMaxHits organisation-windows for this long expires... */
  expireAfterDays: number;
  /** ...in a batch of at least this many organisation-windows. */
  expireMinReports: number;
  expireMaxHits: number;
  /** With noise: each count is trusted only up to the bound its noise exceeds with this probability. */
  noiseTailProbability: number;
}

export const DEFAULT_CONSENSUS: ConsensusPolicy = {
  promoteAfterDays: 14,
  promoteMinReports: 50,
  promoteMinHits: 5,
  promoteMaxFalsePositiveShare: 0,
  promoteMinTier: 0,
  promoteMinTierReports: 0,
  demoteFalsePositiveShare: 0.2,
  demoteMinHits: 10,
  expireAfterDays: 90,
  expireMinReports: 200,
  expireMaxHits: 0,
  noiseTailProbability: 0.001,
};

const SHARES = new Set(['promoteMaxFalsePositiveShare', 'demoteFalsePositiveShare']);
const INTEGERS = new Set(['promoteMinTier', 'promoteMinTierReports', 'expireMaxHits']);

/**
 * The thresholds with a config's overrides applied. This value comes from a config file.
 *
 * @throws ConsensusError consensus_policy_invalid for an unknown key or a value out of range
 * @example parseConsensusPolicy({ promoteMinReports: 5 }).promoteMinReports === 5
 */
export function parseConsensusPolicy(raw: unknown): ConsensusPolicy {
  const out: ConsensusPolicy = { ...DEFAULT_CONSENSUS };
  if (raw === undefined) return out;
  const bad = (why: string) => new ConsensusError('consensus_policy_invalid', `consensus.${why}`);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw bad(' must be an object');
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!(k in DEFAULT_CONSENSUS)) throw bad(`${k} is not a known setting`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      throw bad(`${k} must be a non-negative number`);
    if (SHARES.has(k) && v > 1) throw bad(`${k} is a share in [0, 1]`);
    if (INTEGERS.has(k) && !Number.isSafeInteger(v)) throw bad(`${k} must be an integer`);
    if (k === 'noiseTailProbability' && !(v > 0 && v < 1)) throw bad(`${k} must be in (0, 1)`);
    (out as unknown as Record<string, number>)[k] = v;
  }
  return out;
}
