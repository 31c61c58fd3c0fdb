// SQL readings kept across decisions: only the grammar's, only bounded texts; decisions unchanged.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { sqlEffects } from '../../../guard/sql/effects.js';
import { lexicalEffects } from '../../../guard/sql/fallback.js';
import { loadSqlParser } from '../../../guard/sql/parser.js';
import { MAX_CACHED_SQL, SqlReadingCache } from '../../../guard/sql/reading-cache.js';
import { loadPack } from '../../../packs/index.js';

describe('SqlReadingCache', () => {
  it('keeps a reading by the grammar, never a lexical one or an overlong text', async () => {
    const parse = await loadSqlParser();
    const cache = new SqlReadingCache();
    const byGrammar = sqlEffects('DROP TABLE users', parse);
    expect(byGrammar.by).toBe('parser');
    cache.set('DROP TABLE users', byGrammar);
    expect(cache.get('DROP TABLE users')).toBe(byGrammar);
    cache.set('TRUNCATE t', { by: 'lexical', effects: lexicalEffects('TRUNCATE t') });
    expect(cache.get('TRUNCATE t')).toBeUndefined();
    const long = `SELECT 1 ${'-- pad\n'.repeat(MAX_CACHED_SQL)}`;
    cache.set(long, sqlEffects(long, parse));
    expect(cache.get(long)).toBeUndefined();
  });

  it('a repeated query gets the same decision every time', async () => {
    const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
    const q = (sql: string) =>
      guard.decide({ phase: 'call', tool: 'mcp__postgres__query', args: { sql } });
    for (let i = 0; i < 3; i++) {
      expect((await q('DROP TABLE orders')).rule).toBe('ca.sql-destroy');
      expect((await q('SELECT id FROM orders LIMIT 5')).verdict).toBe('allow');
    }
  });
});
