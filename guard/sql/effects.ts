// What SQL would destroy, read from the PostgreSQL parse tree (libpg-query, PostgreSQL 18 grammar:
// DropStmt, DropdbStmt, TruncateStmt, DeleteStmt/UpdateStmt without whereClause, AlterTableCmd
// AT_DropColumn), with a lexical fallback for other dialects (guard/sql/fallback.ts).
import { currentSqlParser, type SqlParse } from './parser.js';
import { lexicalEffects } from './fallback.js';
import { everyRowWhere } from './every-row.js';
import { historyPurges } from './history-purge.js';
import { emptyingRebuilds } from './emptying-rebuild.js';
import { scratchDrop, scratchTruncate, tempTables } from './scratch-tables.js';
import { ephemeralSchemaDrop } from './ephemeral-schemas.js';

export type SqlEffectKind = 'drop' | 'truncate' | 'delete_all' | 'update_all' | 'alter_drop';

export interface SqlEffect {
  kind: SqlEffectKind;
  /** The object's name as written (a table, database, schema): names only, never row data. */
  target: string;
}

export interface SqlReading {
  /** `parser` when PostgreSQL's grammar read it, `lexical` when the fallback did. */
  by: 'parser' | 'lexical';
  effects: SqlEffect[];
}

/** Most SQL read per call: the rest is read lexically (bounded, linear). */
const MAX_PARSE = 64 * 1024;
const MAX_NODES = 200_000;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

function nameOf(n: unknown): string {
  if (!isNode(n)) return '';
  if (typeof n.relname === 'string')
    return typeof n.schemaname === 'string' ? `${n.schemaname}.${n.relname}` : n.relname;
  if (typeof n.sval === 'string') return n.sval;
  const inner = Object.values(n).find(isNode);
  if (Array.isArray(n)) return n.map(nameOf).filter(Boolean).join('.');
  return inner === undefined ? '' : nameOf(inner);
}

const constant = (n: unknown): string | null =>
  isNode(n) && isNode(n.A_Const) ? JSON.stringify({ ...n.A_Const, location: undefined }) : null;

/** A WHERE that keeps every row (`WHERE true`, `WHERE 1 = 1`, a missing one) is no filter. */
function filters(where: unknown): boolean {
  if (!isNode(where) || everyRowWhere(where)) return false;
  const c = where.A_Const;
  if (isNode(c)) return !(isNode(c.boolval) && c.boolval.boolval === true);
  const e = where.A_Expr;
  if (isNode(e) && e.kind === 'AEXPR_OP') {
    const l = constant(e.lexpr);
    return l === null || l !== constant(e.rexpr);
  }
  return true;
}

