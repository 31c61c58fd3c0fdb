// What a node shares, and only when its operator opts in (docs/architecture.md "Report").
export interface ConsentDefaults {
  /** Reporting is off until the operator runs `mesh report init` and enables it. */
  reportingEnabled: false;
  /** The only quantities a report may carry. */
  shared: readonly ('rule_hits' | 'false_positive_sightings')[];
  /** Rules a node edited locally never count as the community rule. */
  countLocallyEditedRules: false;
  /** The smallest batch a collector may read: fewer reports could single out a node. */
  minBatchSizeFloor: number;
  /** Report time granularity in seconds: coarse times make a report harder to link to a node. */
  timePrecisionSeconds: number;
}

export const CONSENT_DEFAULTS: ConsentDefaults = {
  reportingEnabled: false,
  shared: ['rule_hits', 'false_positive_sightings'],
  countLocallyEditedRules: false,
  minBatchSizeFloor: 10,
  timePrecisionSeconds: 3600,
};
