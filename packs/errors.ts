// Coded errors of packs/: a pack that cannot be read, parsed or validated says which and why.
import { MeshError, type MeshErrorOptions } from '../common/index.js';

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
  | 'version_not_next'
  | 'pack_version_lower'
  | 'pack_version_reused'
  | 'pack_version_exists'
  | 'witness_quorum_required'
  | 'repository_busy'
  | 'quorum_not_met'
  | 'subscription_invalid'
  | 'tuf_refused'
  | 'target_missing'
  | 'proof_missing'
  | 'log_inclusion_failed'
  | 'log_inconsistent'
  | 'log_conflict'
  | 'split_view'
  | 'gossip_failed'
  | 'mirror_unreachable';

export class PackError extends MeshError<PackErrorCode> {
  override readonly name = 'PackError';
  /** `hint` is what the user can do next; `options.cause` the failure this one wraps. */
  constructor(
    code: PackErrorCode,
    message: string,
    hint?: string,
    options: Omit<MeshErrorOptions, 'hint'> = {},
  ) {
    super(code, message, { ...options, hint });
  }
}
