// One logical transaction of the PostgreSQL store, retried whole on a retryable failure (PostgreSQL
// 15 docs §13.2.3 and Appendix A). A transaction that wrote records a commit token before COMMIT: when
// the connection is lost during COMMIT, the retry first asks whether that token is stored, and if so
// answers the committed attempt's result instead of running again (a report this very request stored
// is not answered report_replayed). Callbacks queued with afterCommit run once, after the commit.
// Statements whose answers nothing reads before the next one (BEGIN, the advisory lock, writes, the
// commit token, COMMIT) are pipelined behind each other on the connection (§55.2.4): a transaction
// costs a round trip per read, plus one for its writes and COMMIT together.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { PendingQuery, ReservedSql, Row, Sql } from 'postgres';
import { DapError } from '../errors.js';
import { connectionLost } from './pg-retry.js';
import { reserveWithin } from './pg-reserve.js';

/** Commit tokens older than this are pruned: far past any retry of the store (about 20 s). */
const TOKEN_KEEP = '1 hour';
/** One transaction in this many prunes old tokens (a cheap indexed delete). */
const PRUNE_EVERY = 512;

export interface Attempt {
  tx: ReservedSql;
  /** Set once a statement lost the connection: nothing more is sent on it. */
  lost: boolean;
  /** False once the attempt's transaction ended: a timer started inside must not reuse it. */
  open: boolean;
  /** Set by a write: the attempt must record its commit token. */
  wrote: boolean;
  after: (() => void)[];
  /** Statements sent whose answers were not read yet, in the order sent. */
  sent: Promise<{ failed: false } | { failed: true; e: unknown }>[];
}

/**
 * Sends `q` at once, behind what the attempt sent before, without waiting for its answer; a failure
 * (as `mapError` turns it) surfaces at the attempt's next `settle`.
 */
export function pipeline(
  a: Attempt,
  q: PendingQuery<Row[]>,
  mapError: (e: unknown) => unknown = (e) => e,
): void {
  a.sent.push(
    q.then(
      () => ({ failed: false }) as const,
      (e: unknown) => ({ failed: true, e: mapError(e) }) as const,
    ),
  );
}

/**
 * Waits for the answers of every statement the attempt sent; throws the first failure (the server
 * refuses every later statement of the transaction after it, so those only echo it).
 */
export async function settle(a: Attempt): Promise<void> {
  for (const s of a.sent.splice(0)) {
    const r = await s;
    if (r.failed) {
      if (connectionLost(r.e)) a.lost = true;
      throw r.e;
    }
  }
}

/**
 * Runs `f` on the attempt's connection, after the statements the attempt pipelined (their failure,
 * the earlier one, is thrown first); once a statement lost the connection, nothing more is sent.
 */
export async function onAttempt<T>(a: Attempt, f: (q: ReservedSql) => Promise<T>): Promise<T> {
  if (a.lost)
    throw new DapError('storage_connection_lost', 'the connection of this transaction was lost');
  const out = f(a.tx).then(
    (value) => ({ ok: true, value }) as const,
    (e: unknown) => ({ ok: false, e }) as const,
  );
  await settle(a);
  const r = await out;
  if (r.ok) return r.value;
  if (connectionLost(r.e)) a.lost = true;
  throw r.e;
}

export interface TxRunner {
  /** The attempt the caller runs inside, if its transaction is still open. */
  current(): Attempt | undefined;
  /**
   * Runs `f` in one transaction (holding advisory lock `lock` when given), retried by `retry`;
   * an attempt whose COMMIT was lost but applied is not run again.
   */
  run<T>(f: () => Promise<T>, lock?: string): Promise<T>;
  /** Runs `cb` once the enclosing transaction commits; at once outside any transaction. */
  afterCommit(cb: () => void): void;
}

export function txRunner(
  sql: Sql,
  retry: <T>(f: () => Promise<T>) => Promise<T>,
  reserveMs?: number,
): TxRunner {
  const als = new AsyncLocalStorage<Attempt>();
  let commits = 0;
  const current = (): Attempt | undefined => {
    const a = als.getStore();
    return a?.open ? a : undefined;
  };
  return {
    current,
    afterCommit(cb) {
      const a = current();
      if (a) a.after.push(cb);
      else cb();
    },
    async run<T>(f: () => Promise<T>, lock?: string): Promise<T> {
      const token = randomBytes(12).toString('base64url');
      /** The last attempt that ran `f` to its end and sent COMMIT, with its result. */
      let sent: { value: T; after: (() => void)[] } | undefined;
      const once = async (): Promise<{ value: T; after: (() => void)[] }> => {
        if (sent) {
          const [row] = await sql`SELECT 1 AS one FROM dap_commits WHERE token = ${token}`;
          if (row) return sent;
          sent = undefined;
        }
        const c = await reserveWithin(sql, reserveMs);
        const a: Attempt = { tx: c, lost: false, open: true, wrote: false, after: [], sent: [] };
        try {
          pipeline(a, c`BEGIN`);
          if (lock !== undefined) pipeline(a, c`SELECT pg_advisory_xact_lock(${lock}::bigint)`);
          let value: T;
          try {
            value = await als.run(a, f);
          } finally {
            a.open = false;
          }
          if (a.wrote) {
            pipeline(a, c`INSERT INTO dap_commits (token) VALUES (${token})`);
            // From here an answer lost with the connection may hide a commit: the retry asks.
            sent = { value, after: a.after };
          }
          pipeline(a, c`COMMIT`);
          await settle(a);
          return { value, after: a.after };
        } catch (e) {
          if (connectionLost(e)) a.lost = true;
          if (!a.lost)
            await c`ROLLBACK`.catch((r: unknown) => {
              a.lost = connectionLost(r);
            });
          throw e;
        } finally {
          // After a lost connection nothing more is sent on it and it is not handed back (the pool
          // reconnects it): postgres 3.4.9 would write to the closed socket from a timer and end the
          // process (porsager/postgres#1208), which sql.begin's ROLLBACK does.
          if (!a.lost) c.release();
        }
      };
      const done = await retry(once);
      if (++commits % PRUNE_EVERY === 0)
        await retry(() => sql`DELETE FROM dap_commits WHERE at < now() - ${TOKEN_KEEP}::interval`);
      for (const cb of done.after) cb();
      return done.value;
    },
  };
}
