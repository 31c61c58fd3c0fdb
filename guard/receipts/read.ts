// Reading receipts back by time (the reporting pipeline counts hits per window). Read-only: a reader
// never takes the writers' lock, so parallel hook calls are not slowed by it.
import { openReceiptDb } from './store.js';
import type { ReceiptBody } from './record.js';

/** Receipts whose `ts` (milliseconds) lies in [fromMs, toMs), in chain order. */
export function readReceipts(path: string, fromMs: number, toMs: number): ReceiptBody[] {
  const db = openReceiptDb(path, true);
  try {
    const rows = db
      .prepare(
        "SELECT body FROM receipts WHERE json_extract(body, '$.ts') >= ? AND json_extract(body, '$.ts') < ? ORDER BY seq",
      )
      .all(fromMs, toMs) as { body: string }[];
    return rows.map((r) => JSON.parse(r.body) as ReceiptBody);
  } finally {
    db.close();
  }
}
