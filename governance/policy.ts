// The governance policy node/ hands to tuf/ and packs/: defaults plus validated overrides from config.
import { CONSENT_DEFAULTS, type ConsentDefaults } from './consent.js';
import { GovernanceError } from './errors.js';
import {
  DELEGATIONS,
  DEMO_ROLES,
  PRODUCTION_ROLES,
  type Delegation,
  type KeyRole,
  type RolePolicy,
} from './roles.js';
import { GOVERNANCE_FORMAT } from './version.js';
import { DEFAULT_WITNESS_POLICY, type WitnessPolicy } from './witness-policy.js';

export type GovernanceProfile = 'production' | 'demo';

export interface GovernancePolicy {
  schema: number;
  /** production: offline roles need their thresholds; demo: threshold 1, for tests and `mesh demo`. */
  profile: GovernanceProfile;
  roles: Record<KeyRole, RolePolicy>;
  delegations: readonly Delegation[];
  consent: ConsentDefaults;
  witnesses: WitnessPolicy;
}

export function defaultPolicy(profile: GovernanceProfile = 'production'): GovernancePolicy {
  return {
    schema: GOVERNANCE_FORMAT,
    profile,
    roles: structuredClone(profile === 'demo' ? DEMO_ROLES : PRODUCTION_ROLES),
    delegations: DELEGATIONS,
    consent: { ...CONSENT_DEFAULTS },
    witnesses: { ...DEFAULT_WITNESS_POLICY },
  };
}

type Raw = Record<string, unknown>;

function isObject(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function positiveInt(v: unknown, where: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) {
    throw new GovernanceError('policy_invalid', `${where} must be a positive integer`);
  }
  return v;
}

function overrideNumbers(
  target: object,
  raw: unknown,
  where: string,
  check: (k: string, v: number) => void,
): void {
  if (raw === undefined) return;
  if (!isObject(raw)) throw new GovernanceError('policy_invalid', `${where} must be an object`);
  for (const [k, v] of Object.entries(raw)) {
    if (!(k in target))
      throw new GovernanceError('policy_invalid', `${where}.${k} is not a known setting`);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new GovernanceError('policy_invalid', `${where}.${k} must be a non-negative number`);
    }
    check(k, v);
    (target as Raw)[k] = v;
  }
}

/**
 * Reads a governance section of a config file: `{ schema, profile, roles: { root: { threshold,
 * holders } }, witnesses: {...} }`. Unknown keys are refused so a typo never
 * silently weakens a threshold; `undefined` gives the production defaults.
 *
 * @throws {GovernanceError} policy_invalid, policy_schema_newer
 * @example
 * const policy = parsePolicy({
 *   profile: 'production',
 *   roles: { root: { threshold: 3, holders: 5 } },
 * });
 * policy.roles.root.threshold; // 3
 */
export function parsePolicy(doc: unknown): GovernancePolicy {
  if (doc === undefined) return defaultPolicy();
  if (!isObject(doc))
    throw new GovernanceError('policy_invalid', 'governance policy must be an object');
  const schema = doc.schema ?? GOVERNANCE_FORMAT;
  if (typeof schema !== 'number' || !Number.isSafeInteger(schema) || schema < 1) {
    throw new GovernanceError('policy_invalid', 'governance.schema must be a positive integer');
  }
  if (schema > GOVERNANCE_FORMAT) {
    throw new GovernanceError(
      'policy_schema_newer',
      `governance schema ${schema} is newer than ${GOVERNANCE_FORMAT}`,
    );
  }
  const profile = doc.profile ?? 'production';
  if (profile !== 'production' && profile !== 'demo') {
    throw new GovernanceError(
      'policy_invalid',
      'governance.profile must be "production" or "demo"',
    );
  }
  const policy = defaultPolicy(profile);
  for (const key of Object.keys(doc)) {
    if (!['schema', 'profile', 'roles', 'witnesses'].includes(key)) {
      throw new GovernanceError(
        'policy_invalid',
        `governance.${key} is not a known setting (schema, profile, roles, witnesses)`,
      );
    }
  }
  if (doc.roles !== undefined) {
    if (!isObject(doc.roles))
      throw new GovernanceError('policy_invalid', 'governance.roles must be an object');
    for (const [role, raw] of Object.entries(doc.roles)) {
      const current = (policy.roles as Partial<Record<string, RolePolicy>>)[role];
      if (!current)
        throw new GovernanceError('policy_invalid', `governance.roles.${role} is not a key role`);
      if (!isObject(raw))
        throw new GovernanceError('policy_invalid', `governance.roles.${role} must be an object`);
      for (const key of Object.keys(raw)) {
        if (!['threshold', 'holders', 'expiryDays'].includes(key))
          throw new GovernanceError(
            'policy_invalid',
            `governance.roles.${role}.${key} is not a known setting (threshold, holders, expiryDays)`,
          );
      }
      if (raw.threshold !== undefined)
        current.threshold = positiveInt(raw.threshold, `governance.roles.${role}.threshold`);
      if (raw.holders !== undefined)
        current.holders = positiveInt(raw.holders, `governance.roles.${role}.holders`);
      if (raw.expiryDays !== undefined)
        current.expiryDays = positiveInt(raw.expiryDays, `governance.roles.${role}.expiryDays`);
      if (current.threshold > current.holders) {
        throw new GovernanceError(
          'policy_invalid',
          `governance.roles.${role}: threshold exceeds holders`,
        );
      }
      // A stolen key alone must never change who holds keys or what blocks on a node.
      if (profile === 'production' && current.custody === 'offline' && current.threshold < 2) {
        throw new GovernanceError(
          'policy_invalid',
          `governance.roles.${role}.threshold: the production profile needs at least 2 for an offline role`,
          'use "profile": "demo" for tests and demos only',
        );
      }
    }
  }
  overrideNumbers(policy.witnesses, doc.witnesses, 'governance.witnesses', (k, v) => {
    if (!Number.isSafeInteger(v) || v < 1)
      throw new GovernanceError(
        'policy_invalid',
        `governance.witnesses.${k} must be a positive integer`,
      );
  });
  if (policy.witnesses.quorum > policy.witnesses.minWitnesses) {
    throw new GovernanceError('policy_invalid', 'governance.witnesses.quorum exceeds minWitnesses');
  }
  return policy;
}
