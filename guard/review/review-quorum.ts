// docs/guard.md "Escalation and reviews" (quorum): how many distinct people must approve a review
// before its call runs. The policy names rules (an id, or a prefix ending in `*`); each approval is
// its own MACed row, so a forged or copied approval never counts, and one approver counts once.
import { GuardError } from '../errors.js';
import { mac, macOk } from './review-integrity.js';

/** Distinct approvers a review needs: `default` for every rule, `rules` by id or `prefix.*`. */
export interface QuorumPolicy {
  default?: number;
  rules?: Readonly<Record<string, number>>;
}

/** The most approvers a policy may ask for (more is a typo, and would hold every call forever). */
export const MAX_QUORUM = 16;

function checked(n: number, where: string): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_QUORUM)
    throw new GuardError(
      'review_quorum_invalid',
      `${where}: a quorum is an integer from 1 to ${MAX_QUORUM}, not ${String(n)}`,
    );
  return n;
}

/**
 * The quorum for `rule`: an exact entry, else the longest matching `prefix*` entry, else the
 * default, else 1.
 * @throws GuardError review_quorum_invalid when the matching entry is not 1..MAX_QUORUM
 * @example quorumFor({ rules: { 'pay.*': 2 } }, 'pay.large') // 2
 */
export function quorumFor(policy: QuorumPolicy | undefined, rule: string): number {
  const rules = policy?.rules ?? {};
  const exact = rules[rule];
  if (exact !== undefined) return checked(exact, `quorum for ${rule}`);
  let best: [string, number] | undefined;
  for (const [k, n] of Object.entries(rules))
    if (k.endsWith('*') && rule.startsWith(k.slice(0, -1)) && (!best || k.length > best[0].length))
      best = [k, n];
  if (best) return checked(best[1], `quorum for ${best[0]}`);
  return checked(policy?.default ?? 1, 'default quorum');
}

/** One approver, however spelt: "Alice", " alice " and "ALICE" are the same person. */
export const approverKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const APPROVAL_DDL = `
CREATE TABLE IF NOT EXISTS approval (
  review_id TEXT NOT NULL,
  who TEXT NOT NULL,
  approver TEXT NOT NULL,
  at INTEGER NOT NULL,
  mac TEXT NOT NULL,
  PRIMARY KEY (review_id, who)
);
`;

export interface ApprovalRow {
  review_id: string;
  who: string;
  approver: string;
  at: number;
  mac: string;
}

const fields = (r: Omit<ApprovalRow, 'mac'>, argsDigest: string): unknown[] => [
  'approval',
  r.review_id,
  r.who,
  r.approver,
  r.at,
  argsDigest,
];

export const approvalMac = (key: Buffer, r: Omit<ApprovalRow, 'mac'>, argsDigest: string): string =>
  mac(key, fields(r, argsDigest));

/** The approvers whose rows carry a valid MAC for this review's call, one per person. */
export function validApprovers(
  key: Buffer,
  rows: readonly ApprovalRow[],
  argsDigest: string,
): string[] {
  const seen = new Map<string, string>();
  for (const r of rows)
    if (r.who === approverKey(r.approver) && macOk(key, fields(r, argsDigest), r.mac))
      seen.set(r.who, r.approver);
  return [...seen.values()];
}
