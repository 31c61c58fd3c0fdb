// The shared KvStore: PostgreSQL (docs/dap.md "Storage backends"). Every write is one transaction;
// `exclusive` is one transaction holding the store's advisory lock, so read-check-write sequences of
// every process over the database are serialised; retryable failures retry the whole transaction.
// A write's statements are pipelined, not awaited (their failure surfaces at the transaction's next
// read or its COMMIT), and each has one text whatever its row count, so it is prepared once.
import { randomBytes } from 'node:crypto';
import postgres, { type Sql } from 'postgres';
import { DapError } from '../errors.js';
import { lastOpPerKey, type KvOp, type KvStore } from './kv.js';
import { conflict } from './level-kv.js';
import { pgOptions, redactPgUrl } from './pg-url.js';
import { CHANNEL, listenPg, MAX_PAYLOAD } from './pg-listen.js';
import { withRetry, type RetryPolicy } from './pg-retry.js';
import { migrate } from './pg-schema.js';
import { onAttempt, pipeline, txRunner, type Attempt } from './pg-tx.js';

/** Advisory lock key of the store's writers (per database). */
const WRITE_LOCK = 0x6d657368_0002n.toString();
const SCAN_PAGE = 1000;
/** How often a listening process checks that its notifications still arrive (pg-listen.ts). */
const LISTEN_PROBE_MS = 10_000;

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
  // Names this process in its notifications, so it does not wake itself.
  const self = randomBytes(9).toString('base64url');
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
    present: (keys) =>
      run(async (q) => {
        if (keys.length === 0) return [];
        const got = await q<
          { key: string }[]
        >`SELECT key FROM dap_kv WHERE key = ANY(${keys as string[]})`;
        const stored = new Set(got.map((r) => r.key));
        return keys.map((k) => stored.has(k));
      }),
    write: async (ops) => {
      if (ops.length === 0) return;
      const send = (a: Attempt): void => {
        if (a.lost)
          throw new DapError(
            'storage_connection_lost',
            'the connection of this transaction was lost',
          );
        a.wrote = true;
        apply(a, ops);
      };
      const a = txs.current();
      if (a) send(a);
      else
        await txs.run(() => {
          const inner = txs.current();
          if (!inner) throw new DapError('storage_failed', 'no transaction');
          send(inner);
          return Promise.resolve();
        });
    },
    async *scan(prefix, opts = {}) {
      const end = opts.lt ?? prefix + '\xff';
      let left = opts.limit ?? Infinity;
      let from = prefix;
      let inclusive = true;
      const head = opts.head;
      while (left > 0) {
        const n = Math.min(SCAN_PAGE, left);
        const page = await run(
          (q) =>
            q<{ key: string; value: Buffer }[]>`SELECT key,
              ${head === undefined ? q`value` : q`substring(value from 1 for ${head}) AS value`}
              FROM dap_kv
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
    announce: (message) => {
      const payload = `${self} ${message}`;
      if (payload.length > MAX_PAYLOAD) return;
      const a = txs.current();
      // Inside a transaction the server delivers it at COMMIT, never for a rolled-back attempt.
      if (a && !a.lost) pipeline(a, a.tx`SELECT pg_notify(${CHANNEL}, ${payload})`);
      else if (!a) sql.notify(CHANNEL, payload).catch(() => undefined);
    },
    listen: (f) => {
      const l = listenPg(sql, self, f, LISTEN_PROBE_MS);
      return () => l.close();
    },
    afterCommit: (cb) => {
      txs.afterCommit(cb);
    },
    ping: async () => {
      await sql`SELECT 1 AS one`;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/**
 * Sends the last op of each key: deletes, then puts, then inserts, one statement each. A statement's
 * values travel as one bytea cut by offsets and lengths, not as a bytea[]: an array literal is
 * escaped by the client and parsed character by character by the server, which for a job of a few
 * hundred reports cost about twice the whole write (docs/dap.md "Storage backends").
 */
function apply(a: Attempt, ops: readonly KvOp[]): void {
  const q = a.tx;
  const last = lastOpPerKey(ops);
  const of = (type: KvOp['type']) => last.filter((o) => o.type === type);
  const dels = of('del').map((o) => o.key);
  const rows = (type: 'put' | 'insert') => {
    const xs = of(type).flatMap((o) => (o.type === 'del' ? [] : [o]));
    const at: number[] = [];
    const len: number[] = [];
    let next = 1; // substring counts from 1
    for (const o of xs) {
      at.push(next);
      len.push(o.value.byteLength);
      next += o.value.byteLength;
    }
    return {
      n: xs.length,
      keys: q.array(
        xs.map((o) => o.key),
        TEXT,
      ),
      blob: Buffer.concat(xs.map(bytes)),
      at: q.array(at, INT4),
      len: q.array(len, INT4),
    };
  };
  if (dels.length > 0) pipeline(a, q`DELETE FROM dap_kv WHERE key = ANY(${dels})`);
  const puts = rows('put');
  if (puts.n > 0)
    pipeline(
      a,
      q`INSERT INTO dap_kv (key, value)
        SELECT k, substring(${puts.blob}::bytea from o for l)
        FROM unnest(${puts.keys}::text[], ${puts.at}::int4[], ${puts.len}::int4[]) AS u(k, o, l)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  const inserts = rows('insert');
  // The primary key refuses a report ID or spent state stored before, in any process.
  if (inserts.n > 0)
    pipeline(
      a,
      q`INSERT INTO dap_kv (key, value)
        SELECT k, substring(${inserts.blob}::bytea from o for l)
        FROM unnest(${inserts.keys}::text[], ${inserts.at}::int4[], ${inserts.len}::int4[]) AS u(k, o, l)`,
      (e) => ((e as { code?: string }).code === '23505' ? conflict(keyOf(e)) : e),
    );
}

/** Element type OIDs of the arrays a write sends (PostgreSQL 15 docs §8.4, pg_type). */
const TEXT = 25;
const INT4 = 23;
const bytes = (o: { value: Uint8Array }): Buffer =>
  Buffer.from(o.value.buffer, o.value.byteOffset, o.value.byteLength);

const keyOf = (e: unknown): string => {
  const d = (e as { detail?: string }).detail ?? '';
  return /\(key\)=\((.*)\)/.exec(d)?.[1] ?? '(unknown)';
};
