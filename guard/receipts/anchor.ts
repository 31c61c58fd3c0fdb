// docs/guard.md "Receipts": the chain's signed head anchored outside the store. `mesh receipts anchor`
// appends the latest signed head to an anchor file (one JSON line each), and verification against it
// finds a store truncated, rolled back or rewritten after the head was anchored.
import { appendFileSync, closeSync, existsSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { GuardError } from '../errors.js';
import { openReceiptDb } from './store.js';

export interface AnchoredHead {
  seq: number;
  hash: string;
  key: string;
  sig: string;
  anchored: string;
}

const MAX_ANCHOR_FILE = 64 * 1024 * 1024;

/** The store's latest signed head, or null when it has none yet. */
export function latestSignedHead(path: string): Omit<AnchoredHead, 'anchored'> | null {
  const db = openReceiptDb(path, true);
  try {
    const row = db
      .prepare('SELECT seq, hash, key, sig FROM heads ORDER BY seq DESC LIMIT 1')
      .get() as { seq: number; hash: string; key: string; sig: string } | undefined;
    return row ?? null;
  } finally {
    db.close();
  }
}

/**
 * Appends the store's latest signed head to `anchorFile` (created 0600) and fsyncs it.
 * @throws GuardError (receipt_store_invalid) when the store has no signed head yet
 * @example anchorHead(join(home, 'guard/receipts.db'), join(home, 'anchors/receipts.jsonl'))
 */
export function anchorHead(store: string, anchorFile: string, now = new Date()): AnchoredHead {
  const head = latestSignedHead(store);
  if (head === null)
    throw new GuardError('receipt_store_invalid', `${store}: no signed head to anchor yet`);
  const a: AnchoredHead = { ...head, anchored: now.toISOString() };
  appendFileSync(anchorFile, `${JSON.stringify(a)}\n`, { mode: 0o600 });
  const fd = openSync(anchorFile, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return a;
}

/** The heads anchored so far; a malformed line is an error, not skipped (the file is evidence). */
export function readAnchors(anchorFile: string): AnchoredHead[] {
  if (!existsSync(anchorFile))
    throw new GuardError(
      'receipt_store_invalid',
      `${anchorFile}: no anchor file (run \`mesh receipts anchor\` first)`,
    );
  const text = readFileSync(anchorFile, 'utf8');
  if (text.length > MAX_ANCHOR_FILE)
    throw new GuardError(
      'receipt_store_invalid',
      `${anchorFile}: larger than ${MAX_ANCHOR_FILE} bytes`,
    );
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line, i) => {
      let a: unknown;
      try {
        a = JSON.parse(line);
      } catch {
        a = null;
      }
      const o = a as Partial<AnchoredHead> | null;
      if (
        o === null ||
        typeof o.seq !== 'number' ||
        typeof o.hash !== 'string' ||
        typeof o.key !== 'string' ||
        typeof o.sig !== 'string'
      )
        throw new GuardError(
          'receipt_store_invalid',
          `${anchorFile}:${i + 1}: not an anchored head`,
        );
      return o as AnchoredHead;
    });
}
