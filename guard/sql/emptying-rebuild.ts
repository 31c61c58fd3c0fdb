// A table emptied by rebuilding it (docs/guard.md "SQL"): BigQuery, Snowflake and Databricks
// replace a table whole, so `CREATE OR REPLACE TABLE t AS SELECT * FROM t WHERE FALSE` (or
// `WHERE 1 = 0`, `LIMIT 0`) and `INSERT OVERWRITE t SELECT ... FROM t WHERE FALSE` keep its
// schema and drop every row, as TRUNCATE does. A production table (named `prod`, `production`,
// `prd` or `live`) rebuilt empty, or replaced by a bare column list, is emptied the same way. An
// empty copy of another table's schema (`CREATE OR REPLACE TABLE tmp_x AS SELECT * FROM t WHERE
// FALSE`) and a rebuild with rows (`... AS SELECT * FROM raw.events`) pass.
import type { SqlEffect } from './effects.js';
import { PRODUCTION } from '../shell/targeted-destroy.js';

/** One statement's text read at most (bounded; the rest is other statements). */
const MAX_STATEMENT = 16 * 1024;
const NAME = String.raw`((?:"[^"\n]{1,256}"|[\w$-]{1,256})(?:\s*\.\s*(?:"[^"\n]{1,256}"|[\w$-]{1,256})){0,3})`;
const REBUILD = new RegExp(
  String.raw`^\s*(?:CREATE\s+OR\s+REPLACE\s+(?:(?:TRANSIENT|TEMP|TEMPORARY|EXTERNAL)\s+)?TABLE|INSERT\s+OVERWRITE\s+(?:INTO\s+)?(?:TABLE\s+)?)\s*${NAME}`,
  'i',
);
/** A filter no row passes, or a limit of none. */
const NO_ROWS =
  /\bWHERE\s+(?:FALSE|0|NULL|1\s*=\s*0|0\s*=\s*1|1\s*(?:<>|!=)\s*1)\s*(?:$|\)|LIMIT\b|ORDER\b|GROUP\b|QUALIFY\b)|\bLIMIT\s+0\b/i;
const SOURCES = new RegExp(String.raw`\b(?:FROM|JOIN)\s+${NAME}`, 'gi');

/**
 * Comments dropped and string literals blanked; quoted names kept (fallback.ts's stripSqlNoise
 * blanks double-quoted text, which here is Snowflake's and PostgreSQL's quoted table names).
 */
const withoutNoise = (sql: string): string =>
  sql
    .replace(/--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, ' ')
    .replace(/'(?:[^'\\]|\\[\s\S]|'')*(?:'|$)/g, "''")
    .replace(/`([^`\n]*)`/g, '"$1"');

const plainName = (n: string): string => n.replace(/["\s]/g, '').toLowerCase();

/** The statements of `sql` that empty a table by rebuilding it, as `truncate` of that table. */
export function emptyingRebuilds(sql: string): SqlEffect[] {
  if (!/replace|overwrite/i.test(sql)) return [];
  const out: SqlEffect[] = [];
  for (const stmt of withoutNoise(sql).split(';')) {
    const s = stmt.slice(0, MAX_STATEMENT);
    const m = REBUILD.exec(s);
    if (m === null) continue;
    const target = plainName(m[1] ?? '');
    const rest = s.slice(m[0].length);
    const production = PRODUCTION.test(target);
    const query = /\bSELECT\b/i.test(rest);
    const empty = !query || NO_ROWS.test(rest.trim());
    if (!empty) continue;
    const fromItself = [...rest.matchAll(SOURCES)].some((f) => plainName(f[1] ?? '') === target);
    // a bare column list makes an empty table: only a production one counts (a new dev table is routine)
    if (fromItself || (production && (query || /^\s*\(/.test(rest))))
      out.push({ kind: 'truncate', target });
  }
  return out;
}
