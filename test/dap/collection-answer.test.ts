// DAP-18 §3.1 and §4.6.1 at the Leader: with its driver running, a collection job whose batch is
// already aggregated is answered with the result in the creating request itself, and one that
// fails at once (too few reports) with its problem, instead of an empty 201 and a Retry-After.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import * as m from '../../dap/messages/index.js';
import { harness, type Harness } from './harness.js';
import { send } from './requests.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ min_batch_size: 3 }, { tickMs: 10 });
});
afterAll(async () => {
  await h.close();
});

const task = () => h.files.client.task_id;

async function idle(): Promise<void> {
  const left = async () => {
    let n = 0;
    for (const p of [K.pendingPrefix(task()), K.jobPrefix(task())])
      for await (const _ of h.leader.store.scan(p)) n++;
    return n;
  };
  while ((await left()) > 0) await new Promise((r) => setTimeout(r, 10));
}

async function create(i: m.Interval) {
  const body = m.encodeCollectionJobReq({
    query: m.timeIntervalQuery(i),
    aggParam: new Uint8Array(0),
    extensions: [],
  });
  const url = `${h.leaderUrl}tasks/${task()}/collection_jobs`;
  const token = h.files.collector.collector_auth_token;
  return send('POST', url, { type: m.MediaType.collectionJobReq, body, token });
}

it('answers the creating request with the result when the batch is already aggregated', async () => {
  const t = Math.floor(Date.now() / 1000) - 86_400;
  const subs = [1, 0, 1, 1].map((measurement) => ({ measurement, timeSeconds: t }));
  expect((await new DapClient(h.files.client).upload(subs)).accepted).toBe(4);
  await idle();
  const res = await create({ start: Math.floor(t / 60) - 1, duration: 3 });
  expect(res.status).toBe(200);
  expect(res.type).toBe(m.MediaType.collectionJobResp);
  expect(res.location).toContain('/collection_jobs/');
  expect(m.decodeCollectionJobResp(res.bytes).reportCount).toBe(4);
});

it('answers the creating request with the problem when the batch is too small', async () => {
  const t = Math.floor(Date.now() / 1000) - 2 * 86_400;
  const subs = [{ measurement: 1, timeSeconds: t }];
  expect((await new DapClient(h.files.client).upload(subs)).accepted).toBe(1);
  await idle();
  const res = await create({ start: Math.floor(t / 60) - 1, duration: 3 });
  expect(res.problem?.type).toBe('urn:ietf:params:ppm:dap:error:invalidBatchSize');
});
