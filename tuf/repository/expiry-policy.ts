// How long each role's metadata stays valid when our tools write it (TUF 1.0.34 §4.2 "expires").
// Online roles are short-lived so a frozen mirror is noticed fast; offline roles live long.

export type ExpiryPolicy = Readonly<Record<string, number>>;

const DAY = 86_400_000;

/** Milliseconds per role; a delegated role not named here uses `delegated`. */
export const DEFAULT_EXPIRY: ExpiryPolicy = {
  root: 365 * DAY,
  targets: 90 * DAY,
  delegated: 90 * DAY,
  snapshot: 7 * DAY,
  timestamp: 1 * DAY,
};

export function expiryFor(policy: ExpiryPolicy, role: string): number {
  return policy[role] ?? policy.delegated ?? DEFAULT_EXPIRY.delegated ?? 90 * DAY;
}
