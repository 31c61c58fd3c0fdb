// DAP-18 §4.5 aggregation-job creation at the Leader: reports wait until minJobSize of them are
// there, or until the oldest has waited maxJobAgeMs; either way each is aggregated once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import { dump, harness, type Harness } from './harness.js';

const MAX_AGE_MS = 1500;
let h: Harness;
let client: DapClient;

beforeAll(async () => {
  h = await harness({ min_batch_size: 1 }, { minJobSize: 3, maxJobAgeMs: MAX_AGE_MS });
  client = new DapClient(h.files.client);
});
afterAll(async () => {
  await h.close();
});

const task = () => h.files.client.task_id;
async function state() {
  const s = await dump(h.leader.store);
  const keys = [...s.keys()];
  return {
    pending: keys.filter((k) => k.startsWith(K.pendingPrefix(task()))).length,
    buckets: keys.filter((k) => k.startsWith(K.bucketPrefix(task()))).length,
    jobs: keys.filter((k) => k.startsWith(K.jobPrefix(task()))).length,
  };
}
// Noon of the day `daysAgo` days back: uploads of one test share one time bucket whatever the clock.
const upload = async (n: number, daysAgo: number) => {
  const t = Math.floor(Date.now() / 1000 / 86_400) * 86_400 - daysAgo * 86_400 + 43_200;
  const subs = Array.from({ length: n }, () => ({ measurement: 1, timeSeconds: t }));
  expect((await client.upload(subs)).accepted).toBe(n);
};

describe('Leader job creator', () => {
  it('waits for minJobSize reports, then aggregates them in one job', async () => {
    await upload(2, 1);
    await h.driver.tick();
    expect(await state()).toEqual({ pending: 2, buckets: 0, jobs: 0 });
    await upload(1, 1);
    await h.driver.tick();
    expect(await state()).toMatchObject({ pending: 0, buckets: 1, jobs: 0 });
  });

  it('flushes fewer than minJobSize reports once the oldest waited maxJobAgeMs', async () => {
    await upload(1, 2);
    await h.driver.tick();
    expect(await state()).toMatchObject({ pending: 1, buckets: 1 });
    // A second upload does not restart the clock of the first.
    await new Promise((r) => setTimeout(r, MAX_AGE_MS / 2));
    await upload(1, 2);
    await h.driver.tick();
    expect(await state()).toMatchObject({ pending: 2, buckets: 1 });
    await new Promise((r) => setTimeout(r, MAX_AGE_MS / 2 + 200));
    await h.driver.tick();
    expect(await state()).toMatchObject({ pending: 0, buckets: 2, jobs: 0 });
  });
});
