// SQL that the PostgreSQL grammar does not accept (MySQL, SQLite or T-SQL dialects, fragments): a
// lexical reading that fails safe — a destructive leading keyword is reported whatever follows.
import type { SqlEffect } from './effects.js';
import { everyRowLexical } from './every-row.js';
import { ephemeralSchemaDropText } from './ephemeral-schemas.js';

/** Comments and quoted text blanked out, so keywords inside strings do not count. */
export function stripSqlNoise(sql: string): string {
  return sql
    .replace(/--[^\n]*|#[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g, ' ')
    .replace(/'(?:[^'\\]|\\[\s\S]|'')*(?:'|$)|"(?:[^"\\]|\\[\s\S])*(?:"|$)/g, "''")
    .replace(/`([^`\n]*)`/g, '"$1"');
}

/** Most SQL read lexically, in UTF-16 units. */
export const MAX_LEXICAL = 256 * 1024;

const DROP =
  /\bDROP\s+(?:TEMPORARY\s+)?(?:TABLE|DATABASE|SCHEMA|VIEW|INDEX|USER|ROLE|TRIGGER|FUNCTION|PROCEDURE|EVENT|SEQUENCE|COLLECTION|KEYSPACE)\b(?:\s+IF\s+EXISTS)?\s*([\w."$']*)/i;
const TRUNCATE = /\bTRUNCATE\b(?:\s+TABLE)?\s*([\w."$']*)/i;
const DELETE = /\bDELETE\b[\s\S]*?\bFROM\s+([\w."$'[\]]+)([\s\S]*)$/i;
const UPDATE = /\bUPDATE\s+(?:\w+\s+)*?([\w."$']+)\s+SET\b([\s\S]*)$/i;
const ALTER_DROP = /\bALTER\s+TABLE\s+([\w."$']+)[\s\S]*\bDROP\b/i;
/** A WHERE that filters: `WHERE 1=1` and `WHERE TRUE` keep every row. */
const filters = (rest: string): boolean =>
  /\bWHERE\b/i.test(rest) &&
  !everyRowLexical(rest.slice(rest.search(/\bWHERE\b/i))) &&
  !/\bWHERE\s+(?:1\s*=\s*1|TRUE|1|'1'\s*=\s*'1')\s*(?:$|LIMIT\b|ORDER\b)/i.test(rest.trim());

/**
 * The destructive statements of `sql` by keyword, anywhere in a statement: DROP and TRUNCATE
 * always; DELETE and UPDATE without a filtering WHERE; ALTER TABLE ... DROP. This value is
 * attacker-controlled (an agent's tool argument).
 */
export function lexicalEffects(sql: string): SqlEffect[] {
  const out: SqlEffect[] = [];
  // past the bound nothing is read, so the statement counts as destructive (fail safe)
  if (sql.length > MAX_LEXICAL) return [{ kind: 'drop', target: '(too long to read)' }];
  for (const stmt of stripSqlNoise(sql).split(';')) {
    if (ephemeralSchemaDropText(stmt)) continue;
    let m = DROP.exec(stmt);
    if (m !== null) out.push({ kind: 'drop', target: m[1] ?? '' });
    m = TRUNCATE.exec(stmt);
    if (m !== null) out.push({ kind: 'truncate', target: m[1] ?? '' });
    m = DELETE.exec(stmt);
    if (m !== null && !filters(m[2] ?? '')) out.push({ kind: 'delete_all', target: m[1] ?? '' });
    m = UPDATE.exec(stmt);
    if (m !== null && !filters(m[2] ?? '')) out.push({ kind: 'update_all', target: m[1] ?? '' });
    m = ALTER_DROP.exec(stmt);
    if (m !== null) out.push({ kind: 'alter_drop', target: m[1] ?? '' });
  }
  return out;
}
