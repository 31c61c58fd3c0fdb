// An ETL's staging tables are emptied by every load: truncating one is routine; business tables,
// a staging word inside a name, CASCADE and production names stay destructive (docs/guard.md "SQL").
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

describe('staging tables', () => {
  it.each([
    'TRUNCATE TABLE staging_import_rows;',
    'TRUNCATE stg_orders, stg_order_lines RESTART IDENTITY',
    'truncate table etl.customers_staging',
    'TRUNCATE TABLE landing_events_raw',
    'TRUNCATE TABLE raw.customers_import',
    'TRUNCATE TABLE "stage_invoices"',
    'DROP TABLE IF EXISTS stg_payments',
  ])('%s is routine', (sql) => {
    expect(kinds(sql)).toEqual([]);
  });

  it.each([
    'TRUNCATE TABLE orders',
    'TRUNCATE TABLE order_staging_notes',
    'TRUNCATE TABLE import_jobs',
    'TRUNCATE TABLE staging_import_rows CASCADE',
    'TRUNCATE TABLE prod.stg_orders',
    'TRUNCATE TABLE stg_orders, users',
    'TRUNCATE TABLE staging',
    'DROP TABLE stg_payments',
    'DROP SCHEMA IF EXISTS staging',
  ])('%s stays destructive', (sql) => {
    expect(kinds(sql).length).toBeGreaterThan(0);
  });

  it('through a database tool', async () => {
    const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
    const run = async (sql: string): Promise<string> => {
      const d = await guard.decide({ phase: 'call', tool: 'mcp__postgres__query', args: { sql } });
      return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
    };
    expect(await run('TRUNCATE TABLE staging_import_rows;')).toBe('allow');
    expect(await run('TRUNCATE TABLE customers;')).toBe('ca.sql-destroy');
  });
});
