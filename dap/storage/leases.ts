// Work leases of an aggregator fleet (docs/dap.md "Running a fleet"): a process works on a named
// unit (a task's aggregation and collection) only while it holds that unit's lease; a lease not
// renewed within its time expires and another process takes it over, as janus does with
// SELECT ... FOR UPDATE SKIP LOCKED. A store of one process (level) holds every lease.
import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import type { KvStore } from './kv.js';
import type { PgKvStore } from './pg-kv.js';

export type LeaseResult = 'held' | 'acquired' | 'taken_over' | 'busy';

export interface Leases {
  /** This process's holder name (random per process). */
  readonly holder: string;
  /** Acquires or renews `name` for `ttlMs`; busy while another live process holds it. */
  claim(name: string, ttlMs: number): Promise<LeaseResult>;
  /** Gives `name` up at once (on shutdown), so another process need not wait for expiry. */
  release(name: string): Promise<void>;
  /** Forgets `name` once its work is done (a job committed): its row is deleted. */
  drop(name: string): Promise<void>;
}

export function leasesOf(store: KvStore): Leases {
  // The process id leads, so an operator (or a test) reading dap_leases sees which process holds what.
  const holder = `${String(process.pid)}.${randomBytes(9).toString('base64url')}`;
  if (store.kind !== 'postgres' || !('sql' in store))
    return {
      holder,
      claim: () => Promise.resolve('held'),
      release: () => Promise.resolve(),
      drop: () => Promise.resolve(),
    };
  const sql = (store as PgKvStore).sql;
  // Until when (this process's monotonic clock, from before the claim was sent) each lease is surely held: the
  // database set its expiry later than that, so no other process can take it before.
  const until = new Map<string, number>();
  return {
    holder,
    async claim(name, ttlMs) {
      const sentAt = performance.now();
      // Claimed within the last third of a lease time: held, without asking the database again.
      if ((until.get(name) ?? 0) - sentAt > (ttlMs * 2) / 3) return 'held';
      const got = await claimRow(sql, holder, name, ttlMs);
      if (got === 'busy') until.delete(name);
      else until.set(name, sentAt + ttlMs);
      return got;
    },
    async release(name) {
      until.delete(name);
      await sql`UPDATE dap_leases SET expires_at = '-infinity'
        WHERE name = ${name} AND holder = ${holder}`;
    },
    async drop(name) {
      until.delete(name);
      await sql`DELETE FROM dap_leases WHERE name = ${name} AND holder = ${holder}`;
    },
  };
}

/**
 * One statement, so no transaction is opened for it: inserts the row as this process's when it is
 * missing, else renews it for this process when it holds it or its holder let it expire; a row
 * another claimant has locked now is skipped (that claimant decides, this process does not wait).
 * `prev` is the holder before the claim ('' for a new row), read under the row's lock.
 */
async function claimRow(
  sql: Sql,
  holder: string,
  name: string,
  ttlMs: number,
): Promise<LeaseResult> {
  const ttl = `${String(Math.max(1, Math.round(ttlMs)))} milliseconds`;
  const [row] = await sql<{ prev: string }[]>`
    WITH fresh AS (
      INSERT INTO dap_leases (name, holder, expires_at, acquired)
      VALUES (${name}, ${holder}, now() + ${ttl}::interval, 1)
      ON CONFLICT (name) DO NOTHING
      RETURNING ''::text AS prev
    ), old AS (
      SELECT name, holder FROM dap_leases WHERE name = ${name} FOR UPDATE SKIP LOCKED
    ), renewed AS (
      UPDATE dap_leases l SET holder = ${holder}, expires_at = now() + ${ttl}::interval,
        acquired = l.acquired + CASE WHEN old.holder = ${holder} THEN 0 ELSE 1 END
      FROM old WHERE l.name = old.name AND (old.holder = ${holder} OR l.expires_at < now())
      RETURNING old.holder AS prev
    )
    SELECT prev FROM fresh UNION ALL SELECT prev FROM renewed`;
  if (!row) return 'busy';
  if (row.prev === holder) return 'held';
  return row.prev === '' ? 'acquired' : 'taken_over';
}
