// The receipt store: SQLite in WAL mode shared by many processes; each batch appends under BEGIN IMMEDIATE
// (one writer at a time across processes), extends the chain and records one signed head, then commits.
import { openSqlite } from '../sqlite-open.js';
import type Database from 'better-sqlite3';
import { closeSync, openSync } from 'node:fs';
import { bytesToHex } from '@noble/hashes/utils.js';
import { GuardError } from '../errors.js';
import { RECEIPT_FORMAT } from '../version.js';
import { canonicalJson } from './canonical.js';
import { GENESIS, chainHash, headMessage, type ReceiptSigner } from './chain.js';
import type { ReceiptBody } from './record.js';

export interface ChainHead {
  seq: number;
  hash: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS receipts (seq INTEGER PRIMARY KEY, prev TEXT NOT NULL, hash TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS heads (seq INTEGER PRIMARY KEY, hash TEXT NOT NULL, key TEXT NOT NULL, sig TEXT NOT NULL);
`;

export function openReceiptDb(path: string, readonly: boolean): Database.Database {
  if (!readonly) closeSync(openSync(path, 'a', 0o600));
  let db: Database.Database;
  try {
    db = openSqlite(path, { readonly, fileMustExist: readonly, timeout: 30_000 }, (d) => {
      if (!readonly) {
        d.pragma('journal_mode = WAL');
        d.pragma('synchronous = FULL');
        d.exec(SCHEMA);
        d.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)").run(
          String(RECEIPT_FORMAT),
        );
      }
    });
  } catch (e) {
    throw new GuardError(
      'receipt_store_invalid',
      `${path}: not a receipt store (${(e as Error).message})`,
      undefined,
      { cause: e },
    );
  }
  try {
    const row = db.prepare("SELECT value FROM meta WHERE key = 'schema'").get() as
      { value: string } | undefined;
    const schema = Number(row?.value);
    if (!Number.isSafeInteger(schema))
      throw new GuardError('receipt_store_invalid', `${path}: no receipt schema recorded`);
    if (schema > RECEIPT_FORMAT)
      throw new GuardError(
        'receipt_schema_newer',
        `${path}: receipt schema ${schema} is newer than this mesh understands (${RECEIPT_FORMAT})`,
      );
  } catch (e) {
    db.close();
    if (e instanceof GuardError) throw e;
    throw new GuardError(
      'receipt_store_invalid',
      `${path}: not a receipt store (${(e as Error).message})`,
      undefined,
      { cause: e },
    );
  }
  return db;
}

export class ReceiptStore {
  private readonly db: Database.Database;
  private readonly keyHex: string;
  private readonly appendTx: (bodies: readonly ReceiptBody[]) => ChainHead;

  constructor(
    path: string,
    private readonly signer: ReceiptSigner,
  ) {
    this.db = openReceiptDb(path, false);
    this.keyHex = bytesToHex(signer.publicKey);
    this.db
      .prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('node_key', ?)")
      .run(this.keyHex);
    const last = this.db.prepare('SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1');
    const insert = this.db.prepare(
      'INSERT INTO receipts (seq, prev, hash, body) VALUES (?, ?, ?, ?)',
    );
    const head = this.db.prepare(
      'INSERT OR REPLACE INTO heads (seq, hash, key, sig) VALUES (?, ?, ?, ?)',
    );
    const tx = this.db.transaction((bodies: readonly ReceiptBody[]): ChainHead => {
      const row = last.get() as ChainHead | undefined;
      let seq = row?.seq ?? 0;
      let hash = row?.hash ?? GENESIS;
      for (const b of bodies) {
        const text = canonicalJson(b);
        const next = chainHash(hash, text);
        insert.run(++seq, hash, next, text);
        hash = next;
      }
      head.run(seq, hash, this.keyHex, bytesToHex(this.signer.sign(headMessage(seq, hash))));
      return { seq, hash };
    });
    this.appendTx = (bodies) => tx.immediate(bodies);
  }

  /** Appends receipts as one durable transaction with one signed head; returns the new head. */
  appendBatch(bodies: readonly ReceiptBody[]): ChainHead {
    if (bodies.length === 0) return this.head();
    return this.appendTx(bodies);
  }

  head(): ChainHead {
    const row = this.db
      .prepare('SELECT seq, hash FROM receipts ORDER BY seq DESC LIMIT 1')
      .get() as ChainHead | undefined;
    return row ?? { seq: 0, hash: GENESIS };
  }

  close(): void {
    this.db.close();
  }
}
