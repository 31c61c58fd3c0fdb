// Role expiries (docs/GOVERNANCE.md "Keys"): the one source of how long each role's TUF metadata lives.
import type { ExpiryPolicy } from '../tuf/index.js';
import type { GovernancePolicy } from './policy.js';

const DAY = 86_400_000;

/** The TUF roles whose metadata our tools sign, by the governance role that holds their key. */
const SIGNED_ROLES = ['root', 'targets', 'stable', 'canary', 'snapshot', 'timestamp'] as const;

/**
 * The expiry of every signed role in milliseconds, as tuf/ takes it; a delegated role governance
 * does not name gets the shortest delegated lifetime (canary's).
 *
 * @example repositoryExpiry(defaultPolicy()).targets === 180 * 86_400_000
 */
export function repositoryExpiry(policy: GovernancePolicy): ExpiryPolicy {
  const out: Record<string, number> = {};
  for (const r of SIGNED_ROLES) out[r] = policy.roles[r].expiryDays * DAY;
  out.delegated = policy.roles.canary.expiryDays * DAY;
  return out;
}
