// Loading PostgreSQL's grammar: a failed load is the guard's coded error and is retried.
import { describe, expect, it } from 'vitest';
import { MeshError } from '../../../common/index.js';
import { GuardError } from '../../../guard/errors.js';
import { currentSqlParser, loadSqlParser } from '../../../guard/sql/parser.js';

describe('loadSqlParser', () => {
  it('a module that cannot be instantiated is sql_unavailable with its cause, and retried', async () => {
    const cause = new Error('WebAssembly.instantiate(): out of memory');
    const failed = await loadSqlParser(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(GuardError);
    expect(failed).toBeInstanceOf(MeshError);
    expect((failed as GuardError).code).toBe('sql_unavailable');
    expect((failed as GuardError).message).toContain('out of memory');
    expect((failed as GuardError).cause).toBe(cause);
    expect(currentSqlParser()).toBeUndefined();
    // the next call loads the installed module
    const parse = await loadSqlParser();
    expect(parse('DROP TABLE users').stmts).toHaveLength(1);
    expect(currentSqlParser()).toBe(parse);
  });
});
