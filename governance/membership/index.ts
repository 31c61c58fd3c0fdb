// Membership (docs/GOVERNANCE.md "Membership"): the signed member list, tiers and the revocation list.
export { MembershipError, type MembershipErrorCode } from './errors.js';
export {
  addMember,
  ed25519Verify,
  lookupMember,
  MAX_TIER,
  MEMBERSHIP_SCHEMA,
  newMembership,
  orgIdOf,
  parseMemberList,
  parseMembership,
  parseRevocationList,
  revokeMember,
  type AuthoritySigner,
  type Member,
  type MemberList,
  type Membership,
  type Revocation,
  type RevocationList,
} from './membership.js';
/** Where the lists are published in the TUF repository (the online role's `tasks/*` delegation). */
export const MEMBERS_TARGET = 'tasks/membership/members.json';
export const REVOCATIONS_TARGET = 'tasks/membership/revocations.json';
