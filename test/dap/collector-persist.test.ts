// DAP-18 §4.6.1 and §4.6.6: the Collector deletes the Leader's collection job only once the caller
// made the result durable; a caller that fails (or dies) before that finds the same batch again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, DapClient, type Collection } from '../../dap/index.js';
import { harness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await harness({ min_batch_size: 2, batch_mode: 'leader_selected' }, { tickMs: 20 });
});
afterAll(async () => {
  await h.close();
});

describe('collect() with persist', () => {
  it('keeps the job when persist fails, and hands out the same batch (same id) again', async () => {
    const t = Math.floor(Date.now() / 1000);
    const up = await new DapClient(h.files.client).upload(
      [1, 1, 0].map((measurement) => ({ measurement, timeSeconds: t })),
    );
    expect(up.accepted).toBe(3);
    const crash = new Error('killed before the proposal was written');
    const first = collect(
      h.files.collector,
      { next: true },
      {
        timeoutMs: 20_000,
        persist: () => {
          throw crash;
        },
      },
    );
    await expect(first).rejects.toBe(crash);
    const seen: Collection[] = [];
    const again = await collect(
      h.files.collector,
      { next: true },
      {
        timeoutMs: 20_000,
        persist: (c) => {
          seen.push(c);
        },
      },
    );
    expect(again).toMatchObject({ aggregate: 2, reportCount: 3 });
    expect(seen.map((c) => c.id)).toEqual([again.id]);
    expect(again.id).toMatch(/^[0-9a-f]{64}$/);
    // Persisted and deleted: the next "next batch" query has nothing to collect.
    await expect(
      collect(h.files.collector, { next: true }, { timeoutMs: 1500 }),
    ).rejects.toMatchObject({ code: 'http_failed' });
  }, 60_000);
});
