// Work leases of an aggregator fleet (docs/dap.md "Running a fleet"): a process works on a named
// unit (a task's aggregation and collection) only while it holds that unit's lease; a lease not
// renewed within its time expires and another process takes it over, as janus does with
// SELECT ... FOR UPDATE SKIP LOCKED. A store of one process (level) holds every lease.
import { randomBytes } from 'node:crypto';
import type { Sql } from 'postgres';
import type { KvStore } from './kv.js';
import type { PgKvStore } from './pg-kv.js';
import { reservedTx } from './pg-tx.js';

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

async function claimRow(
  sql: Sql,
  holder: string,
  name: string,
  ttlMs: number,
): Promise<LeaseResult> {
  const ttl = `${String(Math.max(1, Math.round(ttlMs)))} milliseconds`;
  await sql`INSERT INTO dap_leases (name, holder, expires_at)
        VALUES (${name}, '', '-infinity') ON CONFLICT (name) DO NOTHING`;
  return reservedTx(sql, async (tx): Promise<LeaseResult> => {
    // Another claimant holds the row now: it decides, this process does not wait for it.
    const [row] = await tx<{ holder: string; expired: boolean }[]>`
          SELECT holder, expires_at < now() AS expired FROM dap_leases
          WHERE name = ${name} FOR UPDATE SKIP LOCKED`;
    if (!row) return 'busy';
    if (row.holder !== holder && !row.expired) return 'busy';
    await tx`UPDATE dap_leases SET holder = ${holder},
          expires_at = now() + ${ttl}::interval,
          acquired = acquired + ${row.holder === holder ? 0 : 1}
          WHERE name = ${name}`;
    if (row.holder === holder) return 'held';
    return row.holder === '' ? 'acquired' : 'taken_over';
  });
}
