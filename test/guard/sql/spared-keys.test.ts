import { beforeAll, describe, expect, it } from 'vitest';
import { sqlEffects } from '../../../guard/sql/effects.js';
import { loadSqlParser, type SqlParse } from '../../../guard/sql/parser.js';
import { callRule } from '../pack-rule.js';

let parse: SqlParse;
beforeAll(async () => {
  parse = await loadSqlParser();
});

const kinds = (sql: string, p: SqlParse | undefined): string[] =>
  sqlEffects(sql, p).effects.map((e) => e.kind);

// A WHERE that spares one key (the admin, the keeping user) or matches every text takes the table.
const SPARES_ONE = [
  'DELETE FROM wp_users WHERE ID <> 1',
  'DELETE FROM wp_usermeta WHERE user_id != 1',
  "DELETE FROM accounts WHERE uuid <> '6f1c0d1e-0000-4000-8000-000000000001'",
  'DELETE FROM "Users" WHERE "UserID" <> 42',
  'DELETE FROM users WHERE id NOT IN (1, 2)',
  'UPDATE users SET password_hash = NULL WHERE tenant_id <> 3',
  "DELETE FROM customers WHERE email LIKE '%'",
  "UPDATE posts SET body = '' WHERE title ILIKE '%%'",
  "DELETE FROM orders WHERE order_id > 0 OR status = 'x'",
  'DELETE FROM users WHERE TRUE',
];
// What developers run that looks alike: one key, a short kept-out list by subquery, a non-key column.
const FILTERS = [
  'DELETE FROM users WHERE id = 5',
  'DELETE FROM users WHERE id IN (4, 5)',
  "DELETE FROM users WHERE status <> 'active'",
  'DELETE FROM carts WHERE id NOT IN (SELECT cart_id FROM orders)',
  'DELETE FROM users WHERE id NOT IN (1, 2, 3, 4, 5, 6)',
  "DELETE FROM posts WHERE slug LIKE 'draft-%'",
  "DELETE FROM posts WHERE slug NOT LIKE '%'",
  'DELETE FROM sessions WHERE user_id <> 1 AND expires_at < now()',
  "DELETE FROM events WHERE created_at < now() - interval '90 days'",
  "UPDATE users SET plan = 'free' WHERE status = 'expired'",
];

describe('a WHERE that spares a key or matches every text', () => {
  it.each(SPARES_ONE)('%s destroys (nearly) every row (grammar)', (sql) => {
    expect(kinds(sql, parse).length).toBe(1);
  });
  it.each(FILTERS)('%s filters (grammar)', (sql) => {
    expect(kinds(sql, parse)).toEqual([]);
  });

  // MySQL and T-SQL spellings the grammar refuses are read lexically
  it.each([
    'DELETE FROM `wp_users` WHERE `ID` <> 1 LIMIT 1000',
    'DELETE FROM [dbo].[Users] WHERE [UserId] != 7',
    "DELETE FROM `users` WHERE `uuid` <> 'abc' LIMIT 10",
  ])('%s destroys every row (lexical)', (sql) => {
    expect(kinds(sql, undefined).length).toBe(1);
  });
  it.each([
    'DELETE FROM `wp_users` WHERE `ID` = 1 LIMIT 1',
    "DELETE FROM `users` WHERE `status` <> 'active' LIMIT 10",
    'DELETE FROM [dbo].[Users] WHERE [UserId] <> 7 AND [Disabled] = 1',
  ])('%s filters (lexical)', (sql) => {
    expect(kinds(sql, undefined)).toEqual([]);
  });

  it('the pack stops it through MCP database tools and lets the one-key twin run', async () => {
    const rule = callRule();
    const both = 'DELETE FROM wp_users WHERE ID <> 1; DELETE FROM wp_usermeta WHERE user_id <> 1;';
    expect(await rule('mcp__mysql__execute_sql', { query: both })).not.toBe('allow');
    expect(await rule('mcp__postgres__query', { sql: SPARES_ONE[4] })).not.toBe('allow');
    expect(
      await rule('mcp__mysql__execute_sql', { query: 'DELETE FROM wp_users WHERE ID = 7;' }),
    ).toBe('allow');
  });
});
