// Which store the DAP protocol, process, crash and hostile suites run on: MESH_DAP_BACKEND=postgres
// runs them on PostgreSQL (a new database per aggregator), otherwise on level. .ci/run runs them on
// both.
import { afterAll } from 'vitest';
import { PG_MISSING, usePg, type PgCluster } from './pg-cluster.js';

export const BACKEND: 'level' | 'postgres' =
  process.env.MESH_DAP_BACKEND === 'postgres' ? 'postgres' : 'level';

let cluster: PgCluster | undefined;
// Registered on the importing test file's root suite: its private cluster stops with the file.
afterAll(() => {
  cluster?.stop();
  cluster = undefined;
});

/**
 * A new, empty store for one aggregator: a postgres:// URL, or undefined for level in its --data;
 * `pg` asks for PostgreSQL whatever the backend (the fleet suite).
 */
export async function newStoreUrl(pg = false): Promise<string | undefined> {
  if (BACKEND === 'level' && !pg) return undefined;
  if (PG_MISSING) throw new Error(`MESH_DAP_BACKEND=postgres: ${PG_MISSING}`);
  if (!cluster) {
    const c = usePg();
    cluster = c;
  }
  return cluster.createDatabase();
}

/** `{ store }` for openLeaderContext / openHelperContext, empty on level. */
export async function storeOption(): Promise<{ store?: string }> {
  const store = await newStoreUrl();
  return store === undefined ? {} : { store };
}

/** `--store` URLs of a Leader and a Helper process (none on level). */
export async function pairStores(): Promise<{ leader?: string; helper?: string }> {
  const [leader, helper] = [await newStoreUrl(), await newStoreUrl()];
  return leader === undefined || helper === undefined ? {} : { leader, helper };
}
