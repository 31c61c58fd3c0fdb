// The default KvStore: level with `sync: true` on every commit (a killed process restarts consistent).
import { Level } from 'level';
import { DapError } from '../errors.js';
import type { KvOp, KvStore } from './kv.js';

export async function openLevelKv(dir: string): Promise<KvStore> {
  const db = new Level<string, Uint8Array>(dir, { keyEncoding: 'utf8', valueEncoding: 'view' });
  try {
    await db.open();
  } catch (e) {
    throw new DapError('storage_failed', `cannot open store at ${dir}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  return {
    get: (key) => db.get(key),
    getMany: (keys) => db.getMany(keys as string[]),
    async write(ops: readonly KvOp[]) {
      if (ops.length === 0) return;
      await db.batch(
        ops.map((o) =>
          o.type === 'put'
            ? { type: 'put' as const, key: o.key, value: o.value }
            : { type: 'del' as const, key: o.key },
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
        for await (const [k, v] of it) yield [k, v];
      } finally {
        await it.close();
      }
    },
    close: () => db.close(),
  };
}
