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

// A WHERE that every row meets deletes or rewrites the whole table, whatever it looks like.
const EVERY_ROW = [
  'DELETE FROM public.users WHERE last_login_at < now();',
  'DELETE FROM users WHERE created_at < CURRENT_TIMESTAMP',
  'DELETE FROM orders WHERE now() > created_at',
  'DELETE FROM accounts WHERE "lastSeenAt" <= now()',
  'DELETE FROM events WHERE updated_at < clock_timestamp()',
  'DELETE FROM users WHERE id > 0',
  'DELETE FROM users u WHERE u.id >= 1',
  'DELETE FROM users WHERE id IS NOT NULL',
  "DELETE FROM users WHERE email = 'x@y.z' OR 1 = 1",
  'UPDATE users SET password_hash = NULL WHERE created_at < now()',
  'UPDATE accounts SET balance = 0 WHERE id <> 0',
];
// What developers run that looks alike: a cut-off in the past, a time ahead, a column some rows leave empty.
const FILTERS = [
  'DELETE FROM sessions WHERE expires_at < now()',
  "DELETE FROM users WHERE last_login_at < now() - interval '2 years'",
  "DELETE FROM events WHERE created_at < now() - interval '90 days'",
  'DELETE FROM jobs WHERE run_at < now() AND status = 2',
  'DELETE FROM tokens WHERE revoked_at IS NOT NULL',
  'DELETE FROM users WHERE id > 1000',
  'DELETE FROM users WHERE id = 0',
  'UPDATE locks SET owner = NULL WHERE locked_until < now()',
  'DELETE FROM users WHERE created_at < now() AND tenant_id = 7',
];

describe('a WHERE every row meets', () => {
  it.each(EVERY_ROW)('%s destroys every row (grammar)', (sql) => {
    expect(kinds(sql, parse).length).toBe(1);
  });
  it.each(FILTERS)('%s filters (grammar)', (sql) => {
    expect(kinds(sql, parse)).toEqual([]);
  });

  // MySQL and T-SQL spellings the grammar refuses are read lexically
  it.each([
    'DELETE FROM `users` WHERE `last_login_at` < NOW()',
    'DELETE FROM [dbo].[Users] WHERE [CreatedAt] < GETDATE()',
    'DELETE FROM users WHERE id > 0',
    'DELETE FROM users WHERE created_at < current_timestamp LIMIT 100000',
    'DELETE FROM users WHERE id IS NOT NULL',
  ])('%s destroys every row (lexical)', (sql) => {
    expect(kinds(sql, undefined).length).toBe(1);
  });
  it.each([
    'DELETE FROM `sessions` WHERE `expires_at` < NOW()',
    'DELETE FROM users WHERE created_at < NOW() - INTERVAL 30 DAY',
    'DELETE FROM users WHERE id > 100',
    'DELETE FROM users WHERE id = 4',
  ])('%s filters (lexical)', (sql) => {
    expect(kinds(sql, undefined)).toEqual([]);
  });

  it('the pack stops it through an MCP database tool and lets the filtered twin run', async () => {
    const rule = callRule();
    expect(await rule('mcp__postgres__query', { sql: EVERY_ROW[0] })).not.toBe('allow');
    expect(await rule('mcp__postgres__query', { sql: FILTERS[1] })).toBe('allow');
  });
});
