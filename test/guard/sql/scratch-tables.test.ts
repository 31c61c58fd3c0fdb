// Dropping or emptying scratch and test tables is routine cleanup; a production-looking table,
// CASCADE, a DROP without IF EXISTS of a table not created in the same SQL, or a DROP SCHEMA stays
// destructive.
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlEffects, type SqlEffectKind } from '../../../guard/sql/effects.js';
import { loadSqlParser, type SqlParse } from '../../../guard/sql/parser.js';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

let parse: SqlParse;
beforeAll(async () => {
  parse = await loadSqlParser();
});
const kinds = (sql: string): SqlEffectKind[] => sqlEffects(sql, parse).effects.map((e) => e.kind);

describe('scratch tables', () => {
  it.each([
    'DROP TABLE IF EXISTS SCRATCH.JANE_TMP_ORDERS_DEDUP;',
    'DROP TABLE IF EXISTS analytics.tmp_orders',
    'DROP TABLE IF EXISTS orders_temp, orders_scratch',
    'DROP TABLE IF EXISTS sandbox_jane.orders',
    'DROP VIEW IF EXISTS warehouse.dev.orders_v',
    'CREATE TEMP TABLE dedup AS SELECT DISTINCT * FROM orders; SELECT count(*) FROM dedup; DROP TABLE dedup',
    'CREATE TEMPORARY TABLE t (id int); DROP TABLE t;',
    'TRUNCATE TABLE test_events, test_event_payloads RESTART IDENTITY;',
    'TRUNCATE scratch.tmp_orders',
    'truncate table public.test_users restart identity restrict',
    'TRUNCATE ONLY staging.events_raw_tmp',
    'CREATE TEMP TABLE seen (id int); TRUNCATE seen;',
    'DROP TABLE IF EXISTS test_fixtures_orders',
  ])('%s is cleanup', (sql) => {
    expect(kinds(sql)).toEqual([]);
  });

  it.each([
    'DROP TABLE IF EXISTS PROD.ORDERS;',
    'DROP TABLE IF EXISTS analytics.orders',
    'DROP TABLE scratch.jane_tmp_orders',
    'DROP TABLE IF EXISTS scratch.tmp_orders CASCADE',
    'DROP TABLE IF EXISTS tmp_orders, orders',
    'DROP TABLE IF EXISTS temperature_readings',
    'DROP SCHEMA IF EXISTS scratch',
    'DROP DATABASE IF EXISTS tmp',
    'CREATE TABLE t (id int); DROP TABLE t',
    'CREATE TEMP TABLE orders (id int); DROP TABLE public.orders',
    'TRUNCATE TABLE test_events CASCADE',
    'TRUNCATE TABLE test_events, events',
    'TRUNCATE users',
    'TRUNCATE TABLE ab_test_assignments',
    'TRUNCATE TABLE test',
    'TRUNCATE TABLE testimonials',
    'CREATE TABLE t (id int); TRUNCATE t',
  ])('%s stays destructive', (sql) => {
    expect(kinds(sql).length).toBeGreaterThan(0);
  });

  it('through a database tool', async () => {
    const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
    const run = async (query: string): Promise<string> => {
      const d = await guard.decide({
        phase: 'call',
        tool: 'mcp__snowflake__execute_query',
        args: { query },
      });
      return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
    };
    expect(await run('DROP TABLE IF EXISTS SCRATCH.JANE_TMP_ORDERS_DEDUP;')).toBe('allow');
    expect(await run('DROP TABLE IF EXISTS PROD.ORDERS_DEDUP;')).toBe('ca.sql-destroy');
    expect(await run('TRUNCATE TABLE test_events RESTART IDENTITY;')).toBe('allow');
    expect(await run('TRUNCATE TABLE orders RESTART IDENTITY;')).toBe('ca.sql-destroy');
  });
});
