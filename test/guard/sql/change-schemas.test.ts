// Schemas made for one pull request, CI run or developer sandbox in a dev database are dropped as
// cleanup, read with the PostgreSQL grammar and lexically alike; live, shared or other schemas stay
// drops, and so does a list that holds one of them.
import { beforeAll, describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { sqlEffects } from '../../../guard/sql/effects.js';
import { loadSqlParser, type SqlParse } from '../../../guard/sql/parser.js';
import { loadPack } from '../../../packs/index.js';

let parse: SqlParse;
beforeAll(async () => {
  parse = await loadSqlParser();
});
const drops = (sql: string, p: SqlParse | undefined): string[] =>
  sqlEffects(sql, p).effects.map((e) => e.kind);

const CLEANUP = [
  'DROP SCHEMA IF EXISTS DEV_ANALYTICS.DBT_PR_1187 CASCADE;',
  'DROP SCHEMA IF EXISTS dbt_pr_1187 CASCADE',
  'drop schema if exists analytics.dbt_cloud_pr_88_4012 cascade;',
  'DROP SCHEMA ci_20431 CASCADE',
  'DROP SCHEMA IF EXISTS my_project.pr_512',
  'DROP SCHEMA IF EXISTS test_db.mr_77',
  'DROP SCHEMA IF EXISTS DEV_ANALYTICS.DBT_JANE CASCADE',
  'DROP SCHEMA IF EXISTS dev_warehouse.sandbox_bob',
  'DROP DATABASE IF EXISTS ci_4821',
  'DROP SCHEMA IF EXISTS pr_1, pr_2 CASCADE',
  'DROP SCHEMA IF EXISTS preview_login_flow CASCADE',
];
const DESTROYS = [
  'DROP SCHEMA IF EXISTS PROD_ANALYTICS.DBT_PR_1187 CASCADE;',
  'DROP SCHEMA IF EXISTS ANALYTICS.MARTS CASCADE',
  'DROP SCHEMA analytics CASCADE',
  'DROP SCHEMA IF EXISTS DEV_ANALYTICS.FINANCE CASCADE',
  'DROP SCHEMA IF EXISTS ANALYTICS.DBT_JANE CASCADE',
  'DROP SCHEMA IF EXISTS dbt_jane CASCADE',
  'DROP SCHEMA IF EXISTS pr_1187, billing CASCADE',
  'DROP SCHEMA IF EXISTS main_pr_12 CASCADE',
  'DROP SCHEMA IF EXISTS staging.ci_20431',
  'DROP SCHEMA IF EXISTS dbt_pr_1187 CASCADE; DROP SCHEMA finance CASCADE',
  'DROP DATABASE customers',
  'DROP SCHEMA IF EXISTS "pr_1187; DROP SCHEMA finance"',
  'DROP SCHEMA IF EXISTS pr CASCADE',
  'DROP SCHEMA IF EXISTS `my-project.pr_512_staging_copy`',
];

describe('schemas made for one change', () => {
  it.each(CLEANUP)('%s is no drop, parsed or lexical', (sql) => {
    expect(drops(sql, parse)).toEqual([]);
    expect(drops(sql, undefined)).toEqual([]);
  });
  it.each(DESTROYS)('%s stays a drop, parsed and lexical', (sql) => {
    expect(drops(sql, parse)).toContain('drop');
    expect(drops(sql, undefined)).toContain('drop');
  });
});

describe('through the built-in pack', () => {
  const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
  const query = (q: string) =>
    guard.decide({
      phase: 'call',
      tool: 'mcp__snowflake__run_query',
      args: { query: q, warehouse: 'DEV_XS' },
      cwd: '/home/dev/data/snowflake-models',
    });
  it('a dbt pull-request schema in a dev database is allowed', async () => {
    expect((await query('DROP SCHEMA IF EXISTS DEV_ANALYTICS.DBT_PR_1187 CASCADE;')).verdict).toBe(
      'allow',
    );
  });
  it('the same drop in a production database escalates', async () => {
    const d = await query('DROP SCHEMA IF EXISTS PROD_ANALYTICS.DBT_PR_1187 CASCADE;');
    expect([d.verdict, d.rule]).toEqual(['escalate', 'ca.sql-destroy']);
  });
  it('psql dropping a CI schema is allowed; its public schema escalates', async () => {
    const bash = (command: string) =>
      guard.decide({ phase: 'call', tool: 'Bash', args: { command }, cwd: '/home/dev/api' });
    expect(
      (await bash('psql "$DATABASE_URL" -c "DROP SCHEMA IF EXISTS ci_20431 CASCADE"')).verdict,
    ).toBe('allow');
    expect((await bash('psql "$DATABASE_URL" -c "DROP SCHEMA public CASCADE"')).verdict).toBe(
      'escalate',
    );
  });
});
