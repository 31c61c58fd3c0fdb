// Whether a configured PostgreSQL store answers, for `mesh doctor` (docs/dap.md "Storage backends"):
// one connection, one bounded query of the schema version, never a migration and never a retry.
import postgres from 'postgres';
import { withDeadline } from '../../common/index.js';
import { DapError } from '../errors.js';
import { SCHEMA_VERSION } from './pg-schema.js';
import { pgOptions, redactPgUrl } from './pg-url.js';

export interface StoreAnswer {
  /** The URL without its password. */
  store: string;
  /** The schema version stored (0 before the first start or `mesh dap migrate`). */
  version: number;
  /** The version this mesh migrates to. */
  current: number;
}

/**
 * Connects to the store at `url` within `timeoutMs` and reads its schema version.
 *
 * @throws {DapError} storage_url_invalid, storage_unavailable (the reason, never the password)
 * @example
 * const { version, current } = await pingStore('postgres://mesh@db/dap_leader', 3000);
 */
export async function pingStore(url: string, timeoutMs: number): Promise<StoreAnswer> {
  const o = pgOptions(url);
  const store = redactPgUrl(url);
  const sql = postgres(o.url, {
    ...o.options,
    max: 1,
    // Its two statements take no arrays: no type fetch to lose with the connection (pg-url.ts).
    fetch_types: false,
    connect_timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
  });
  try {
    const ask = async (): Promise<number> => {
      const [t] = await sql<{ t: string | null }[]>`SELECT to_regclass('dap_schema_version') AS t`;
      if (!t?.t) return 0;
      const [row] = await sql<{ v: number | null }[]>`SELECT max(version) AS v
        FROM dap_schema_version`;
      return row?.v ?? 0;
    };
    const version = await withDeadline(ask(), timeoutMs);
    return { store, version, current: SCHEMA_VERSION };
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    throw new DapError(
      'storage_unavailable',
      `the store ${store} does not answer: ${typeof code === 'string' ? code + ' ' : ''}${(e as Error).message}`,
      { cause: e, hint: 'check that PostgreSQL is running and reachable at this URL' },
    );
  } finally {
    await sql.end({ timeout: 1 }).catch(() => undefined);
  }
}
