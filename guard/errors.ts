// Coded errors of guard/: every rejected policy, event or receipt store carries a stable code.
import { MeshError, type MeshErrorOptions } from '../common/index.js';

export type GuardErrorCode =
  | 'event_invalid'
  | 'event_too_large'
  | 'policy_invalid'
  | 'policy_format_newer'
  | 'rule_invalid'
  | 'detector_unknown'
  | 'detector_duplicate'
  | 'shell_unavailable'
  | 'sql_unavailable'
  | 'receipt_store_invalid'
  | 'receipt_schema_newer'
  | 'receipt_chain_broken'
  // Flow, reviews and the front doors.
  | 'taint_refused'
  | 'flow_key_invalid'
  | 'flow_store_invalid'
  | 'flow_store_schema_newer'
  | 'flow_pattern_unknown'
  | 'flow_hash_key_short'
  | 'flow_rule_invalid'
  | 'review_store_invalid'
  | 'review_not_found'
  | 'review_already_decided'
  | 'review_tampered'
  | 'review_store_rolled_back'
  | 'review_self_approval'
  | 'review_quorum_invalid'
  | 'hook_input_invalid'
  | 'mcp_message_invalid'
  | 'mcp_message_too_large'
  | 'mcp_server_failed'
  | 'mcp_not_admitted'
  | 'mcp_command_missing'
  | 'call_blocked'
  | 'session_store_invalid';

export class GuardError extends MeshError<GuardErrorCode> {
  override readonly name: string = 'GuardError';
  constructor(
    code: GuardErrorCode,
    message: string,
    /** Where in the input the problem is (a JSON path such as `rules[3].when.any[0]`). */
    readonly path?: string,
    options: MeshErrorOptions = {},
  ) {
    super(code, path === undefined ? message : `${path}: ${message}`, options);
  }
}

/** A rule that failed validation: quarantined, never half-loaded. */
export class RuleError extends GuardError {
  override readonly name = 'RuleError';
  constructor(
    readonly ruleId: string | null,
    message: string,
    path?: string,
  ) {
    super('rule_invalid', message, path);
  }
}
