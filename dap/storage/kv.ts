// Aggregator storage (DAP-18 §4.5.3 batch buckets, §2.3 replay state): the key-value interface.

/**
 * put and del as usual; insert is a put that must create the key (report IDs and spent replay state):
 * a key already stored fails the whole write with storage_conflict, enforced by the backend.
 */
export type KvOp =
  | { type: 'put'; key: string; value: Uint8Array }
  | { type: 'insert'; key: string; value: Uint8Array }
  | { type: 'del'; key: string };

export interface ScanOptions {
  limit?: number;
  lt?: string;
  head?: number;
}

/**
 * One aggregator's durable state (docs/dap.md "Storage backends"). Every `write` is one atomic,
 * durably synced commit point; `exclusive` runs a read-check-write sequence as one unit.
 */
export interface KvStore {
  /** 'level' (one process) or 'postgres' (any number of processes over one database). */
  readonly kind: 'level' | 'postgres';
  /** True when other processes may write the same state (caches must not be trusted across ticks). */
  readonly shared: boolean;
  get(key: string): Promise<Uint8Array | undefined>;
  getMany(keys: readonly string[]): Promise<(Uint8Array | undefined)[]>;
  /**
   * Whether each key is stored, without reading its value: a check of presence (a job of a few
   * hundred reports, a replay entry) costs the backend no value sent back.
   */
  present(keys: readonly string[]): Promise<boolean[]>;
  write(ops: readonly KvOp[]): Promise<void>;
  /**
   * Keys in [prefix, prefix + '\xff'), in key order; with `head`, only the first `head` bytes of
   * each value (a record's header, when the rest is not needed: the backend does not send it).
   */
  scan(prefix: string, opts?: ScanOptions): AsyncIterable<[string, Uint8Array]>;
  /**
   * Runs `f` serialised against every other `exclusive` of this state: inside one process (level),
   * or across every process of the database as one transaction (postgres), retried as a whole when
   * the database asks for it, so `f` must not act outside the store before it returns.
   */
  exclusive<T>(f: () => Promise<T>): Promise<T>;
  /**
   * Runs `cb` once the enclosing `exclusive` (or write) has committed, never for an attempt that
   * was rolled back and retried: counters for `/metrics` go through it so a retry counts once.
   */
  afterCommit(cb: () => void): void;
  /**
   * Tells the store's other processes `message` (a hint that work arrived; inside `exclusive` or a
   * write, sent with its commit and never for a rolled-back attempt). Absent on a store of one process.
   */
  announce?(message: string): void;
  /**
   * Calls `f` with every message other processes announce, and with undefined when some may have
   * been missed (listening restarted); returns the stop. Absent on a store of one process.
   */
  listen?(f: (message: string | undefined) => void): () => Promise<void>;
  /** One round trip to the backend, never retried (the store's health probe). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const enc = new TextEncoder();
const dec = new TextDecoder();
export const jsonValue = (v: unknown): Uint8Array => enc.encode(JSON.stringify(v));
/** Parses a record this process wrote itself (never peer input). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export const parseJson = <T>(b: Uint8Array): T => JSON.parse(dec.decode(b)) as T;

/**
 * Inside `exclusive`: writes `ops` only while every key of `mustExist` is still stored (another
 * process may have taken the same reports or finished the same job); false when it did not write.
 */
export async function writeIfPresent(
  store: KvStore,
  mustExist: readonly string[],
  ops: readonly KvOp[],
): Promise<boolean> {
  const got = mustExist.length === 0 ? [] : await store.present(mustExist);
  if (got.includes(false)) return false;
  await store.write(ops);
  return true;
}

/** The last op of each key, in first-seen key order (a batch applies its ops in order). */
export function lastOpPerKey(ops: readonly KvOp[]): KvOp[] {
  const m = new Map<string, KvOp>();
  for (const o of ops) {
    m.delete(o.key);
    m.set(o.key, o);
  }
  return [...m.values()];
}
