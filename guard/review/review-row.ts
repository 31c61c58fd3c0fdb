// A review as the queue stores it: one SQLite row, every column but `mac` under the row's MAC, so a
// row edited or copied outside mesh never approves (docs/guard.md "Escalation and reviews").
import type { CallBinding } from './call-binding.js';

/** pending: waiting for a human; asked: handed to Claude Code's own prompt (approved by PostToolUse). */
export type ReviewStatus = 'pending' | 'asked' | 'approved' | 'rejected' | 'expired';
export type FrontDoor = 'mcp' | 'library' | 'claude-code' | 'codex' | 'cursor' | 'mcp-http';

export interface Review extends CallBinding {
  id: string;
  status: ReviewStatus;
  created: number;
  expires: number;
  decided: number | null;
  approver: string | null;
  note: string | null;
  reason: string;
  attributedTo: string | null;
  frontDoor: FrontDoor;
  toolUseId: string | null;
  /** Distinct approvers the call needs before it runs. */
  quorum: number;
  /** Who approved so far (valid approvals only, one per person). */
  approvals: string[];
  /** The call as the approver sees it: its arguments with secrets and taint masked. */
  preview: string | null;
  /** The row does not carry a valid MAC (edited or copied outside mesh): it never approves. */
  tampered?: true;
}

/** camelCase to the table's snake_case, as a type: `argsDigest` is the column `args_digest`. */
type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;

/** What the table stores of a review: all but the approvals (their own table) and `tampered`. */
type StoredField = Exclude<keyof Review, 'approvals' | 'tampered'>;

/**
 * One row of the review table, as SQLite returns it: the review's stored fields under their column
 * names, plus the row's MAC. Derived from `Review`, so the two cannot drift apart.
 */
export type Row = { [K in StoredField as SnakeCase<K>]: Review[K] } & { mac: string | null };

/** What a row's MAC covers: every column but the MAC. */
export function macFields(r: Omit<Row, 'mac'>): unknown[] {
  return [
    r.id,
    r.status,
    r.created,
    r.expires,
    r.decided,
    r.approver,
    r.note,
    r.tool,
    r.args_digest,
    r.session,
    r.rule,
    r.reason,
    r.attributed_to,
    r.front_door,
    r.tool_use_id,
    // Outside the MAC at their defaults, so rows written before schema 3 still verify.
    ...(r.quorum === 1 ? [] : [['quorum', r.quorum]]),
    ...(r.preview === null ? [] : [['preview', r.preview]]),
  ];
}

/** The review a row holds; its approvals are read separately. */
export function fromRow(r: Row): Review {
  return {
    id: r.id,
    status: r.status,
    created: r.created,
    expires: r.expires,
    decided: r.decided,
    approver: r.approver,
    note: r.note,
    tool: r.tool,
    argsDigest: r.args_digest,
    session: r.session,
    rule: r.rule,
    reason: r.reason,
    attributedTo: r.attributed_to,
    frontDoor: r.front_door,
    toolUseId: r.tool_use_id,
    quorum: r.quorum,
    approvals: [],
    preview: r.preview,
  };
}
