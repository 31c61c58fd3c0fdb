// Loading PostgreSQL's grammar: a failed load is the guard's coded error and is retried.
import { describe, expect, it, vi } from 'vitest';

describe('loadSqlParser', () => {
  it('a module that cannot be instantiated is sql_unavailable with its cause, and retried', async () => {
    // Suites share a worker (isolate: false), so another may have loaded the grammar already: this
    // test takes fresh instances of the modules and starts from an unloaded parser.
    vi.resetModules();
    const { MeshError } = await import('../../../common/index.js');
    const { GuardError } = await import('../../../guard/errors.js');
    const { currentSqlParser, loadSqlParser } = await import('../../../guard/sql/parser.js');
    expect(currentSqlParser()).toBeUndefined();
    const cause = new Error('WebAssembly.instantiate(): out of memory');
    const failed = await loadSqlParser(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(GuardError);
    expect(failed).toBeInstanceOf(MeshError);
    const coded = failed as InstanceType<typeof GuardError>;
    expect(coded.code).toBe('sql_unavailable');
    expect(coded.message).toContain('out of memory');
    expect(coded.cause).toBe(cause);
    expect(currentSqlParser()).toBeUndefined();
    // the next call loads the installed module
    const parse = await loadSqlParser();
    expect(parse('DROP TABLE users').stmts).toHaveLength(1);
    expect(currentSqlParser()).toBe(parse);
  });
});
