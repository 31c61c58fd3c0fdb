// HPKE key lifecycle of an aggregator (DAP-18 §4.4.1) and the schema rules of task files.
import { afterAll, describe, expect, it } from 'vitest';
import { HpkeKeyring } from '../../dap/aggregator/hpke-keys.js';
import { hpkeNode, newTaskFiles, parseTaskFile } from '../../dap/index.js';
import { openLevelKv } from '../../dap/storage/level-kv.js';
import type { KvStore } from '../../dap/storage/kv.js';
import { taskParams, tempDir } from './support.js';

const stores: KvStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

describe('HPKE key lifecycle', () => {
  it('advertises active keys only, decrypts with pending not expired, forgets deleted, survives restart', async () => {
    const dir = tempDir('keys');
    let store = await openLevelKv(dir);
    const ring = await HpkeKeyring.open(store, hpkeNode);
    const [first] = ring.active();
    expect(first).toBeDefined();
    const next = await ring.addPending();
    expect(ring.active().map((c) => c.id)).toEqual([first?.id]);
    expect(ring.get(next)?.state).toBe('pending');
    await expect(ring.setState(first?.id ?? -1, 'expired')).rejects.toThrow(/only active key/);
    await ring.setState(next, 'active');
    await ring.setState(first?.id ?? -1, 'expired');
    expect(ring.active().map((c) => c.id)).toEqual([next]);
    expect(ring.get(first?.id ?? -1)).toBeUndefined();
    expect(ring.all().find((k) => k.config.id === first?.id)?.state).toBe('expired');
    await expect(ring.setState(next, 'pending')).rejects.toThrow(/cannot go/);
    await expect(ring.delete(next)).rejects.toThrow(/expired/);
    await ring.delete(first?.id ?? -1);
    expect(ring.get(first?.id ?? -1)).toBeUndefined();
    await store.close();
    store = await openLevelKv(dir);
    stores.push(store);
    const again = await HpkeKeyring.open(store, hpkeNode);
    expect(again.list()).toEqual([{ id: next, state: 'active' }]);
    expect(again.get(next)?.privateKey).toEqual(ring.get(next)?.privateKey);
  });
});

describe('task files', () => {
  const files = newTaskFiles(taskParams('http://127.0.0.1:1', 'http://127.0.0.1:2'));
  it('each role parses as itself and is refused as another', () => {
    for (const role of ['client', 'leader', 'helper', 'collector'] as const) {
      expect(parseTaskFile(files[role], role).role).toBe(role);
      const other = role === 'client' ? 'leader' : 'client';
      expect(() => parseTaskFile(files[role], other)).toThrow(/task file/);
    }
  });
  it('refuses a newer schema, and a client file carrying any secret', () => {
    expect(() => parseTaskFile({ ...files.client, schema: 2 })).toThrow(/newer/);
    for (const secret of [
      'vdaf_verify_key',
      'collector_hpke_private_key',
      'aggregator_auth_token',
      'collector_auth_token',
    ])
      expect(() => parseTaskFile({ ...files.client, [secret]: 'x' }, 'client')).toThrow(
        /must not carry/,
      );
  });
  it('refuses bad task parameters', () => {
    const bad = (task: Record<string, unknown>) => () =>
      parseTaskFile({ ...files.client, task: { ...files.client.task, ...task } });
    expect(bad({ batch_mode: 'fixed_size' })).toThrow(/batch_mode/);
    expect(bad({ time_precision: 0 })).toThrow(/time_precision/);
    expect(bad({ leader: 'ftp://x/' })).toThrow(/http/);
    expect(bad({ vdaf: { type: 'Prio3SumVec', length: 4 } })).toThrow(/max_measurement/);
    expect(bad({ vdaf: { type: 'Prio3Unknown' } })).toThrow(/vdaf.type/);
    expect(bad({ vdaf: { type: 'Poplar1' } })).toThrow(/bits/);
  });
});
