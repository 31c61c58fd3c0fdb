/**
 * governance/: key roles and thresholds, ceremony policy, consent defaults, licences.
 *
 * @throws {GovernanceError} policy_invalid, policy_schema_newer (parsePolicy); licence_refused
 * @example
 * const policy = parsePolicy({ profile: 'production', roles: { root: { threshold: 3, holders: 5 } } });
 * policy.roles.root.threshold; // 3
 */
export { GOVERNANCE_FORMAT } from './version.js';
export { GovernanceError, type GovernanceErrorCode } from './errors.js';
export {
  DELEGATIONS,
  DEMO_ROLES,
  PRODUCTION_ROLES,
  type Custody,
  type Delegation,
  type KeyRole,
  type RolePolicy,
} from './roles.js';
export { CONSENT_DEFAULTS, type ConsentDefaults } from './consent.js';
export { DEFAULT_WITNESS_POLICY, type WitnessPolicy } from './witness-policy.js';
export { DATA_LICENCE, PACK_LICENCE, requirePackLicence } from './licences.js';
export {
  defaultPolicy,
  parsePolicy,
  type GovernancePolicy,
  type GovernanceProfile,
} from './policy.js';
export { repositoryExpiry } from './expiry.js';
export { isOfflineRole, OFFLINE_ROLES, requireThreshold, type OfflineRole } from './thresholds.js';
export * from './membership/index.js';
