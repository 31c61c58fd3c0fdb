// Choosing an aggregator's store: level inside --data (the embedded default), or PostgreSQL when
// `--store` (or the config's dap.store) is a postgres:// URL.
import { join } from 'node:path';
import { DapError } from '../errors.js';
import type { KvStore } from './kv.js';
import { openLevelKv } from './level-kv.js';
import { openPgKv } from './pg-kv.js';
import { isPgUrl } from './pg-url.js';

export interface StoreChoice {
  /** The role's --data folder (level's store lives in it). */
  dataDir: string;
  /** A postgres:// URL; undefined for level. */
  store?: string;
  onRetry?: () => void;
}

/**
 * @throws {DapError} storage_failed, storage_url_invalid, storage_unavailable, storage_schema_newer
 * @example
 * const store = await openStore({ dataDir: '/var/lib/mesh/leader', store: process.env.STORE });
 */
export async function openStore(c: StoreChoice): Promise<KvStore> {
  if (c.store !== undefined && c.store !== 'level' && !isPgUrl(c.store))
    throw new DapError('storage_url_invalid', `--store must be level or a postgres:// URL`, {
      hint: 'e.g. --store postgres://mesh@localhost/dap_leader?host=/run/postgresql',
    });
  if (c.store !== undefined && isPgUrl(c.store))
    return openPgKv(c.store, c.onRetry ? { onRetry: c.onRetry } : {});
  return openLevelKv(join(c.dataDir, 'store'));
}
