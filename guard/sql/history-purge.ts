// Lakehouse statements that remove a table's history, the copies it is restored from
// (docs/guard.md "SQL"): Delta's `VACUUM t RETAIN n HOURS` below its 168-hour safety default (which
// Delta refuses unless `retentionDurationCheck` is turned off) and Iceberg's `expire_snapshots`
// with nothing older than the present kept. A VACUUM at the default keeps a week of history and passes.
import type { SqlEffect } from './effects.js';
import { stripSqlNoise } from './fallback.js';

/** Delta Lake's default: files younger than 7 days stay (`delta.deletedFileRetentionDuration`). */
const SAFE_HOURS = 168;
const VACUUM = /\bVACUUM\s+([^\s;]{1,512}?)\s+RETAIN\s+(\d{1,9}(?:\.\d{1,9})?)\s+HOURS?\b/gi;
const EXPIRE = /\bexpire_snapshots\s*\(/gi;
const NOW =
  /\bolder_than\s*=>\s*(?:now\s*\(\s*\)|current_timestamp(?:\s*\(\s*\))?|current_date)\s*(?:[,)]|$)/i;

/** The history-removing statements of `sql`, as `drop` of the table's history. */
export function historyPurges(sql: string): SqlEffect[] {
  if (!/vacuum|expire_snapshots/i.test(sql)) return [];
  // backquoted paths (`delta.\`s3://b/t\``) stay whole: only comments and strings are blanked
  const text = sql.length > 256 * 1024 ? sql.slice(0, 256 * 1024) : sql;
  const out: SqlEffect[] = [];
  for (const m of text.matchAll(VACUUM))
    if (Number(m[2]) < SAFE_HOURS) out.push({ kind: 'drop', target: `history of ${m[1] ?? ''}` });
  const plain = stripSqlNoise(text);
  for (const m of plain.matchAll(EXPIRE))
    if (NOW.test(plain.slice(m.index, m.index + 2048)))
      out.push({ kind: 'drop', target: 'snapshots (expire_snapshots)' });
  return out;
}
