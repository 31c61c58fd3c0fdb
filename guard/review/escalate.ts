// Escalation: how an ESCALATE decision ends for the MCP proxy and the library: a review,
// an approval bound to the exact call, or a refusal when no approver answers in time.
import type { Decision } from '../decision.js';
import { bindingOf } from './call-binding.js';
import { callPreview } from './call-preview.js';
import type { ReviewQueue } from './review-queue.js';
import type { FrontDoor } from './review-row.js';

export interface EscalationOptions {
  reviews?: ReviewQueue;
  frontDoor: FrontDoor;
  /** How long an approver has (default 5 minutes). */
  timeoutMs?: number;
  pollMs?: number;
  /** Called once the review exists, e.g. to tell the operator its id. */
  onReview?: (id: string) => void;
  /** Argument paths the flow tracker holds as taint: masked whole in the review's preview. */
  tainted?: ReadonlySet<string>;
}

export const DEFAULT_REVIEW_TIMEOUT_MS = 5 * 60_000;

/** The final decision for an event: escalations become allow (approved) or block (anything else). */
export async function resolveEscalation(
  decision: Decision,
  call: { tool: string; args: unknown; session?: string | undefined },
  opts: EscalationOptions,
): Promise<Decision> {
  if (decision.verdict !== 'escalate') return decision;
  if (!opts.reviews)
    return {
      ...decision,
      verdict: 'block',
      reason: `${decision.reason} (escalated, and no review queue is configured)`,
    };
  const binding = bindingOf({ ...call, rule: decision.rule });
  const review = opts.reviews.request({
    ...binding,
    reason: decision.reason,
    attributedTo: decision.attributed_to,
    frontDoor: opts.frontDoor,
    timeoutMs: opts.timeoutMs ?? DEFAULT_REVIEW_TIMEOUT_MS,
    preview: callPreview(call.args, opts.tainted),
  });
  opts.onReview?.(review.id);
  const outcome = await opts.reviews.wait(review.id, binding, opts.pollMs);
  if (outcome === 'approved')
    return {
      ...decision,
      verdict: 'allow',
      reason: `approved in review ${review.id}: ${decision.reason}`,
    };
  return {
    ...decision,
    verdict: 'block',
    reason:
      outcome === 'rejected'
        ? `rejected in review ${review.id}: ${decision.reason}`
        : `no approval within the review timeout (review ${review.id}): ${decision.reason}`,
  };
}
