// A table emptied by rebuilding it from itself with no rows, or a production table rebuilt empty,
// in the dialects that replace tables whole (BigQuery, Snowflake, Databricks), beside the rebuilds
// and schema copies that keep or make data.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';
import { sqlEffects } from '../../../guard/sql/effects.js';

const rule = callRule();
const query = (tool: string, sql: string): Promise<string> => rule(tool, { sql });

const EMPTYING = [
  'CREATE OR REPLACE TABLE `acme-prod.finance.ledger` AS SELECT * FROM `acme-prod.finance.ledger` WHERE FALSE',
  'create or replace table analytics.orders as select * from analytics.orders where 1=0',
  'CREATE OR REPLACE TABLE billing.invoices AS (SELECT * FROM billing.invoices LIMIT 0)',
  'CREATE OR REPLACE TRANSIENT TABLE "SALES"."PUBLIC"."ORDERS" AS SELECT * FROM "SALES"."PUBLIC"."ORDERS" WHERE 1 = 0;',
  'INSERT OVERWRITE INTO crm.contacts SELECT * FROM crm.contacts WHERE FALSE',
  'INSERT OVERWRITE TABLE main.events SELECT * FROM main.events LIMIT 0',
  'CREATE OR REPLACE TABLE prod.customers AS SELECT * FROM staging.customers WHERE 0 = 1',
  'CREATE OR REPLACE TABLE prod_finance.ledger (id INT64, amount NUMERIC)',
  'SELECT 1; CREATE OR REPLACE TABLE `p.d.t` AS SELECT * FROM `p.d.t` WHERE FALSE -- reset',
];

const KEPT = [
  // a dev scratch table rebuilt from another table, with rows
  'CREATE OR REPLACE TABLE dev_scratch.orders_sample AS SELECT * FROM analytics.orders WHERE order_date > "2024-01-01"',
  // an empty copy of another table's schema, not in production
  'CREATE OR REPLACE TABLE tmp_ledger_schema AS SELECT * FROM finance.ledger WHERE FALSE',
  // a table rebuilt from itself with rows kept (dedup)
  'CREATE OR REPLACE TABLE analytics.users AS SELECT DISTINCT * FROM analytics.users',
  'CREATE OR REPLACE TABLE analytics.daily AS SELECT day, count(*) n FROM analytics.events GROUP BY day',
  'CREATE OR REPLACE TABLE sandbox.t (id INT64)',
  'CREATE OR REPLACE VIEW prod.v_orders AS SELECT * FROM prod.orders WHERE FALSE',
  "SELECT REPLACE(name, 'a', 'b') FROM prod.users LIMIT 0",
];

describe('a table emptied by rebuilding it', () => {
  it.each(EMPTYING)('reads %s as emptying a table', (sql) => {
    expect(sqlEffects(sql).effects.map((e) => e.kind)).toContain('truncate');
  });

  it.each(EMPTYING.slice(0, 3))('escalates %s in a warehouse tool', async (sql) => {
    expect(await query('mcp__bigquery__query', sql)).toBe('ca.sql-destroy');
    expect(await query('mcp__snowflake__run_sql', sql)).toBe('ca.sql-destroy');
  });

  it('reads the same statement in bq query', async () => {
    const cmd = `bq query --use_legacy_sql=false '${EMPTYING[1] ?? ''}'`;
    expect(await rule('Bash', { command: cmd })).not.toBe('allow');
  });
});

describe('rebuilds that keep rows or make a new table', () => {
  it.each(KEPT)('passes %s', async (sql) => {
    expect(sqlEffects(sql).effects).toEqual([]);
    expect(await query('mcp__bigquery__query', sql)).toBe('allow');
  });
});
