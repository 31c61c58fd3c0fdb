// `mesh receipts verify`: recompute the chain, check every signed head, and compare with a recorded head.
import { GuardError } from '../errors.js';
import type { AnchoredHead } from './anchor.js';
import { GENESIS, chainHash, verifyHead } from './chain.js';
import { openReceiptDb } from './store.js';

export interface VerifyReport {
  ok: boolean;
  receipts: number;
  head: { seq: number; hash: string };
  signed_head: number;
  key: string | null;
  problems: string[];
}

const MAX_PROBLEMS = 100;

/**
 * `mesh receipts verify`: recomputes the receipt chain in the store at `path`, checks every signed
 * head (and `anchors`) against the node key, and compares with a recorded `head`. Tampering is
 * reported in `problems`, not thrown.
 *
 * @throws {GuardError} receipt_store_invalid (not a receipt store, or unreadable),
 * receipt_schema_newer
 * @example
 * const report = verifyReceipts('/var/lib/mesh/guard/receipts.db', { head: recordedHeadHash });
 * if (!report.ok) console.error(report.problems.join('\n'));
 */
export function verifyReceipts(
  path: string,
  opts: { head?: string; key?: string; anchors?: readonly AnchoredHead[] } = {},
): VerifyReport {
  const db = openReceiptDb(path, true);
  try {
    const problems: string[] = [];
    const note = (p: string): void => {
      if (problems.length < MAX_PROBLEMS) problems.push(p);
    };
    const stored =
      (
        db.prepare("SELECT value FROM meta WHERE key = 'node_key'").get() as
          { value: string } | undefined
      )?.value ?? null;
    const key = opts.key?.toLowerCase() ?? stored;
    if (opts.key !== undefined && stored !== null && stored !== key)
      note(`store names node key ${stored}, not the expected ${opts.key}`);
    const hashes = new Map<number, string>();
    let expectSeq = 1;
    let prev = GENESIS;
    const rows = db
      .prepare('SELECT seq, prev, hash, body FROM receipts ORDER BY seq')
      .iterate() as IterableIterator<{ seq: number; prev: string; hash: string; body: string }>;
    for (const r of rows) {
      if (r.seq !== expectSeq) note(`receipts ${expectSeq}..${r.seq - 1} are missing (deleted)`);
      if (r.prev !== prev)
        note(
          `receipt ${r.seq} does not follow the receipt before it (edited, reordered or deleted)`,
        );
      if (chainHash(r.prev, r.body) !== r.hash)
        note(`receipt ${r.seq} does not match its hash (edited)`);
      hashes.set(r.seq, r.hash);
      prev = r.hash;
      expectSeq = r.seq + 1;
    }
    const count = expectSeq - 1;
    let signed = 0;
    const heads = db.prepare('SELECT seq, hash, key, sig FROM heads ORDER BY seq').all() as {
      seq: number;
      hash: string;
      key: string;
      sig: string;
    }[];
    for (const h of heads) {
      if (key === null || h.key !== key || !verifyHead(key, h.seq, h.hash, h.sig)) {
        note(`signed head ${h.seq} has no valid signature by the node key`);
        continue;
      }
      const at = hashes.get(h.seq);
      if (at === undefined)
        note(`signed head ${h.seq} is past the last receipt ${count} (truncated)`);
      else if (at !== h.hash)
        note(`signed head ${h.seq} does not match receipt ${h.seq} (chain rewritten)`);
      signed = Math.max(signed, h.seq);
    }
    if (count > 0 && signed < count)
      note(`receipts ${signed + 1}..${count} are not covered by a signed head`);
    for (const a of opts.anchors ?? []) {
      if (key === null || a.key !== key || !verifyHead(key, a.seq, a.hash, a.sig))
        note(`anchored head ${a.seq} has no valid signature by the node key`);
      else if (hashes.get(a.seq) !== a.hash)
        note(
          a.seq > count
            ? `anchored head ${a.seq} is past the last receipt ${count} (truncated or rolled back)`
            : `anchored head ${a.seq} does not match receipt ${a.seq} (chain rewritten)`,
        );
    }
    if (opts.head !== undefined) {
      const want = opts.head.toLowerCase();
      if (![...hashes.values()].includes(want))
        note(`recorded head ${want} is not in the chain (truncated or forked)`);
    }
    return {
      ok: problems.length === 0,
      receipts: count,
      head: { seq: count, hash: prev },
      signed_head: signed,
      key,
      problems,
    };
  } catch (e) {
    if (e instanceof GuardError) throw e;
    throw new GuardError('receipt_store_invalid', `${path}: ${(e as Error).message}`, undefined, {
      cause: e,
    });
  } finally {
    db.close();
  }
}
