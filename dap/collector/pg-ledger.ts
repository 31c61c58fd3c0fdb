// The collector role's record of collected batches on PostgreSQL (docs/dap.md "Storage backends"):
// one row per batch, keyed by its collection id (DAP-18 §4.6.1 CollectionJobResp digest), inserted
// in one statement that is the batch's commit point; a batch recorded before keeps its number.
import postgres from 'postgres';
import { DapError } from '../errors.js';
import { migrate } from '../storage/pg-schema.js';
import { withRetry } from '../storage/pg-retry.js';
import { isPgUrl, pgOptions, redactPgUrl } from '../storage/pg-url.js';

export interface CollectedBatch {
  seq: number;
  id: string;
  /** What the collector recorded for the batch (its signed proposal, as JSON text). */
  record: string;
}

export interface PgCollectedLedger {
  readonly kind: 'postgres';
  /** Whether the batch with this collection id is recorded. */
  has(id: string): Promise<boolean>;
  /**
   * Records a batch under the next number of its task; a batch recorded before (by this process
   * before a lost answer, or by another process) is left as it was and its number returned.
   */
  record(id: string, record: string): Promise<number>;
  /** Every recorded batch numbered above `seq`, in order. */
  since(seq: number): Promise<CollectedBatch[]>;
  /** One round trip, never retried (the role's health probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Insert races between collector processes of one task: the loser takes the next number. */
const SEQ_RACES = 5;

/**
 * The collector's store: undefined for level (files inside --data, the default), else a
 * connection to the PostgreSQL store at `store` for the collector of `taskId`, migrated.
 *
 * @throws {DapError} storage_url_invalid, storage_failed, storage_unavailable, storage_schema_newer
 * @example
 * const ledger = await openCollectorStore('postgres://mesh@db/dap?host=/run/postgresql', taskId);
 * if (ledger && !(await ledger.has(c.id))) await ledger.record(c.id, JSON.stringify(proposal));
 */
export async function openCollectorStore(
  store: string | undefined,
  taskId: string,
): Promise<PgCollectedLedger | undefined> {
  if (store === undefined || store === 'level') return undefined;
  if (!isPgUrl(store))
    throw new DapError('storage_url_invalid', `--store must be level or a postgres:// URL`, {
      hint: 'e.g. --store postgres://mesh@localhost/dap_collector?host=/run/postgresql',
    });
  return openPgCollectedLedger(store, taskId);
}

async function openPgCollectedLedger(url: string, taskId: string): Promise<PgCollectedLedger> {
  const o = pgOptions(url);
  const sql = postgres(o.url, o.options);
  const retry = <T>(f: () => Promise<T>) => withRetry(f, () => undefined);
  try {
    await retry(() => migrate(sql));
  } catch (e) {
    await sql.end({ timeout: 1 });
    if (e instanceof DapError) throw e;
    throw new DapError('storage_failed', `cannot open store at ${redactPgUrl(url)}`, {
      cause: e,
      hint: 'run `mesh dap migrate --store URL` and check the role may connect',
    });
  }
  const seqOf = async (id: string): Promise<number | undefined> => {
    const [row] = await retry(
      () => sql<{ seq: number }[]>`SELECT seq FROM dap_collected
        WHERE task_id = ${taskId} AND id = ${id}`,
    );
    return row?.seq;
  };
  return {
    kind: 'postgres',
    has: async (id) => (await seqOf(id)) !== undefined,
    async record(id, record) {
      for (let race = 0; ; race++) {
        try {
          await retry(
            () => sql`INSERT INTO dap_collected (task_id, id, seq, record)
              SELECT ${taskId}, ${id}, coalesce(max(seq), 0) + 1, ${record}
              FROM dap_collected WHERE task_id = ${taskId}
              ON CONFLICT (task_id, id) DO NOTHING`,
          );
        } catch (e) {
          // Another process took this number at the same instant: the next one is free.
          if ((e as { code?: string }).code === '23505' && race < SEQ_RACES) continue;
          throw e;
        }
        const seq = await seqOf(id);
        if (seq === undefined) throw new DapError('storage_failed', 'a recorded batch is missing');
        return seq;
      }
    },
    since: (seq) =>
      retry(
        () => sql<CollectedBatch[]>`SELECT seq, id, record FROM dap_collected
          WHERE task_id = ${taskId} AND seq > ${seq} ORDER BY seq`,
      ),
    ping: async () => {
      await sql`SELECT 1 AS one`;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
