// Thresholds that turn aggregates into promote / demote / expire proposals. All overridable in config.
export interface ConsensusPolicy {
  /** A canary rule is promoted only after this long in canary. */
  promoteAfterDays: number;
  /** ...and only with at least this many reports in the window... */
  promoteMinReports: number;
  /** ...at least this many of which saw the rule fire... */
  promoteMinHits: number;
  /** ...and with no more than this share of false-positive sightings among hits. */
  promoteMaxFalsePositiveShare: number;
  /** A rule whose false-positive share among hits exceeds this is demoted (stable -> canary, canary -> shadow). */
  demoteFalsePositiveShare: number;
  /** Demotion needs at least this many hits, so one noisy node cannot demote a rule. */
  demoteMinHits: number;
  /** A rule that fired on no report in this many days, with enough reports, expires. */
  expireAfterDays: number;
  expireMinReports: number;
}

export const DEFAULT_CONSENSUS: ConsensusPolicy = {
  promoteAfterDays: 14,
  promoteMinReports: 50,
  promoteMinHits: 5,
  promoteMaxFalsePositiveShare: 0,
  demoteFalsePositiveShare: 0.2,
  demoteMinHits: 10,
  expireAfterDays: 90,
  expireMinReports: 200,
};
