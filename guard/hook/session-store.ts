// Rate/budget/loop limits per session for the Claude Code hook: one short-lived
// process per tool call, so a session's counters live in a SQLite database (WAL) that concurrent hook
// processes update in one IMMEDIATE transaction each: no increment is lost, none counted twice.
import type Database from 'better-sqlite3';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createPrivateFile, openSqlite } from '../sqlite-open.js';
import { join } from 'node:path';
import { GuardError } from '../errors.js';
import { MAX_SESSIONS, MINUTE_MS, type SessionRecorder, type SessionView } from '../session.js';

export const SESSION_DB_FILE = 'sessions.db';

const DDL = `
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS session (
  id TEXT PRIMARY KEY,
  calls INTEGER NOT NULL,
  last_key BLOB NOT NULL,
  repeats INTEGER NOT NULL,
  touched INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS session_call (session TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS session_call_by_session ON session_call (session, at);
CREATE INDEX IF NOT EXISTS session_by_touched ON session (touched);
`;

interface SessionRow {
  calls: number;
  last_key: Buffer;
  repeats: number;
}

export class SessionStore implements SessionRecorder {
  private constructor(
    private readonly db: Database.Database,
    /** Keys the digest of a call (tool and arguments), so the file never holds arguments. */
    private readonly salt: Buffer,
  ) {}

  /** Opens (creating, mode 0600) `sessions.db` under `dir`. */
  static open(dir: string): SessionStore {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, SESSION_DB_FILE);
    try {
      createPrivateFile(path);
      // Hook processes of one session start together; the first of them creates the store.
      const db = openSqlite(path, { timeout: 10_000 }, (d) => {
        d.pragma('journal_mode = WAL');
        // WAL with NORMAL survives a crashed process; only an OS crash may drop the last counts.
        d.pragma('synchronous = NORMAL');
        d.exec(DDL);
        d.prepare('INSERT OR IGNORE INTO meta (k, v) VALUES (?, ?)').run('salt', randomBytes(32));
      });
      const salt = db.prepare('SELECT v FROM meta WHERE k = ?').pluck().get('salt') as Buffer;
      return new SessionStore(db, salt);
    } catch (e) {
      throw new GuardError(
        'session_store_invalid',
        `${path}: cannot open the session store (${(e as Error).message})`,
        undefined,
        { cause: e },
      );
    }
  }

  close(): void {
    this.db.close();
  }

  record(session: string, key: string, now: number): SessionView {
    const digest = createHmac('sha256', this.salt).update(key).digest();
    const get = this.db.prepare('SELECT calls, last_key, repeats FROM session WHERE id = ?');
    const put = this.db.prepare(
      'INSERT INTO session (id, calls, last_key, repeats, touched) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (id) DO UPDATE SET calls = excluded.calls, last_key = excluded.last_key, ' +
        'repeats = excluded.repeats, touched = excluded.touched',
    );
    const run = this.db.transaction((): SessionView => {
      const row = get.get(session) as SessionRow | undefined;
      const calls = (row?.calls ?? 0) + 1;
      const repeats = row !== undefined && row.last_key.equals(digest) ? row.repeats + 1 : 1;
      put.run(session, calls, digest, repeats, now);
      if (row === undefined) this.evictBeyondBound();
      this.db.prepare('INSERT INTO session_call (session, at) VALUES (?, ?)').run(session, now);
      this.db
        .prepare('DELETE FROM session_call WHERE session = ? AND at <= ?')
        .run(session, now - MINUTE_MS);
      const recent = this.db
        .prepare('SELECT count(*) FROM session_call WHERE session = ?')
        .pluck()
        .get(session) as number;
      return { calls, callsLastMinute: recent, repeats };
    });
    return run.immediate();
  }

  /** Forgets the least recently used sessions beyond MAX_SESSIONS, as the in-process table does. */
  private evictBeyondBound(): void {
    const n = this.db.prepare('SELECT count(*) FROM session').pluck().get() as number;
    if (n <= MAX_SESSIONS) return;
    const old = this.db
      .prepare('SELECT id FROM session ORDER BY touched LIMIT ?')
      .pluck()
      .all(n - MAX_SESSIONS) as string[];
    for (const id of old) {
      this.db.prepare('DELETE FROM session WHERE id = ?').run(id);
      this.db.prepare('DELETE FROM session_call WHERE session = ?').run(id);
    }
  }
}
