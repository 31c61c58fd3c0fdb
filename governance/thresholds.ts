// Threshold floors (docs/GOVERNANCE.md "Keys"): what ceremony assembly and publishing enforce for
// the offline roles, from the policy's profile (production: never 1; demo: tests and `mesh demo`).
import { GovernanceError } from './errors.js';
import type { GovernancePolicy } from './policy.js';

/** The roles whose keys are offline and whose threshold governance sets. */
export const OFFLINE_ROLES = ['root', 'targets', 'stable'] as const;
export type OfflineRole = (typeof OFFLINE_ROLES)[number];

export function isOfflineRole(role: string): role is OfflineRole {
  return (OFFLINE_ROLES as readonly string[]).includes(role);
}

/**
 * Throws `threshold_too_low` when `threshold` is below the policy's threshold for an offline role.
 *
 * @throws {GovernanceError} threshold_too_low
 * @example
 * requireThreshold(defaultPolicy('production'), 'root', 3); // passes
 * requireThreshold(defaultPolicy('production'), 'root', 1); // throws threshold_too_low
 */
export function requireThreshold(
  policy: GovernancePolicy,
  role: OfflineRole,
  threshold: number,
): void {
  const needed = policy.roles[role].threshold;
  if (threshold < needed) {
    throw new GovernanceError(
      'threshold_too_low',
      `${role} has threshold ${threshold}; the ${policy.profile} profile needs at least ${needed}`,
      policy.profile === 'production'
        ? `raise it with a ceremony (mesh ceremony propose --role ${role} --add-key PUB --threshold ${needed}), or use --profile demo for tests and demos only`
        : undefined,
    );
  }
}
