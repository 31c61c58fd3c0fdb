import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  parsedEffects,
  quickReading,
  sqlEffects,
  type SqlEffectKind,
} from '../../../guard/sql/effects.js';
import { lexicalEffects, MAX_LEXICAL } from '../../../guard/sql/fallback.js';
import { loadSqlParser, type SqlParse } from '../../../guard/sql/parser.js';
import { FC_RUNS } from '../../support/env.js';

let parse: SqlParse;
beforeAll(async () => {
  parse = await loadSqlParser();
});

const kinds = (sql: string, p: SqlParse | undefined = parse): SqlEffectKind[] =>
  sqlEffects(sql, p).effects.map((e) => e.kind);

describe('SQL read by PostgreSQL grammar', () => {
  it.each<[string, SqlEffectKind[]]>([
    ['DROP TABLE users', ['drop']],
    ['DROP TABLE IF EXISTS a, b CASCADE', ['drop']],
    ['DROP DATABASE prod', ['drop']],
    ['DROP SCHEMA public CASCADE', ['drop']],
    ['TRUNCATE orders, payments RESTART IDENTITY', ['truncate']],
    ['DELETE FROM sessions', ['delete_all']],
    ['DELETE FROM sessions WHERE true', ['delete_all']],
    ['DELETE FROM sessions WHERE 1 = 1', ['delete_all']],
    ['UPDATE accounts SET balance = 0', ['update_all']],
    ['ALTER TABLE users DROP COLUMN email', ['alter_drop']],
    ['WITH x AS (DELETE FROM t RETURNING id) SELECT count(*) FROM x', ['delete_all']],
    ["DO $$ BEGIN EXECUTE 'DROP TABLE t'; END $$", ['drop']],
    ['SELECT 1; \\dt\nDROP TABLE audit', ['drop']],
    ['DROP OWNED BY app_user', ['drop']],
  ])('%s', (sql, want) => {
    const r = sqlEffects(sql, parse);
    expect(r.by).toBe('parser');
    expect(r.effects.map((e) => e.kind)).toEqual(want);
  });

  it.each([
    'SELECT * FROM users WHERE id = 1',
    "DELETE FROM sessions WHERE expires_at < now() - interval '1 day'",
    'UPDATE users SET name = $1 WHERE id = $2',
    'CREATE TABLE t (id int)',
    'INSERT INTO t VALUES (1)',
    "SELECT 'DROP TABLE users' AS text -- TRUNCATE in a comment",
    'DELETE FROM t WHERE 1 = 2',
  ])('%s is not destructive', (sql) => {
    expect(kinds(sql)).toEqual([]);
  });

  it('names the target and never row data', () => {
    const [e] = sqlEffects("UPDATE public.users SET password = 'hunter2'", parse).effects;
    expect(e).toEqual({ kind: 'update_all', target: 'public.users' });
  });
});

describe('other dialects and the lexical fallback', () => {
  it.each<[string, SqlEffectKind[]]>([
    ['DELETE FROM `orders`', ['delete_all']],
    ['DROP TABLE `shop`.`orders`', ['drop']],
    ['DELETE LOW_PRIORITY FROM orders', ['delete_all']],
    ['DELETE t1 FROM t1 INNER JOIN t2 ON t1.id = t2.id', ['delete_all']],
    ['TRUNCATE TABLE [dbo].[Orders]', ['truncate']],
    ['DROP TABLE IF EXISTS #tmp; # mysql comment', ['drop']],
  ])('%s', (sql, want) => {
    expect(kinds(sql)).toEqual(want);
  });

  it('reads lexically when the parser is not loaded, with the same verdicts on plain SQL', () => {
    expect(kinds('DROP TABLE users', undefined)).toEqual(['drop']);
    expect(kinds('DELETE FROM "orders"', undefined)).toEqual(['delete_all']);
    expect(kinds('DELETE FROM orders WHERE id = 3', undefined)).toEqual([]);
    expect(kinds("SELECT 'TRUNCATE' FROM t", undefined)).toEqual([]);
  });

  it('fails safe on SQL past its bound', () => {
    expect(lexicalEffects(`SELECT ${'1,'.repeat(MAX_LEXICAL)}1`).length).toBe(1);
  });

  it('generated statements: parser and lexical reading agree on destructive or not', () => {
    const name = fc.constantFrom('users', 'orders', 'public.t', '"Quoted"');
    const stmt = fc.oneof(
      name.map((n) => `DROP TABLE ${n}`),
      name.map((n) => `TRUNCATE ${n}`),
      fc.tuple(name, fc.boolean()).map(([n, w]) => `DELETE FROM ${n}${w ? ' WHERE id = 4' : ''}`),
      fc
        .tuple(name, fc.boolean())
        .map(([n, w]) => `UPDATE ${n} SET a = 1${w ? ' WHERE b = 2' : ''}`),
      name.map((n) => `SELECT * FROM ${n}`),
      name.map((n) => `INSERT INTO ${n} (a) VALUES ('DROP TABLE x')`),
    );
    fc.assert(
      fc.property(fc.array(stmt, { minLength: 1, maxLength: 4 }), (list) => {
        const sql = list.join('; ');
        expect(kinds(sql).length > 0).toBe(lexicalEffects(sql).length > 0);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('SQL read without either grammar (no destructive keyword) reads as the grammar reads it (property)', () => {
    const token = fc.constantFrom(
      'SELECT',
      'id',
      ',',
      'created_at',
      'FROM',
      'orders',
      'WHERE',
      '=',
      '1',
      'ORDER BY',
      'DESC',
      'LIMIT 10',
      ';',
      '(',
      ')',
      "'x'",
      '"Drop"',
      'todo',
      'done',
      'do',
      'DO $$ BEGIN',
      '$$',
      'EXECUTE',
      "'DROP TABLE t'",
      'DELETE FROM',
      'UPDATE',
      'SET a = 1',
      'ALTER TABLE',
      'DROP',
      'TRUNCATE',
      'COLUMN',
      'x',
      'WITH q AS',
      'RETURNING id',
      'INSERT INTO',
      'VALUES',
      '--',
      '\\dt\n',
      'dropped',
      'drop_table',
      'Ɗo',
      '1do',
    );
    let quick = 0;
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 12 }), fc.boolean(), (ts, p) => {
        const sql = ts.join(' ');
        const use = p ? parse : undefined;
        if (quickReading(sql) !== null) quick++;
        expect(sqlEffects(sql, use).effects).toEqual(parsedEffects(sql, use).effects);
      }),
      { numRuns: FC_RUNS * 10 },
    );
    expect(quick).toBeGreaterThan(FC_RUNS);
    expect(
      quickReading('SELECT id, created_at FROM orders ORDER BY created_at DESC LIMIT 10'),
    ).toEqual({
      by: 'lexical',
      effects: [],
    });
    for (const sql of ['DO $$ BEGIN NULL; END $$', 'drop table x', 'SELECT 1;\nDELETE FROM t'])
      expect(quickReading(sql)).toBeNull();
  });

  it('random text never throws, parsed or not', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(Array.isArray(sqlEffects(s, parse).effects)).toBe(true);
        expect(Array.isArray(sqlEffects(s, undefined).effects)).toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
  });
});
