// The shared KvStore: PostgreSQL (docs/dap.md "Storage backends"). Every write is one transaction;
// `exclusive` is one transaction holding the store's advisory lock, so read-check-write sequences of
// every process over the database are serialised; retryable failures retry the whole transaction.
import postgres, { type Sql } from 'postgres';
import { DapError } from '../errors.js';
import { lastOpPerKey, type KvOp, type KvStore } from './kv.js';
import { conflict } from './level-kv.js';
import { pgOptions, redactPgUrl } from './pg-url.js';
import { connectionLost, withRetry, type RetryPolicy } from './pg-retry.js';
import { migrate } from './pg-schema.js';
import { txRunner, type Attempt } from './pg-tx.js';

/** Advisory lock key of the store's writers (per database). */
const WRITE_LOCK = 0x6d657368_0002n.toString();
/** Rows per statement: two parameters each, far below the protocol's 65535. */
const CHUNK = 4000;
const SCAN_PAGE = 1000;

export interface PgStoreOptions {
  /** Called once per retried transaction or statement (for `/metrics`). */
  onRetry?: () => void;
  retry?: RetryPolicy;
  /** Apply missing migrations on open (the default); false refuses an old schema instead. */
  migrate?: boolean;
  /** How long a transaction waits for a pooled connection before it retries (pg-reserve.ts). */
  reserveMs?: number;
}

export interface PgKvStore extends KvStore {
  readonly sql: Sql;
}

/**
 * Connects to the database at `url`, applying missing migrations (the schema is created on first
 * start).
 *
 * @throws {DapError} storage_url_invalid, storage_unavailable, storage_schema_newer
 * @example
 * const store = await openPgKv('postgres://mesh@localhost/leader?host=/run/postgresql');
 */
export async function openPgKv(url: string, o: PgStoreOptions = {}): Promise<PgKvStore> {
  const opened = pgOptions(url);
  const sql = postgres(opened.url, opened.options);
  const onRetry = (): void => o.onRetry?.();
  const retry = <T>(f: () => Promise<T>) => withRetry(f, onRetry, o.retry);
  try {
    if (o.migrate !== false) await retry(() => migrate(sql));
    await retry(() => sql`SELECT 1 FROM dap_kv LIMIT 0`);
  } catch (e) {
    await sql.end({ timeout: 1 });
    if (e instanceof DapError) throw e;
    throw new DapError('storage_failed', `cannot open store at ${redactPgUrl(url)}`, {
      cause: e,
      hint: 'run `mesh dap migrate --store URL` and check the role may connect',
    });
  }
  const txs = txRunner(sql, retry, o.reserveMs);
  /** Outside a transaction a statement retries alone; inside, the whole transaction retries. */
  const run = <T>(f: (q: Sql) => Promise<T>): Promise<T> => {
    const a = txs.current();
    return a ? onAttempt(a, f) : retry(() => f(sql));
  };
  const rows = (q: Sql, keys: readonly string[]) =>
    q<
      { key: string; value: Buffer }[]
    >`SELECT key, value FROM dap_kv WHERE key = ANY(${keys as string[]})`;

  return {
    kind: 'postgres',
    shared: true,
    sql,
    get: (key) =>
      run(async (q) => {
        const [r] = await rows(q, [key]);
        return r ? view(r.value) : undefined;
      }),
    getMany: (keys) =>
      run(async (q) => {
        if (keys.length === 0) return [];
        const m = new Map((await rows(q, keys)).map((r) => [r.key, view(r.value)]));
        return keys.map((k) => m.get(k));
      }),
    write: async (ops) => {
      if (ops.length === 0) return;
      const a = txs.current();
      if (a) {
        a.wrote = true;
        await onAttempt(a, (q) => apply(q, ops));
      } else
        await txs.run(async () => {
          const inner = txs.current();
          if (!inner) throw new DapError('storage_failed', 'no transaction');
          inner.wrote = true;
          await onAttempt(inner, (q) => apply(q, ops));
        });
    },
    async *scan(prefix, opts = {}) {
      const end = opts.lt ?? prefix + '\xff';
      let left = opts.limit ?? Infinity;
      let from = prefix;
      let inclusive = true;
      while (left > 0) {
        const n = Math.min(SCAN_PAGE, left);
        const page = await run(
          (q) =>
            q<{ key: string; value: Buffer }[]>`SELECT key, value FROM dap_kv
              WHERE ${inclusive ? q`key >= ${from}` : q`key > ${from}`} AND key < ${end}
              ORDER BY key LIMIT ${n}`,
        );
        for (const r of page) yield [r.key, view(r.value)];
        const last = page[page.length - 1];
        if (page.length < n || !last) return;
        left -= page.length;
        from = last.key;
        inclusive = false;
      }
    },
    exclusive: (f) => txs.run(f, WRITE_LOCK),
    afterCommit: (cb) => {
      txs.afterCommit(cb);
    },
    ping: async () => {
      await sql`SELECT 1 AS one`;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** A statement of an attempt; once one lost the connection, the others fail without sending. */
async function onAttempt<T>(a: Attempt, f: (q: Sql) => Promise<T>): Promise<T> {
  if (a.lost)
    throw new DapError('storage_connection_lost', 'the connection of this transaction was lost');
  try {
    return await f(a.tx);
  } catch (e) {
    if (connectionLost(e)) a.lost = true;
    throw e;
  }
}

const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

async function apply(q: Sql, ops: readonly KvOp[]): Promise<void> {
  const last = lastOpPerKey(ops);
  const dels = last.filter((o) => o.type === 'del').map((o) => o.key);
  const puts = last.flatMap((o) => (o.type === 'put' ? [{ key: o.key, value: o.value }] : []));
  const inserts = last.flatMap((o) =>
    o.type === 'insert' ? [{ key: o.key, value: o.value }] : [],
  );
  for (let i = 0; i < dels.length; i += CHUNK)
    await q`DELETE FROM dap_kv WHERE key = ANY(${dels.slice(i, i + CHUNK)})`;
  for (let i = 0; i < puts.length; i += CHUNK)
    await q`INSERT INTO dap_kv ${q(puts.slice(i, i + CHUNK), 'key', 'value')}
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
  for (let i = 0; i < inserts.length; i += CHUNK) {
    try {
      // The primary key refuses a report ID or spent state stored before, in any process.
      await q`INSERT INTO dap_kv ${q(inserts.slice(i, i + CHUNK), 'key', 'value')}`;
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw conflict(keyOf(e));
      throw e;
    }
  }
}

const keyOf = (e: unknown): string => {
  const d = (e as { detail?: string }).detail ?? '';
  return /\(key\)=\((.*)\)/.exec(d)?.[1] ?? '(unknown)';
};
