// A Helper that answers garbage: the Leader keeps the job and its reports, commits nothing, and once
// the Helper answers properly the collected aggregate is still exact (no report lost or doubled).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import * as m from '../../dap/messages/index.js';
import { dump, harness, type Harness } from './harness.js';
import { collectTicking } from './requests.js';
import { listen, type Listening } from './support.js';

let h: Harness;
let mode: 'garbage' | 'error' | 'pass' = 'garbage';

async function front(helper: Listening): Promise<Listening> {
  const f = await listen();
  f.app.all('*', async (c) => {
    const jobs = c.req.path.includes('/aggregation_jobs');
    if (jobs && mode === 'garbage')
      return new Response(Uint8Array.of(1, 2, 3, 4, 5), {
        headers: { 'content-type': m.MediaType.aggregationJobResp },
      });
    if (jobs && mode === 'error') return new Response('boom', { status: 503 });
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
  h = await harness({ min_batch_size: 4 }, {}, front);
});
afterAll(async () => {
  await h.close();
});

describe('Leader facing a misbehaving Helper', () => {
  it('retries with the identical request and loses nothing', async () => {
    const client = new DapClient(h.files.client);
    const t = Math.floor(Date.now() / 1000);
    expect(
      (await client.upload([1, 1, 0, 1, 1].map((measurement) => ({ measurement, timeSeconds: t }))))
        .accepted,
    ).toBe(5);
    const task = h.files.client.task_id;
    for (const m2 of ['garbage', 'error'] as const) {
      mode = m2;
      await h.driver.tick();
      const state = await dump(h.leader.store);
      const jobs = [...state.keys()].filter((k) => k.startsWith(K.jobPrefix(task)));
      expect(jobs).toHaveLength(1);
      expect([...state.keys()].filter((k) => k.startsWith(K.bucketPrefix(task)))).toEqual([]);
      await new Promise((r) => setTimeout(r, 600));
    }
    mode = 'pass';
    await h.driver.tick();
    const c = await collectTicking(h, { start: Math.floor(t / 60) - 1, duration: 3 });
    expect(c.aggregate).toBe(4);
    expect(c.reportCount).toBe(5);
  });
});
