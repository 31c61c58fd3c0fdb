// Coded errors of governance/: a policy that cannot be trusted is refused whole.
export type GovernanceErrorCode = 'policy_invalid' | 'policy_schema_newer' | 'licence_refused';

export class GovernanceError extends Error {
  override readonly name = 'GovernanceError';
  constructor(
    readonly code: GovernanceErrorCode,
    message: string,
  ) {
    super(message);
  }
}
