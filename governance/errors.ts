// Coded errors of governance/: a policy that cannot be trusted is refused whole.
import { MeshError } from '../common/index.js';

export type GovernanceErrorCode =
  'policy_invalid' | 'policy_schema_newer' | 'licence_refused' | 'threshold_too_low';

export class GovernanceError extends MeshError<GovernanceErrorCode> {
  override readonly name = 'GovernanceError';
  constructor(code: GovernanceErrorCode, message: string, hint?: string) {
    super(code, message, hint === undefined ? {} : { hint });
  }
}
