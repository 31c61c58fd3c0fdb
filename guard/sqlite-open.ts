// Opening a SQLite store that other processes may be creating at the same instant.
import Database from 'better-sqlite3';
import { chmodSync, closeSync, openSync, statSync } from 'node:fs';

/** Tries before a store that stays busy is given up on (about a second in all). */
const OPEN_ATTEMPTS = 40;
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Opens `path` and runs `init` on it, again after a short random pause while it answers
 * SQLITE_BUSY: processes opening a new store at once can get SQLITE_BUSY from the change to WAL
 * and the first DDL at once, without the busy timeout (SQLite avoids a deadlock there).
 *
 * @throws whatever `new Database` or `init` throws, once the store is no longer busy or the tries
 *   are spent; the caller wraps it in its coded error
 * @example
 * const db = openSqlite(path, { timeout: 10_000 }, (d) => d.pragma('journal_mode = WAL'));
 */
export function openSqlite(
  path: string,
  options: Database.Options,
  init: (db: Database.Database) => void,
): Database.Database {
  for (let attempt = 1; ; attempt++) {
    let opened: Database.Database | undefined;
    try {
      opened = new Database(path, options);
      init(opened);
      return opened;
    } catch (e) {
      opened?.close();
      const busy = String((e as { code?: unknown }).code).startsWith('SQLITE_BUSY');
      if (!busy || attempt >= OPEN_ATTEMPTS) throw e;
      Atomics.wait(PAUSE, 0, 0, 10 + Math.floor(Math.random() * 40));
    }
  }
}

/**
 * Creates `path` 0600 if it is missing and narrows it to 0600 if it is wider: a store of the
 * guard's holds session data and MACs, readable by its owner only (docs/guard.md "Receipts").
 */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
}
