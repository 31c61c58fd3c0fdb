// Coded errors of the member list (docs/GOVERNANCE.md "Membership"): a list that cannot be trusted is refused whole.
import { MeshError } from '../../common/index.js';

export type MembershipErrorCode =
  | 'membership_invalid'
  | 'membership_schema_newer'
  | 'membership_signature'
  | 'membership_authority'
  | 'member_exists'
  | 'member_unknown'
  | 'member_revoked';

export class MembershipError extends MeshError<MembershipErrorCode> {
  override readonly name = 'MembershipError';
}
