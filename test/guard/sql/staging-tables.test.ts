// An ETL's staging tables, and the tables of its staging schema (a staging word beside a load word),
// are emptied by every load: truncating one is routine; business tables, a staging word inside a
// name, a schema named only `staging` (an environment's data), CASCADE and production names stay
// destructive (docs/guard.md "SQL").
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
    'TRUNCATE TABLE staging_import.raw_events_2026_11 ;',
    'TRUNCATE stg_load.orders, stg_load.order_lines',
    'truncate table etl_staging.customers',
    'TRUNCATE TABLE "import_staging"."events"',
    'DROP TABLE IF EXISTS staging_import.raw_events_2026_10',
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
    'TRUNCATE TABLE staging.raw_events',
    'TRUNCATE TABLE public.raw_events',
    'TRUNCATE TABLE analytics.raw_events_2026_11',
    'TRUNCATE TABLE staging_import.raw_events CASCADE',
    'TRUNCATE TABLE prod_staging_import.events',
    'TRUNCATE TABLE staging_import.events, public.users',
    'DROP TABLE staging_import.raw_events',
    'DROP SCHEMA IF EXISTS staging_import',
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
    expect(await run('TRUNCATE TABLE staging_import.raw_events_2026_11 ;')).toBe('allow');
    expect(await run('TRUNCATE TABLE customers;')).toBe('ca.sql-destroy');
    expect(await run('TRUNCATE TABLE billing.invoices;')).toBe('ca.sql-destroy');
  });
});
