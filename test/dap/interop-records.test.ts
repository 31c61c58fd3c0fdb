// Stored interop records (dap/interop/records.ts) on a real level store: what is put is scanned back
// unchanged, and a record of a newer schema stops the load instead of being dropped.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { putRecord, scanRecords } from '../../dap/interop/records.js';
import { jsonValue } from '../../dap/storage/kv.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import type { KvStore } from '../../dap/storage/kv.js';
import { FC_RUNS } from '../support/env.js';
import { tempDir } from './support.js';

const stores: KvStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

describe('interop records', () => {
  it('round-trip through the store under their prefix', async () => {
    const store = await openLevelKv(tempDir('records'));
    stores.push(store);
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { maxLength: 5 }),
        fc.jsonValue({ maxDepth: 3 }),
        async (ids, value) => {
          const prefix = `p${round++}/`;
          for (const id of ids) await putRecord(store, prefix + id, value);
          const got = await scanRecords(store, prefix);
          expect(got.map(([k]) => k).sort()).toEqual([...ids].sort());
          // JSON has no -0 and no undefined members: compare what JSON keeps.
          for (const [, v] of got) expect(v).toEqual(JSON.parse(JSON.stringify(value)));
        },
      ),
      { numRuns: Math.min(FC_RUNS, 50) },
    );
  });

  it('refuses a newer schema', async () => {
    const store = await openLevelKv(tempDir('records'));
    stores.push(store);
    await store.write([{ type: 'put', key: 'x/a', value: jsonValue({ schema: 2, value: 1 }) }]);
    await expect(scanRecords(store, 'x/')).rejects.toThrow(/newer/);
  });
});
