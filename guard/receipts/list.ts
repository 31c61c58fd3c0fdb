// docs/guard.md "Receipts" (reading): an auditor lists receipts by time and verdict and shows one,
// with its chain position and hash. Read-only, like read.ts: a reader never takes the writers' lock.
// The bodies were written by this node, but the file may have been edited: each is parsed alone and
// a row that does not parse is listed as unreadable, never thrown on.
import { openReceiptDb } from './store.js';
import type { ReceiptBody } from './record.js';

export interface ListedReceipt {
  seq: number;
  hash: string;
  prev: string;
  /** Null when the stored body is not a receipt (an edited row; `mesh receipts verify` says more). */
  body: ReceiptBody | null;
}

export interface ReceiptQuery {
  /** Only receipts with `ts` at or after this (milliseconds). */
  sinceMs?: number;
  verdict?: string;
  /** The newest this many (default 100, at most 100 000). */
  limit?: number;
}

interface Row {
  seq: number;
  hash: string;
  prev: string;
  body: string;
}

export const MAX_LISTED = 100_000;

function listed(r: Row): ListedReceipt {
  let body: ReceiptBody | null = null;
  try {
    // Stored bytes: written by this node's guard, but the file is reachable by anyone with its path.
    const v = JSON.parse(r.body) as unknown;
    if (typeof v === 'object' && v !== null && typeof (v as ReceiptBody).verdict === 'string')
      body = v as ReceiptBody;
  } catch {
    body = null;
  }
  return { seq: r.seq, hash: r.hash, prev: r.prev, body };
}

/**
 * Receipts matching `q`, oldest first (the newest `limit` of them).
 * @throws GuardError receipt_store_invalid when the file is not a receipt store
 * @example listReceipts(join(home, 'guard', 'receipts.db'), { verdict: 'block', limit: 20 })
 */
export function listReceipts(path: string, q: ReceiptQuery = {}): ListedReceipt[] {
  const limit = Math.min(Math.max(1, Math.trunc(q.limit ?? 100)), MAX_LISTED);
  const db = openReceiptDb(path, true);
  try {
    const rows = db
      .prepare(
        'SELECT seq, hash, prev, body FROM receipts WHERE ' +
          "(? IS NULL OR json_extract(body, '$.ts') >= ?) AND (? IS NULL OR json_extract(body, '$.verdict') = ?) " +
          'ORDER BY seq DESC LIMIT ?',
      )
      .all(
        q.sinceMs ?? null,
        q.sinceMs ?? null,
        q.verdict ?? null,
        q.verdict ?? null,
        limit,
      ) as Row[];
    return rows.reverse().map(listed);
  } finally {
    db.close();
  }
}

/**
 * One receipt by its chain position (`42`) or its hash (64 hex characters), or undefined.
 * @throws GuardError receipt_store_invalid when the file is not a receipt store
 * @example receiptAt(store, '42')
 */
export function receiptAt(path: string, ref: string): ListedReceipt | undefined {
  const db = openReceiptDb(path, true);
  try {
    const row = (
      /^\d+$/.test(ref)
        ? db.prepare('SELECT seq, hash, prev, body FROM receipts WHERE seq = ?').get(Number(ref))
        : db
            .prepare('SELECT seq, hash, prev, body FROM receipts WHERE hash = ?')
            .get(ref.toLowerCase())
    ) as Row | undefined;
    return row && listed(row);
  } finally {
    db.close();
  }
}
