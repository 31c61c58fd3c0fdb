// The KvStore contract, run against both backends (level and PostgreSQL): writes are atomic, scans
// are in byte order, insert refuses a stored key, exclusive serialises writers of several processes
// (two PostgreSQL clients stand for two processes), leases expire and are taken over, and a
// database restart between statements is survived.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KvOp, KvStore } from '../../dap/storage/kv.js';
import { leasesOf } from '../../dap/storage/leases.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import { openPgKv, type PgKvStore } from '../../dap/storage/pg-kv.js';
import { migrate, SCHEMA_VERSION } from '../../dap/storage/pg-schema.js';
import { pgOptions } from '../../dap/storage/pg-url.js';
import {
  decodeJobHead,
  encodeJobRecord,
  JOB_HEAD_BYTES,
  type LeaderJobRecord,
} from '../../dap/leader/job-record.js';
import { FC_RUNS } from '../support/env.js';
import { PG_MISSING, startPrivateCluster, usePg, type PgCluster } from './pg-cluster.js';

const dirs: string[] = [];
let pg: PgCluster | undefined;
beforeAll(() => {
  if (!PG_MISSING) pg = usePg();
});
afterAll(() => {
  pg?.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const backends: [string, () => Promise<KvStore>][] = [
  [
    'level',
    () => {
      const d = mkdtempSync(join(tmpdir(), 'mesh-kv-'));
      dirs.push(d);
      return openLevelKv(d);
    },
  ],
  ['postgres', async () => openPgKv(await (pg as PgCluster).createDatabase())],
];

const bytes = (s: string) => new TextEncoder().encode(s);
const keyArb = fc.stringMatching(/^[a-c/é0-9]{1,6}$/);
const opArb: fc.Arbitrary<KvOp> = fc.oneof(
  fc.record({
    type: fc.constant('put' as const),
    key: keyArb,
    value: fc.uint8Array({ maxLength: 8 }),
  }),
  fc.record({ type: fc.constant('del' as const), key: keyArb }),
);

async function all(store: KvStore, prefix = ''): Promise<[string, number[]][]> {
  const out: [string, number[]][] = [];
  for await (const [k, v] of store.scan(prefix)) out.push([k, [...v]]);
  return out;
}

describe.each(backends)('%s store', (name, open) => {
  const skip = name === 'postgres' && PG_MISSING !== undefined;

  it.skipIf(skip)('applies batches as a model map does, scans in byte order', async () => {
    const store = await open();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(opArb, { maxLength: 6 }), { maxLength: 5 }),
          async (batches) => {
            await store.write((await all(store)).map(([key]) => ({ type: 'del' as const, key })));
            const model = new Map<string, number[]>();
            for (const b of batches) {
              await store.write(b);
              for (const o of b) {
                if (o.type === 'del') model.delete(o.key);
                else model.set(o.key, [...o.value]);
              }
            }
            const sorted = [...model].sort(([a], [b]) =>
              Buffer.compare(Buffer.from(a), Buffer.from(b)),
            );
            expect(await all(store)).toEqual(sorted);
            const some = [...model.keys()].slice(0, 2).concat(['zz']);
            expect((await store.getMany(some)).map((v) => (v ? [...v] : undefined))).toEqual(
              some.map((k) => model.get(k)),
            );
          },
        ),
        { numRuns: Math.min(FC_RUNS, 30) },
      );
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)(
    'puts and inserts of many sizes in one write; present() tells stored keys',
    async () => {
      const store = await open();
      try {
        // Sizes around the statement's cuts: empty, one byte, and a job's record of a few hundred reports.
        const sizes = [0, 1, 7, 0, 2049, 300_000, 3];
        const value = (n: number, seed: number) =>
          Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
        const ops: KvOp[] = sizes.flatMap((n, i) => [
          { type: 'put' as const, key: `v/put/${String(i)}`, value: value(n, i) },
          { type: 'insert' as const, key: `v/ins/${String(i)}`, value: value(n, 100 + i) },
        ]);
        await store.write(ops);
        const got = await store.getMany(ops.map((o) => o.key));
        got.forEach((v, i) => {
          const o = ops[i];
          expect(o?.type === 'del' ? undefined : Buffer.from(o?.value ?? [])).toEqual(
            v && Buffer.from(v),
          );
        });
        expect(await store.present(['v/put/5', 'v/none', 'v/ins/0', 'v/put/'])).toEqual([
          true,
          false,
          true,
          false,
        ]);
        expect(await store.present([])).toEqual([]);
        await store.write([{ type: 'del', key: 'v/put/5' }]);
        expect(await store.present(['v/put/5', 'v/put/6'])).toEqual([false, true]);
        if (name === 'postgres') {
          // Migration 4: values are stored uncompressed (the column's storage is EXTERNAL).
          const [col] = await (store as PgKvStore).sql<{ s: string }[]>`SELECT attstorage AS s
          FROM pg_attribute WHERE attrelid = 'dap_kv'::regclass AND attname = 'value'`;
          expect(col?.s).toBe('e');
        }
      } finally {
        await store.close();
      }
    },
  );

  it.skipIf(skip)('scans a prefix past one page, honours limit and lt', async () => {
    const store = await open();
    try {
      const ops: KvOp[] = [];
      for (let i = 0; i < 2500; i++)
        ops.push({ type: 'put', key: `p/${String(i).padStart(5, '0')}`, value: bytes('x') });
      await store.write([...ops, { type: 'put', key: 'q/1', value: bytes('y') }]);
      expect((await all(store, 'p/')).length).toBe(2500);
      const some: string[] = [];
      for await (const [k] of store.scan('p/', { limit: 1200, lt: 'p/01000' })) some.push(k);
      expect(some.length).toBe(1000);
      expect(some[999]).toBe('p/00999');
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('insert refuses a stored key and writes nothing of that batch', async () => {
    const store = await open();
    try {
      await store.write([{ type: 'insert', key: 'seen/1', value: bytes('') }]);
      await expect(
        store.write([
          { type: 'put', key: 'other', value: bytes('v') },
          { type: 'insert', key: 'seen/1', value: bytes('') },
        ]),
      ).rejects.toMatchObject({ code: 'storage_conflict' });
      expect(await store.get('other')).toBeUndefined();
      // Inside exclusive, a refused insert fails the sequence and no callback runs; on PostgreSQL
      // the sequence is one transaction, so none of its writes stays (level commits each write).
      let called = 0;
      await expect(
        store.exclusive(async () => {
          await store.write([{ type: 'put', key: 'other', value: bytes('v') }]);
          await store.write([{ type: 'insert', key: 'seen/1', value: bytes('') }]);
          store.afterCommit(() => called++);
          return store.get('other');
        }),
      ).rejects.toMatchObject({ code: 'storage_conflict' });
      expect(called).toBe(0);
      if (name === 'postgres') expect(await store.get('other')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it.skipIf(skip)('a scan with head sends the first bytes of each value: a job head', async () => {
    const store = await open();
    const jobArb: fc.Arbitrary<LeaderJobRecord> = fc.record(
      {
        id: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        reports: fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 3 }),
        attempts: fc.constant([]),
        body: fc.uint8Array({ maxLength: 600 }),
        batchId: fc
          .uint8Array({ minLength: 32, maxLength: 32 })
          .map((b) => Buffer.from(b).toString('hex')),
        minTime: fc.nat(),
        maxTime: fc.nat(),
      },
      { requiredKeys: ['id', 'reports', 'attempts', 'body', 'minTime', 'maxTime'] },
    );
    try {
      await fc.assert(
        fc.asyncProperty(jobArb, async (job) => {
          const value = encodeJobRecord(job);
          await store.write([{ type: 'put', key: 'job/1', value }]);
          const got: Uint8Array[] = [];
          for await (const [, v] of store.scan('job/', { head: JOB_HEAD_BYTES })) got.push(v);
          expect(got.map((v) => [...v])).toEqual([[...value.subarray(0, JOB_HEAD_BYTES)]]);
          const { id, minTime, maxTime, batchId } = job;
          expect(decodeJobHead(got[0] ?? value)).toEqual({
            id,
            minTime,
            maxTime,
            ...(batchId === undefined ? {} : { batchId }),
          });
        }),
        { numRuns: Math.min(FC_RUNS, 30) },
      );
    } finally {
      await store.close();
    }
  });
});

describe.skipIf(PG_MISSING !== undefined)('postgres store across processes', () => {
  it('exclusive serialises read-modify-write of two clients: no increment lost', async () => {
    const url = await (pg as PgCluster).createDatabase();
    const a = await openPgKv(url);
    const b = await openPgKv(url);
    try {
      const inc = (s: KvStore) =>
        s.exclusive(async () => {
          const v = await s.get('n');
          const n = v ? Number(new TextDecoder().decode(v)) : 0;
          await new Promise((r) => setTimeout(r, 1));
          await s.write([{ type: 'put', key: 'n', value: bytes(String(n + 1)) }]);
        });
      await Promise.all(Array.from({ length: 40 }, (_, i) => inc(i % 2 ? a : b)));
      expect(new TextDecoder().decode(await a.get('n'))).toBe('40');
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('migrates once, records the version, refuses a newer schema', async () => {
    const url = await (pg as PgCluster).createDatabase();
    const s = await openPgKv(url);
    await s.close();
    const o = pgOptions(url);
    const sql = postgres(o.url, o.options);
    try {
      expect(await migrate(sql)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION });
      await sql`INSERT INTO dap_schema_version (version) VALUES (${SCHEMA_VERSION + 1})`;
      await expect(openPgKv(url)).rejects.toMatchObject({ code: 'storage_schema_newer' });
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('leases: one holder at a time, renewal, release, takeover after expiry', async () => {
    const LEASE_MS = 1000;
    const url = await (pg as PgCluster).createDatabase();
    const a = await openPgKv(url);
    const b = await openPgKv(url);
    try {
      const la = leasesOf(a);
      const lb = leasesOf(b);
      // Leases long enough that a loaded machine's scheduling never expires one between two claims.
      expect(await la.claim('t', LEASE_MS)).toBe('acquired');
      expect(await lb.claim('t', LEASE_MS)).toBe('busy');
      expect(await la.claim('t', LEASE_MS)).toBe('held');
      await new Promise((r) => setTimeout(r, LEASE_MS + 150));
      expect(await lb.claim('t', 10_000)).toBe('taken_over');
      expect(await la.claim('t', LEASE_MS)).toBe('busy');
      await lb.release('t');
      expect(await la.claim('t', LEASE_MS)).toBe('taken_over');
      // Claimants racing for a new lease, then for an expired one: exactly one wins each race.
      const racers = [a, b, a, b, a, b, a, b].map((s) => leasesOf(s));
      const first = await Promise.all(racers.map((l) => l.claim('r', LEASE_MS)));
      expect(first.filter((r) => r !== 'busy')).toEqual(['acquired']);
      await new Promise((r) => setTimeout(r, LEASE_MS + 150));
      const second = await Promise.all(racers.map((l) => l.claim('r', 10_000)));
      expect(second.filter((r) => r !== 'busy').length).toBe(1);
      expect(second.filter((r) => r !== 'busy')[0]).toMatch(/^(held|taken_over)$/);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(PG_MISSING !== undefined)('postgres store and a database restart', () => {
  it('retries statements and transactions through a restart, counting each retry', async () => {
    const own = startPrivateCluster();
    let retries = 0;
    const store = await openPgKv(await own.createDatabase(), { onRetry: () => retries++ });
    try {
      await store.write([{ type: 'put', key: 'a', value: bytes('1') }]);
      own.restart();
      expect([...((await store.get('a')) ?? [])]).toEqual([...bytes('1')]);
      own.restart();
      await store.exclusive(async () => {
        await store.write([{ type: 'put', key: 'b', value: bytes('2') }]);
      });
      expect((await all(store)).map(([k]) => k)).toEqual(['a', 'b']);
      expect(retries).toBeGreaterThan(0);
    } finally {
      await store.close();
      own.stop();
    }
  });
});
