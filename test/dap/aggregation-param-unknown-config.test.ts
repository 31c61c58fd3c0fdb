// DAP-18 §4.6.2.2 unknown HPKE config ids at the Helper's initialization (both task kinds go through
// ensureConfigsKnown): on a store shared by a fleet, a config id this process does not hold costs one
// re-read of the keys per UNKNOWN_CONFIG_REREAD_MS however many reports or jobs carry it, and a key
// another process added is found by the next re-read.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hpkeDefault } from '../../dap/index.js';
import { HpkeKeyring } from '../../dap/aggregator/hpke-keys.js';
import { ensureConfigsKnown, UNKNOWN_CONFIG_REREAD_MS } from '../../dap/helper/aggregation-init.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import type { KvStore } from '../../dap/storage/kv.js';
import { tempDir } from './support.js';

let level: KvStore | undefined;
afterEach(async () => {
  await level?.close();
});

/** A real level store seen as a fleet's shared store, counting the scans of the HPKE keys. */
function sharedView(store: KvStore): { view: KvStore; keyReads: () => number } {
  let reads = 0;
  const view: KvStore = {
    kind: store.kind,
    shared: true,
    get: (k) => store.get(k),
    getMany: (ks) => store.getMany(ks),
    present: (ks) => store.present(ks),
    write: (ops) => store.write(ops),
    scan(prefix, opts) {
      if (prefix === 'hpke/') reads++;
      return store.scan(prefix, opts);
    },
    exclusive: (f) => store.exclusive(f),
    afterCommit: (cb) => {
      store.afterCommit(cb);
    },
    ping: () => store.ping(),
    close: () => store.close(),
  };
  return { view, keyReads: () => reads };
}

describe('unknown HPKE config ids at the Helper', () => {
  it('cost one key read per interval, not one per report or job', async () => {
    level = await openLevelKv(join(tempDir('unknown-config'), 'kv'));
    const { view, keyReads } = sharedView(level);
    const ring = await HpkeKeyring.open(view, hpkeDefault);
    const other = await HpkeKeyring.open(view, hpkeDefault); // another process of the fleet
    const own = ring.active()[0]?.id ?? -1;
    const before = keyReads();
    const t0 = 1_000_000;
    // A known id never reads; 200 jobs of 100 reports sealed to ids nobody holds read once.
    await ensureConfigsKnown(ring, [own, own], t0);
    expect(keyReads()).toBe(before);
    const hostile = Array.from({ length: 100 }, (_, i) => (own + 1 + i) % 256);
    for (let job = 0; job < 200; job++)
      await ensureConfigsKnown(ring, hostile, t0 + (job * UNKNOWN_CONFIG_REREAD_MS) / 400);
    expect(keyReads()).toBe(before + 1);

    // A key the other process adds is found at the next re-read once the interval has passed.
    const added = await other.addPending();
    const afterAdd = keyReads();
    expect(ring.get(added)).toBeUndefined();
    await ensureConfigsKnown(ring, [added], t0 + UNKNOWN_CONFIG_REREAD_MS / 2);
    expect(ring.get(added)).toBeUndefined();
    await ensureConfigsKnown(ring, [added], t0 + UNKNOWN_CONFIG_REREAD_MS);
    expect(keyReads()).toBe(afterAdd + 1);
    expect(ring.get(added)?.config.id).toBe(added);
  });
});
