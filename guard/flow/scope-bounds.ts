// The tracker is bounded (LRU) and scoped per session: the persisted store's bound on
// sessions. Each session scope records its last use; a session unused for maxSessionAgeMs is dropped,
// and beyond maxSessions the least recently used go. Runs inside the caller's IMMEDIATE transaction,
// so concurrent hook processes apply it one at a time. The node-wide scope is never dropped.
import { tailMetaKey } from './outbound-tail.js';
import type Database from 'better-sqlite3';
import type { FlowLimits } from './flow-limits.js';

/** A check refreshes a session's last use at most this often: a write per check would cost an fsync. */
export const TOUCH_EVERY_MS = 60_000;

export const GLOBAL_SCOPE = '';

function dropScope(db: Database.Database, scope: string): void {
  // Patterns go with their values (ON DELETE CASCADE).
  db.prepare('DELETE FROM taint_value WHERE scope = ?').run(scope);
  db.prepare('DELETE FROM taint_filter WHERE scope = ?').run(scope);
  db.prepare('DELETE FROM taint_scope WHERE scope = ?').run(scope);
  db.prepare('DELETE FROM meta WHERE k = ?').run(tailMetaKey(scope));
}

/** Marks a session used now (an observation). */
export function touchScope(db: Database.Database, scope: string, now: number): void {
  if (scope === GLOBAL_SCOPE) return;
  db.prepare(
    'INSERT INTO taint_scope (scope, used) VALUES (?, ?) ON CONFLICT (scope) DO UPDATE SET used = max(used, excluded.used)',
  ).run(scope, now);
}

/** Drops the sessions unused for maxSessionAgeMs; returns how many went. */
export function expireScopes(db: Database.Database, limits: FlowLimits, now: number): number {
  const expired = db
    .prepare('SELECT scope FROM taint_scope WHERE used < ? AND scope <> ?')
    .pluck()
    .all(now - limits.maxSessionAgeMs, GLOBAL_SCOPE) as string[];
  for (const s of expired) dropScope(db, s);
  return expired.length;
}

/** Drops the least recently used sessions beyond maxSessions; returns how many went. */
export function trimScopes(db: Database.Database, limits: FlowLimits): number {
  const n = db
    .prepare('SELECT count(*) FROM taint_scope WHERE scope <> ?')
    .pluck()
    .get(GLOBAL_SCOPE) as number;
  if (n <= limits.maxSessions) return 0;
  const lru = db
    .prepare('SELECT scope FROM taint_scope WHERE scope <> ? ORDER BY used, scope LIMIT ?')
    .pluck()
    .all(GLOBAL_SCOPE, n - limits.maxSessions) as string[];
  for (const s of lru) dropScope(db, s);
  return lru.length;
}

/**
 * Before a check: false (and the session dropped) when it expired; otherwise its last use is
 * refreshed when older than TOUCH_EVERY_MS. Writes only in those two cases, and decides again under
 * the write lock, since another process may have used the session in between.
 */
export function liveScope(
  db: Database.Database,
  scope: string,
  limits: FlowLimits,
  now: number,
): boolean {
  if (scope === GLOBAL_SCOPE) return true;
  const usedAt = db.prepare('SELECT used FROM taint_scope WHERE scope = ?').pluck();
  const used = usedAt.get(scope) as number | undefined;
  if (used === undefined || used >= now - TOUCH_EVERY_MS) return true;
  return db
    .transaction((): boolean => {
      const again = usedAt.get(scope) as number | undefined;
      if (again === undefined) return true;
      if (again < now - limits.maxSessionAgeMs) {
        dropScope(db, scope);
        return false;
      }
      touchScope(db, scope, now);
      return true;
    })
    .immediate();
}
