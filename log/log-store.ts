// The log's durable state in level: entries, tree size and the signed checkpoint, all written in one
// synced batch per sequenced batch, so a crash leaves either the whole batch or none of it.
import { Level } from 'level';
import { StorageError } from './errors.js';
import { levelGet } from './level-get.js';
import { STORE_SCHEMA_VERSION } from './version.js';

const enc = new TextEncoder();
const dec = new TextDecoder();
const entryKey = (i: number): string => `e${i.toString(16).padStart(14, '0')}`;

export interface LogState {
  size: number;
  checkpoint: string | undefined;
}

export class LogStore {
  private constructor(private readonly db: Level<string, Uint8Array>) {}

  static async open(dir: string, origin: string): Promise<LogStore> {
    const db = new Level<string, Uint8Array>(dir, { valueEncoding: 'view' });
    await db.open();
    const store = new LogStore(db);
    try {
      const schema = await store.meta('schema');
      if (schema !== undefined && Number(schema) > STORE_SCHEMA_VERSION)
        throw new StorageError('storage_schema_newer', `log store schema ${schema} is newer`);
      const have = await store.meta('origin');
      if (have !== undefined && have !== origin)
        throw new StorageError('storage_corrupt', `store holds log ${have}, not ${origin}`);
      if (schema === undefined)
        await db.batch(
          [
            { type: 'put', key: 'm:schema', value: enc.encode(String(STORE_SCHEMA_VERSION)) },
            { type: 'put', key: 'm:origin', value: enc.encode(origin) },
          ],
          { sync: true },
        );
    } catch (e) {
      await db.close();
      throw e;
    }
    return store;
  }

  private async meta(name: string): Promise<string | undefined> {
    const v = await levelGet(this.db, `m:${name}`);
    return v === undefined ? undefined : dec.decode(v);
  }

  async state(): Promise<LogState> {
    const size = Number((await this.meta('size')) ?? '0');
    if (!Number.isSafeInteger(size) || size < 0)
      throw new StorageError('storage_corrupt', 'stored tree size is corrupt');
    return { size, checkpoint: await this.meta('checkpoint') };
  }

  /** Calls `fn` for entries [start, end) in index order; a gap is corruption. */
  async scan(
    start: number,
    end: number,
    fn: (entry: Uint8Array, index: number) => void,
  ): Promise<void> {
    let i = start;
    for await (const [key, value] of this.db.iterator({
      gte: entryKey(start),
      lt: entryKey(end),
    })) {
      if (key !== entryKey(i)) throw new StorageError('storage_corrupt', `entry ${i} is missing`);
      fn(value, i++);
    }
    if (i !== end) throw new StorageError('storage_corrupt', `entries stop at ${i}, not ${end}`);
  }

  async entries(start: number, end: number): Promise<Uint8Array[]> {
    const out: Uint8Array[] = [];
    await this.scan(start, end, (e) => out.push(e));
    return out;
  }

  /** One synced batch: the entries from `start`, the new size and its signed checkpoint. */
  async commit(start: number, entries: readonly Uint8Array[], checkpoint: string): Promise<void> {
    const ops = entries.map((value, k) => ({
      type: 'put' as const,
      key: entryKey(start + k),
      value,
    }));
    ops.push({ type: 'put', key: 'm:size', value: enc.encode(String(start + entries.length)) });
    ops.push({ type: 'put', key: 'm:checkpoint', value: enc.encode(checkpoint) });
    await this.db.batch(ops, { sync: true });
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
