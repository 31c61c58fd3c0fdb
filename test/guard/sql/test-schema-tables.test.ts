// Tables in a test or fixtures schema, or named as a test table at either end, emptied between test
// runs, beside business, experiment and production-named tables that stay destructive.
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlEffects, type SqlEffectKind } from '../../../guard/sql/effects.js';
import { loadSqlParser, type SqlParse } from '../../../guard/sql/parser.js';

let parse: SqlParse;
beforeAll(async () => {
  parse = await loadSqlParser();
});
const kinds = (sql: string): SqlEffectKind[] => sqlEffects(sql, parse).effects.map((e) => e.kind);

describe('test schemas and test-named tables', () => {
  it.each([
    'TRUNCATE TABLE test_fixtures.orders_sample RESTART IDENTITY;',
    'TRUNCATE tests.orders;',
    'TRUNCATE TABLE fixtures.customers, fixtures.orders',
    'truncate table test.invoices restart identity',
    'TRUNCATE orders_test;',
    'TRUNCATE TABLE public.payments_tests',
    'DROP TABLE IF EXISTS test_fixtures.orders_sample;',
    'DROP TABLE IF EXISTS integration_tests.users',
  ])('%s is cleanup', (sql) => {
    expect(kinds(sql)).toEqual([]);
  });

  it.each([
    'TRUNCATE TABLE test_fixtures.orders_sample CASCADE;',
    'TRUNCATE TABLE orders;',
    'TRUNCATE TABLE public.orders;',
    'TRUNCATE TABLE ab_test;',
    'TRUNCATE TABLE marketing.split_tests',
    'TRUNCATE prod_test.orders;',
    'TRUNCATE TABLE production.orders_test;',
    'TRUNCATE live.test_orders',
    'TRUNCATE test_fixtures.orders, public.orders;',
    'DROP TABLE test_fixtures.orders_sample;',
    'TRUNCATE TABLE sales.orders_sample;',
    'TRUNCATE TABLE contest_entries',
  ])('%s stays destructive', (sql) => {
    expect(kinds(sql).length).toBeGreaterThan(0);
  });
});
