// Coded errors of governance/: a policy that cannot be trusted is refused whole.
export type GovernanceErrorCode =
  'policy_invalid' | 'policy_schema_newer' | 'licence_refused' | 'threshold_too_low';

export class GovernanceError extends Error {
  override readonly name = 'GovernanceError';
  constructor(
    readonly code: GovernanceErrorCode,
    message: string,
    /** What the user can do next. */
    readonly hint?: string,
  ) {
    super(message);
  }
}
