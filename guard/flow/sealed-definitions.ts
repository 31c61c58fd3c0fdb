// docs/guard.md "Commands assembled at run time": shell functions and aliases a session defined, kept
// in the persisted flow store for hooks that run one process per call. Bodies are commands the agent
// wrote (they may hold a secret), so each session's set is sealed (AES-256-GCM, outbound-tail.ts)
// under the flow key and bound to its session; at most MAX_DEFINITION_SESSIONS sessions are kept.
import type Database from 'better-sqlite3';
import {
  MAX_DEFINITION_SESSIONS,
  mergeDefinitions,
  type ShellDefinitions,
} from '../shell/session-definitions.js';
import { openSealed, sealText } from './outbound-tail.js';

const PREFIX = 'defs:';
const aad = (session: string): string => PREFIX + session;

/** Stored as `<ms>:<sealed>`: the time orders sessions for the bound. */
function read(db: Database.Database, key: Uint8Array, session: string): Map<string, string> {
  const v = db
    .prepare('SELECT v FROM meta WHERE k = ?')
    .pluck()
    .get(PREFIX + session);
  if (typeof v !== 'string') return new Map();
  const text = openSealed(key, aad(session), v.slice(v.indexOf(':') + 1));
  if (text === null) return new Map();
  try {
    const pairs = JSON.parse(text) as unknown;
    if (!Array.isArray(pairs)) return new Map();
    return new Map(
      pairs.filter(
        (p): p is [string, string] =>
          Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'string',
      ),
    );
  } catch {
    return new Map();
  }
}

/** Keeps at most MAX_DEFINITION_SESSIONS sessions' definitions: the least recently written go. */
function trim(db: Database.Database): void {
  const n = db
    .prepare("SELECT count(*) FROM meta WHERE k >= 'defs:' AND k < 'defs;'")
    .pluck()
    .get() as number;
  if (n <= MAX_DEFINITION_SESSIONS) return;
  const rows = db.prepare("SELECT k, v FROM meta WHERE k >= 'defs:' AND k < 'defs;'").all() as {
    k: string;
    v: string;
  }[];
  if (rows.length <= MAX_DEFINITION_SESSIONS) return;
  const at = (v: string): number => Number(v.slice(0, v.indexOf(':')));
  rows.sort((a, b) => at(a.v) - at(b.v));
  const del = db.prepare('DELETE FROM meta WHERE k = ?');
  for (const r of rows.slice(0, rows.length - MAX_DEFINITION_SESSIONS)) del.run(r.k);
}

export function sealedDefinitions(
  db: Database.Database,
  key: Uint8Array,
  now: () => number,
): ShellDefinitions {
  return {
    of(session) {
      if (session === undefined) return undefined;
      const m = read(db, key, session);
      return m.size === 0 ? undefined : m;
    },
    record(session, defs) {
      if (session === undefined || defs === undefined || defs.size === 0) return;
      const kept = read(db, key, session);
      if (!mergeDefinitions(new Map(kept), defs)) return;
      // As the outbound tail: a lost write loses one definition, not worth an fsync per call.
      const was = db.pragma('synchronous', { simple: true }) as number;
      db.pragma('synchronous = NORMAL');
      try {
        db.transaction(() => {
          const latest = read(db, key, session);
          mergeDefinitions(latest, defs);
          const sealed = sealText(key, aad(session), JSON.stringify([...latest]));
          db.prepare(
            'INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v',
          ).run(PREFIX + session, `${String(now())}:${sealed}`);
          trim(db);
        }).immediate();
      } finally {
        db.pragma(`synchronous = ${String(was)}`);
      }
    },
  };
}
