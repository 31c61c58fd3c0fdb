// The PostgreSQL parser (libpg-query: PostgreSQL 18's own grammar compiled to WASM), loaded once per
// process beside the shell grammar; the analysis itself is synchronous (guard/sql/effects.ts).
import { loadModule, parseSync, type ParseResult } from 'libpg-query';
import { GuardError } from '../errors.js';

export type SqlParse = (sql: string) => ParseResult;

let ready: SqlParse | undefined;
let loading: Promise<SqlParse> | undefined;

/**
 * Loads the parser's WASM module from the installed package (never fetched); a failed load is
 * retried on the next call. `load` instantiates the module (libpg-query's own loader).
 *
 * @throws {GuardError} code `sql_unavailable` (the loader's error as `cause`) when the WASM module
 * cannot be instantiated
 * @example
 * const parse = await loadSqlParser();
 * parse('DROP TABLE users').stmts.length; // 1
 */
export function loadSqlParser(load: () => Promise<unknown> = loadModule): Promise<SqlParse> {
  loading ??= load().then(
    () => (ready = parseSync),
    (e: unknown) => {
      loading = undefined;
      throw new GuardError(
        'sql_unavailable',
        `cannot load the PostgreSQL grammar: ${e instanceof Error ? e.message : String(e)}`,
        undefined,
        { cause: e },
      );
    },
  );
  return loading;
}

/** The parser when loaded, else undefined (callers then use the lexical fallback, which fails safe). */
export function currentSqlParser(): SqlParse | undefined {
  return ready;
}