/** A DO block's PL/pgSQL body builds SQL in strings (`EXECUTE 'DROP ...'`): read with them kept. */
function doBodyEffects(args: unknown): SqlEffect[] {
  const bodies: string[] = [];
  JSON.stringify(args ?? null, (k, v: unknown) => {
    if (k === 'sval' && typeof v === 'string') bodies.push(v);
    return v;
  });
  return bodies.flatMap((b) => lexicalEffects(b.replace(/['"$]/g, ' ')));
}

function visit(tree: unknown, out: SqlEffect[]): void {
  const temps = tempTables(isNode(tree) ? tree.stmts : undefined);
  const stack: unknown[] = [tree];
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_NODES) {
    const n = stack.pop();
    if (!isNode(n)) continue;
    if (Array.isArray(n)) {
      stack.push(...(n as unknown[]));
      continue;
    }
    for (const [k, v] of Object.entries(n)) {
      if (!isNode(v)) continue;
      if (k === 'DropStmt' && scratchDrop(v, temps)) continue;
      if (k === 'TruncateStmt' && scratchTruncate(v, temps)) continue;
      if ((k === 'DropStmt' || k === 'DropdbStmt') && ephemeralSchemaDrop(k, v)) continue;
      if (k === 'DropStmt') out.push({ kind: 'drop', target: nameOf(v.objects) });
      else if (k === 'DropdbStmt')
        out.push({ kind: 'drop', target: typeof v.dbname === 'string' ? v.dbname : '' });
      else if (k === 'DropOwnedStmt' || k === 'DropRoleStmt')
        out.push({ kind: 'drop', target: 'roles' });
      else if (k === 'TruncateStmt') out.push({ kind: 'truncate', target: nameOf(v.relations) });
      else if (k === 'DeleteStmt' && !filters(v.whereClause))
        out.push({ kind: 'delete_all', target: nameOf(v.relation) });
      else if (k === 'UpdateStmt' && !filters(v.whereClause))
        out.push({ kind: 'update_all', target: nameOf(v.relation) });
      else if (k === 'AlterTableCmd' && v.subtype === 'AT_DropColumn')
        out.push({ kind: 'alter_drop', target: typeof v.name === 'string' ? v.name : '' });
      else if (k === 'DoStmt') out.push(...doBodyEffects(v.args));
      stack.push(v);
    }
  }
}

/**
 * psql's backslash meta-commands (`\dt`, `\q`, `\set`) run to the end of their line and are the
 * client's, not SQL; a backslash inside a quoted string stays.
 */
function stripMeta(sql: string): string {
  return sql
    .split('\n')
    .map((line) => {
      let quotes = 0;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (c === "'") quotes++;
        else if (c === '\\' && quotes % 2 === 0 && /[A-Za-z?!]/.test(line[i + 1] ?? ''))
          return line.slice(0, i);
      }
      return line;
    })
    .join('\n');
}

/**
 * Reads `sql` with PostgreSQL's grammar, then (for MySQL's backquoted names) once more with them
 * as double quotes; what neither reads is read lexically, which reports any destructive keyword.
 * This value is attacker-controlled (an agent's command or tool argument).
 *
 * @example
 * sqlEffects('DELETE FROM users').effects; // [{ kind: 'delete_all', target: 'users' }]
 */
export function sqlEffects(
  sql: string,
  parse: SqlParse | undefined = currentSqlParser(),
): SqlReading {
  return quickReading(sql) ?? parsedEffects(sql, parse);
}

/**
 * Every statement the grammar reads as destructive (DropStmt and its kin, TruncateStmt,
 * DeleteStmt, UpdateStmt, AlterTableCmd, DoStmt) is written with one of these keywords, and so is
 * every one the lexical reading reports; keywords are ASCII and never escaped.
 */
const DESTRUCTIVE_WORD =
  /drop|truncate|delete|update|alter|(?<![a-z])do(?![a-z])|vacuum|expire_snapshots|or\s+replace\s+(?:\w+\s+)?table|overwrite/i;

/**
 * The reading of SQL that names none of DESTRUCTIVE_WORD (most queries): nothing destroyed, by
 * either reading, so neither runs; null for any other text.
 */
export function quickReading(sql: string): SqlReading | null {
  return sql.length <= MAX_PARSE && !DESTRUCTIVE_WORD.test(sql)
    ? { by: 'lexical', effects: [] }
    : null;
}

/** The grammar's reading, else the lexical one (sqlEffects without quickReading's screen). */
export function parsedEffects(
  sql: string,
  parse: SqlParse | undefined = currentSqlParser(),
): SqlReading {
  const text = stripMeta(sql);
  if (parse !== undefined && text.length <= MAX_PARSE) {
    const candidates = text.includes('`') ? [text, text.replace(/`([^`\n]*)`/g, '"$1"')] : [text];
    for (const candidate of candidates) {
      let tree: unknown;
      try {
        tree = parse(candidate);
      } catch {
        continue; // not PostgreSQL: the next candidate, then the lexical reading
      }
      const out: SqlEffect[] = [];
      visit(tree, out);
      return { by: 'parser', effects: [...out, ...historyPurges(text), ...emptyingRebuilds(text)] };
    }
  }
  return {
    by: 'lexical',
    effects: [...lexicalEffects(text), ...historyPurges(text), ...emptyingRebuilds(text)],
  };
}

/** One line for a decision's reason: `DROP TABLE users`-like, names only. */
export function describeSqlEffect(e: SqlEffect): string {
  const verb: Record<SqlEffectKind, string> = {
    drop: 'DROP',
    truncate: 'TRUNCATE',
    delete_all: 'DELETE without WHERE',
    update_all: 'UPDATE without WHERE',
    alter_drop: 'ALTER TABLE ... DROP',
  };
  return e.target === '' ? verb[e.kind] : `${verb[e.kind]} ${e.target.slice(0, 64)}`;
}
