// Aggregator storage (DAP-18 §4.5.3 batch buckets, §2.3 replay state): the key-value interface.

export type KvOp = { type: 'put'; key: string; value: Uint8Array } | { type: 'del'; key: string };

/** Every `write` is one atomic, durably synced commit point. */
export interface KvStore {
  get(key: string): Promise<Uint8Array | undefined>;
  getMany(keys: readonly string[]): Promise<(Uint8Array | undefined)[]>;
  write(ops: readonly KvOp[]): Promise<void>;
  /** Keys in [prefix, prefix + '\xff'), in key order. */
  scan(prefix: string, opts?: { limit?: number; lt?: string }): AsyncIterable<[string, Uint8Array]>;
  close(): Promise<void>;
}

const enc = new TextEncoder();
const dec = new TextDecoder();
export const jsonValue = (v: unknown): Uint8Array => enc.encode(JSON.stringify(v));
/** Parses a record this process wrote itself (never peer input). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export const parseJson = <T>(b: Uint8Array): T => JSON.parse(dec.decode(b)) as T;
