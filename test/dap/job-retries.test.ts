// DAP-18 §4.5.1.1 with bounded retries (docs/dap.md "Retries"): a Helper that keeps failing
// transiently makes the job fail after jobRetries attempts; its reports are rejected, and a
// collection overlapping them goes on instead of waiting for a job that can no longer finish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import { dump, harness, type Harness } from './harness.js';
import { collectTicking } from './requests.js';
import { listen, type Listening } from './support.js';

let h: Harness;
let down = true;
let attempts = 0;

async function front(helper: Listening): Promise<Listening> {
  const f = await listen();
  f.app.all('*', async (c) => {
    if (c.req.path.includes('/aggregation_jobs') && down) {
      attempts++;
      return new Response('unavailable', { status: 503 });
    }
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' ? undefined : new Uint8Array(await c.req.arrayBuffer());
    return fetch(`${helper.url}${url.pathname}${url.search}`, {
      method: c.req.method,
      headers: c.req.raw.headers,
      ...(body ? { body } : {}),
    });
  });
  return f;
}

beforeAll(async () => {
  h = await harness(
    { min_batch_size: 2 },
    { jobRetries: 3, jobRetryMs: 10, jobRetryMaxMs: 40 },
    front,
  );
});
afterAll(async () => {
  await h.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const keys = async (prefix: string) =>
  [...(await dump(h.leader.store)).keys()].filter((k) => k.startsWith(prefix));

describe('a Helper that never recovers', () => {
  it('fails the job after its retries; its reports are rejected and collection proceeds', async () => {
    const task = h.files.client.task_id;
    const client = new DapClient(h.files.client);
    const t = Math.floor(Date.now() / 1000);
    const lost = await client.upload(
      [1, 1, 1].map((measurement) => ({ measurement, timeSeconds: t })),
    );
    expect(lost.accepted).toBe(3);
    await h.driver.tick();
    expect(await keys(K.jobPrefix(task))).toHaveLength(1);
    expect(await keys(K.jobTries(task, ''))).toHaveLength(1);
    for (let i = 0; i < 100 && (await keys(K.jobPrefix(task))).length > 0; i++) {
      await sleep(20);
      await h.driver.tick();
    }
    // The first try and three retries, then the job is gone with its retry count and reports.
    expect(attempts).toBe(4);
    expect(await keys(K.jobPrefix(task))).toEqual([]);
    expect(await keys(K.jobTries(task, ''))).toEqual([]);
    expect(await keys(K.pendingPrefix(task))).toEqual([]);

    down = false;
    const honest = await client.upload(
      [1, 0].map((measurement) => ({ measurement, timeSeconds: t })),
    );
    expect(honest.accepted).toBe(2);
    const c = await collectTicking(h, { start: Math.floor(t / 60) - 1, duration: 3 });
    expect(c).toMatchObject({ aggregate: 1, reportCount: 2 });
  }, 60_000);
});
