// Who holds which key (docs/architecture.md "Publish"): offline threshold roles change only through ceremonies.
export type KeyRole =
  | 'root'
  | 'targets'
  | 'stable'
  | 'canary'
  | 'snapshot'
  | 'timestamp'
  | 'log'
  | 'witness'
  | 'collector'
  | 'node';

export type Custody = 'offline' | 'online' | 'per-party';

export interface RolePolicy {
  custody: Custody;
  /** Signatures required; for per-party roles (witnesses) see WitnessPolicy instead. */
  threshold: number;
  /** Keyholders expected for the threshold to be meaningful (threshold <= holders). */
  holders: number;
  /** Days until signed metadata of this role expires; 0 where the role signs no TUF metadata. */
  expiryDays: number;
  /** Who holds it, in words, for docs/GOVERNANCE.md and `mesh doctor`. */
  heldBy: string;
}

export interface Delegation {
  role: 'canary' | 'stable';
  /** TUF delegation path patterns (fnmatch, TUF §5.6.7.1). */
  paths: readonly string[];
  terminating: boolean;
}

/** targets delegates the canary ring and DAP task files online, the stable ring to offline keyholders. */
export const DELEGATIONS: readonly Delegation[] = [
  { role: 'stable', paths: ['packs/*/stable/*'], terminating: true },
  { role: 'canary', paths: ['packs/*/canary/*', 'tasks/*/*'], terminating: true },
];

export const PRODUCTION_ROLES: Readonly<Record<KeyRole, RolePolicy>> = {
  root: {
    custody: 'offline',
    threshold: 3,
    holders: 5,
    expiryDays: 365,
    heldBy: 'maintainers, one hardware key each',
  },
  targets: {
    custody: 'offline',
    threshold: 2,
    holders: 3,
    expiryDays: 180,
    heldBy: 'release maintainers',
  },
  stable: {
    custody: 'offline',
    threshold: 2,
    holders: 3,
    expiryDays: 90,
    heldBy: 'release maintainers',
  },
  canary: {
    custody: 'online',
    threshold: 1,
    holders: 1,
    expiryDays: 14,
    heldBy: 'the publishing service',
  },
  snapshot: {
    custody: 'online',
    threshold: 1,
    holders: 1,
    expiryDays: 7,
    heldBy: 'the publishing service',
  },
  timestamp: {
    custody: 'online',
    threshold: 1,
    holders: 1,
    expiryDays: 1,
    heldBy: 'the publishing service',
  },
  log: { custody: 'online', threshold: 1, holders: 1, expiryDays: 0, heldBy: 'the log operator' },
  witness: {
    custody: 'per-party',
    threshold: 1,
    holders: 1,
    expiryDays: 0,
    heldBy: 'each witness operator',
  },
  collector: {
    custody: 'per-party',
    threshold: 1,
    holders: 1,
    expiryDays: 0,
    heldBy: 'the collector operator',
  },
  node: {
    custody: 'per-party',
    threshold: 1,
    holders: 1,
    expiryDays: 0,
    heldBy: 'each node operator',
  },
};

/** Tests and `mesh demo` only: every threshold 1, so a single root.key and targets.key suffice. */
export const DEMO_ROLES: Readonly<Record<KeyRole, RolePolicy>> = Object.fromEntries(
  Object.entries(PRODUCTION_ROLES).map(([role, p]) => [role, { ...p, threshold: 1, holders: 1 }]),
) as Record<KeyRole, RolePolicy>;
