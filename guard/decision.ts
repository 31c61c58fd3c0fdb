// docs/architecture.md "Guard": the decision every event gets, exactly as front doors and receipts see it.
import type { Verdict } from './verdict.js';

export interface Decision {
  /** The enforced verdict. A shadow rule never changes it; see `shadow`. */
  verdict: Verdict;
  /** The rule (or stage) that decided, or null when nothing matched or the event was malformed. */
  rule: string | null;
  reason: string;
  /** The event field that caused the verdict, as a path (`args.command`), or null. */
  attributed_to: string | null;
  /** Rewritten arguments (MODIFY on a call). */
  args?: Record<string, unknown>;
  /** Rewritten result (MODIFY on a result). */
  result?: unknown;
  /** True when the named rule is in shadow: it matched, was recorded, and was not enforced. */
  shadow: boolean;
  /**
   * True when the deciding rule came from a subscribed community pack. Such a rule cannot grant:
   * a front door treats its allow as no opinion and its modify as a rewrite the agent's own
   * permission flow still approves (docs/packs.md "Trust boundary").
   */
  community?: true;
  /** The sensor's containment is a BLOCK with action "killed" (docs/architecture.md); no fifth verdict. */
  action?: 'killed';
}

/** One rule (or stage) that matched an event: what it would do and why. */
export interface Hit {
  rule: string;
  verdict: Verdict;
  reason: string;
  attributed_to: string | null;
  status: 'active' | 'shadow';
  /** Detectors whose findings made the rule match, for per-detector accounting. */
  detectors: string[];
  args?: Record<string, unknown>;
  result?: unknown;
  /** The rule came from a subscribed community pack (see Decision.community). */
  community?: true;
}

/** The decision with everything that led to it, for receipts, the harness and reporting. */
export interface Evaluation {
  decision: Decision;
  hits: Hit[];
  /** Wall-clock nanoseconds spent deciding (receipt persistence excluded). */
  elapsedNs: number;
}
