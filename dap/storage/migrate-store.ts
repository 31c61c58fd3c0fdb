// `mesh dap migrate`: brings a PostgreSQL store's schema to this version (docs/dap.md "Running a
// fleet"); every `mesh serve` of a DAP role also does it on start.
import postgres from 'postgres';
import { DapError } from '../errors.js';
import { migrate, type MigrateResult } from './pg-schema.js';
import { withRetry } from './pg-retry.js';
import { isPgUrl, pgOptions, redactPgUrl } from './pg-url.js';

/**
 * Applies the missing migrations of the store at `url`.
 *
 * @throws {DapError} storage_url_invalid, storage_unavailable, storage_schema_newer
 * @example
 * const { from, to } = await migrateStore('postgres://mesh@db.internal/dap_leader');
 */
export async function migrateStore(url: string): Promise<MigrateResult & { store: string }> {
  if (!isPgUrl(url))
    throw new DapError('storage_url_invalid', 'migrate needs a postgres:// URL', {
      hint: 'a level store needs no migration; give --store postgres://USER@HOST/DB',
    });
  const o = pgOptions(url);
  const sql = postgres(o.url, o.options);
  try {
    const r = await withRetry(
      () => migrate(sql),
      () => undefined,
      {
        retries: 3,
        firstMs: 200,
        maxMs: 1000,
      },
    );
    return { ...r, store: redactPgUrl(url) };
  } finally {
    await sql.end({ timeout: 2 });
  }
}
