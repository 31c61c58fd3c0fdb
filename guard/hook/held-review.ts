// docs/guard.md "Escalation and reviews", for doors whose agent has no "ask" of its own (Codex,
// Cursor's preToolUse): an escalated call is refused and queued for a person; once a person approves
// that exact call (tool, argument digest, session, rule), the same call, retried, goes through until
// the review's own expiry.
import type { Decision } from '../decision.js';
import { bindingOf, sameBinding } from '../review/call-binding.js';
import { callPreview } from '../review/call-preview.js';
import type { ReviewQueue } from '../review/review-queue.js';
import type { FrontDoor } from '../review/review-row.js';
import type { HookInput } from './hook-input.js';

export type HeldOutcome = { approved: true; id: string } | { approved: false; id: string };

/**
 * Approved already (a person approved this exact call and the approval has not expired, by as many
 * distinct people as its quorum asks), or a new pending review is queued and the call is to be
 * refused now. The review carries the masked preview of the call; `tainted` names the argument
 * paths the flow tracker found taint in, masked whole.
 * @example holdForReview(queue, input, d, 'codex', 3_600_000) // { approved: false, id: '9f…' }
 */
export function holdForReview(
  queue: ReviewQueue,
  input: HookInput,
  d: Decision,
  door: FrontDoor,
  timeoutMs: number,
  now: () => number = Date.now,
  tainted: ReadonlySet<string> = new Set(),
): HeldOutcome {
  const binding = bindingOf({
    tool: input.tool_name,
    args: input.tool_input,
    session: input.session_id,
    rule: d.rule,
  });
  const at = now();
  const granted = queue
    .list('approved')
    .find(
      (r) =>
        r.tampered !== true &&
        r.frontDoor === door &&
        r.expires > at &&
        (r.quorum === 1 || r.approvals.length >= r.quorum) &&
        sameBinding(r, binding),
    );
  if (granted) return { approved: true, id: granted.id };
  const waiting = queue
    .list('pending')
    .find((r) => r.tampered !== true && r.frontDoor === door && sameBinding(r, binding));
  if (waiting) return { approved: false, id: waiting.id };
  const r = queue.request({
    ...binding,
    reason: d.reason,
    attributedTo: d.attributed_to,
    frontDoor: door,
    timeoutMs,
    preview: callPreview(input.tool_input, tainted),
  });
  return { approved: false, id: r.id };
}

/** The refusal text for a held call: what a person runs to let the retry through. */
export function heldMessage(id: string, describe: string): string {
  return `${describe} (held for review ${id}: a person approves it with \`mesh reviews approve ${id} --by NAME\` or in the console; then retry the same call)`;
}
