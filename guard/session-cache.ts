// Per-guard state beside its session table, which lives as long as the guard (docs/guard.md "Shell analysis", "SQL").
import type { SessionTable } from './session.js';
import { SessionDefinitions } from './shell/session-definitions.js';
import { SessionSqlFiles } from './shell/sql-files.js';
import { ShellViewCache } from './shell/view-cache.js';
import { SqlReadingCache } from './sql/reading-cache.js';

export interface SessionCaches {
  /** Functions and aliases per session, when the guard is given no other store for them. */
  definitions: SessionDefinitions;
  /** SQL files each session's agent wrote, for a later `psql -f FILE`. */
  sqlFiles: SessionSqlFiles;
  /** Shell views of earlier decisions, by command text. */
  views: ShellViewCache;
  /** PostgreSQL grammar readings of earlier decisions, by SQL text. */
  readings: SqlReadingCache;
}

const CACHES = new WeakMap<SessionTable, SessionCaches>();

/** The caches of the guard that owns `sessions`, made on first use and dropped with the table. */
export function sessionCaches(sessions: SessionTable): SessionCaches {
  let c = CACHES.get(sessions);
  if (c === undefined)
    CACHES.set(
      sessions,
      (c = {
        definitions: new SessionDefinitions(),
        sqlFiles: new SessionSqlFiles(),
        views: new ShellViewCache(),
        readings: new SqlReadingCache(),
      }),
    );
  return c;
}
