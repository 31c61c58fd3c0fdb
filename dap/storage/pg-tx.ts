// One logical transaction of the PostgreSQL store, retried whole on a retryable failure (PostgreSQL
// 15 docs §13.2.3 and Appendix A). A transaction that wrote records a commit token before COMMIT: when
// the connection is lost during COMMIT, the retry first asks whether that token is stored, and if so
// answers the committed attempt's result instead of running again (a report this very request stored
// is not answered report_replayed). Callbacks queued with afterCommit run once, after the commit.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { ReservedSql, Sql } from 'postgres';
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
        return reservedTx(
          sql,
          async (tx) => {
            if (lock !== undefined) await tx`SELECT pg_advisory_xact_lock(${lock}::bigint)`;
            const a: Attempt = { tx, lost: false, open: true, wrote: false, after: [] };
            try {
              const value = await als.run(a, f);
              if (a.wrote) {
                await tx`INSERT INTO dap_commits (token) VALUES (${token})`;
                sent = { value, after: a.after };
              }
              return { value, after: a.after };
            } finally {
              a.open = false;
            }
          },
          reserveMs,
        );
      };
      const done = await retry(once);
      if (++commits % PRUNE_EVERY === 0)
        await retry(() => sql`DELETE FROM dap_commits WHERE at < now() - ${TOKEN_KEEP}::interval`);
      for (const cb of done.after) cb();
      return done.value;
    },
  };
}

/**
 * BEGIN, `f`, COMMIT on one reserved connection. After a lost connection nothing more is sent on it
 * and it is not handed back (the pool reconnects it): postgres 3.4.9 would write to the closed
 * socket from a timer and end the process (porsager/postgres#1208), which sql.begin's ROLLBACK does.
 *
 * @throws the failure of `f` or of the database, as it came
 */
export async function reservedTx<T>(
  sql: Sql,
  f: (tx: ReservedSql) => Promise<T>,
  reserveMs?: number,
): Promise<T> {
  const c = await reserveWithin(sql, reserveMs);
  let lost = false;
  try {
    await c`BEGIN`;
    const value = await f(c);
    await c`COMMIT`;
    return value;
  } catch (e) {
    lost = connectionLost(e);
    if (!lost)
      await c`ROLLBACK`.catch((r: unknown) => {
        lost = connectionLost(r);
      });
    throw e;
  } finally {
    if (!lost) c.release();
  }
}
