// Coded errors of packs/: a pack that cannot be read, parsed or validated says which and why.

export type PackErrorCode =
  | 'pack_not_found'
  | 'pack_unreadable'
  | 'pack_invalid'
  | 'pack_format_newer'
  | 'pack_rules_quarantined'
  | 'rule_tests_invalid'
  | 'rule_hash_mismatch'
  | 'pack_untested'
  | 'pack_tests_failed'
  | 'corpus_invalid'
  | 'leaf_invalid'
  | 'publish_invalid'
  | 'publish_keys_missing'
  | 'quorum_not_met'
  | 'subscription_invalid'
  | 'tuf_refused'
  | 'target_missing'
  | 'proof_missing'
  | 'log_inclusion_failed'
  | 'log_inconsistent'
  | 'log_conflict'
  | 'split_view'
  | 'mirror_unreachable';

export class PackError extends Error {
  override readonly name = 'PackError';
  constructor(
    readonly code: PackErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
