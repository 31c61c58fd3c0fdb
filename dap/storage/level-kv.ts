// The default KvStore: level with `sync: true` on every commit (a killed process restarts consistent).
import { Level } from 'level';
import { DapError } from '../errors.js';
import type { KvOp, KvStore } from './kv.js';
import { Mutex } from './mutex.js';

/**
 * Opens (creating) the level store in `dir`; level's lock admits one process.
 *
 * @throws {DapError} storage_failed (held by another process, or unreadable)
 * @example
 * const store = await openLevelKv('/var/lib/mesh/leader/store');
 */
export async function openLevelKv(dir: string): Promise<KvStore> {
  const db = new Level<string, Uint8Array>(dir, { keyEncoding: 'utf8', valueEncoding: 'view' });
  try {
    await db.open();
  } catch (e) {
    throw new DapError('storage_failed', `cannot open store at ${dir}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  const mutex = new Mutex();
  const store: KvStore = {
    kind: 'level',
    shared: false,
    get: (key) => db.get(key),
    getMany: (keys) => db.getMany(keys as string[]),
    // level answers undefined for a missing key (its typings say otherwise); a value is an object.
    present: async (keys) => (await db.getMany(keys as string[])).map(Boolean),
    async write(ops: readonly KvOp[]) {
      if (ops.length === 0) return;
      const inserts = ops.filter((o) => o.type === 'insert').map((o) => o.key);
      if (inserts.length > 0) {
        const had = await db.getMany(inserts);
        const i = had.findIndex(Boolean);
        if (i >= 0) throw conflict(String(inserts[i]));
      }
      await db.batch(
        ops.map((o) =>
          o.type === 'del'
            ? { type: 'del' as const, key: o.key }
            : { type: 'put' as const, key: o.key, value: o.value },
        ),
        { sync: true },
      );
    },
    async *scan(prefix, opts = {}) {
      const it = db.iterator({
        gte: prefix,
        lt: opts.lt ?? prefix + '\xff',
        ...(opts.limit === undefined ? {} : { limit: opts.limit }),
      });
      try {
        for await (const [k, v] of it)
          yield [k, opts.head === undefined ? v : v.subarray(0, opts.head)];
      } finally {
        await it.close();
      }
    },
    exclusive: (f) => mutex.run(f),
    // One process, no retries: a sequence runs once, so its callbacks need not wait.
    afterCommit: (cb) => {
      cb();
    },
    // Embedded: answers while the process runs and the database is open.
    ping: () =>
      db.status === 'open'
        ? Promise.resolve()
        : Promise.reject(new DapError('storage_unavailable', `the store is ${db.status}`)),
    close: () => db.close(),
  };
  return store;
}

export const conflict = (key: string): DapError =>
  new DapError('storage_conflict', `key ${key} is already stored`, {
    hint: 'another write created it first; the operation was not applied',
  });
