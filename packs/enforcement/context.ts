// How a node's operator lets community rules act here (docs/operator.md "Why did a rule do that"):
// rings and their verdict ceilings, the shadow window, grants, allowlists on every path, local edits.
import type { Condition, Verdict } from '../../guard/index.js';
import type { Ring } from '../publish/paths.js';

export interface OperatorPolicy {
  /** Rule ids (or `*`-globs) of community rules the operator lets BLOCK on this node. */
  grants: readonly string[];
  /** What an ungranted community BLOCK becomes. */
  ungranted: 'escalate' | 'shadow';
  /** Events matching any of these are never acted on by a community rule, on every front door. */
  allowlist: readonly Condition[];
  /** Seconds a rule new to this node runs monitor-only before it enforces. */
  shadowWindowSeconds: number;
}

export const DEFAULT_OPERATOR_POLICY: OperatorPolicy = {
  grants: [],
  ungranted: 'escalate',
  allowlist: [],
  shadowWindowSeconds: 24 * 3600,
};

export interface EnforcementContext {
  ring: Ring;
  operator: OperatorPolicy;
  /** Unix seconds when this node first saw each rule id (subscription state). */
  firstSeen: Readonly<Record<string, number>>;
  /** Content hash of each community rule as published in the pack's catalog. */
  catalogHashes: Readonly<Record<string, string>>;
  now: number;
}

/** What happened to one rule and why: shown by `mesh doctor` and kept for reporting. */
export interface RuleEnforcement {
  id: string;
  /** false for a rule the operator edited locally: it never counts as the community rule. */
  community: boolean;
  published: Verdict;
  effective: Verdict;
  shadow: boolean;
  why: string[];
}

/** A canary rule may at most escalate (docs/architecture.md: a stolen online key cannot make nodes block). */
export const RING_CEILING: Readonly<Record<Ring, Verdict>> = {
  canary: 'escalate',
  stable: 'block',
};
