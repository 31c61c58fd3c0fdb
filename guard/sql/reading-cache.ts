// SQL readings kept across decisions (docs/guard.md "SQL"): agents repeat queries, and PostgreSQL's
// grammar costs far more than the rest of a decision.
import { Lru } from '../flow/lru.js';
import type { SqlReading } from './effects.js';

/** Most readings one guard keeps; the least recently used is forgotten first. */
export const MAX_CACHED_READINGS = 256;
/** Longest SQL kept, in UTF-16 units. */
export const MAX_CACHED_SQL = 4096;

/**
 * Readings by the exact SQL text. Only a reading by the grammar is kept: a lexical one stands in
 * while the grammar loads, and the text is read again by the grammar once it is there.
 */
export class SqlReadingCache {
  private readonly readings = new Lru<string, SqlReading>(MAX_CACHED_READINGS);

  get(sql: string): SqlReading | undefined {
    return this.readings.get(sql);
  }

  set(sql: string, reading: SqlReading): void {
    if (sql.length > MAX_CACHED_SQL || reading.by !== 'parser') return;
    this.readings.set(sql, reading);
  }
}
