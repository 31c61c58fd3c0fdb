// DAP-18 §4.6.1 and §5.2 repeated and overlapping collections in leader_selected mode: an identical
// request names the existing job; after it is deleted the same "next batch" query gets the next
// batch, never one already collected; the Helper refuses a second share of a collected batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import * as m from '../../dap/messages/index.js';
import { dump, harness, type Harness } from './harness.js';
import { send, unchanged, urn } from './requests.js';

const EMPTY = new Uint8Array(0);
let h: Harness;

beforeAll(async () => {
  h = await harness({ min_batch_size: 2, batch_mode: 'leader_selected' });
});
afterAll(async () => {
  await h.close();
});

const task = () => h.files.client.task_id;
const next = m.encodeCollectionJobReq({
  query: m.leaderSelectedQuery(),
  aggParam: EMPTY,
  extensions: [],
});
const token = () => h.files.collector.collector_auth_token;
const post = () =>
  send('POST', `${h.leaderUrl}tasks/${task()}/collection_jobs`, {
    type: m.MediaType.collectionJobReq,
    body: next,
    token: token(),
  });
const upload = async (ms: number[]) => {
  const t = Math.floor(Date.now() / 1000);
  const up = await new DapClient(h.files.client).upload(
    ms.map((measurement) => ({ measurement, timeSeconds: t })),
  );
  expect(up.accepted).toBe(ms.length);
  await h.driver.tick();
};

describe('leader_selected collections', () => {
  it('identical request = same job; the next one gets only the next batch', async () => {
    await upload([1, 1]);
    const first = await post();
    expect(first.status).toBe(201);
    await h.driver.tick();
    await h.driver.tick();
    const job = new URL(first.location ?? '', h.leaderUrl).toString();
    const done = await send('GET', job, { token: token() });
    expect(done.type).toBe(m.MediaType.collectionJobResp);
    expect(m.decodeCollectionJobResp(done.bytes).reportCount).toBe(2);
    const same = await unchanged(h, post);
    expect([same.location, same.bytes]).toEqual([first.location, done.bytes]);

    // The batch the Helper already gave a share for cannot be asked for again.
    const batchKey = [...(await dump(h.helper.store)).keys()].find((k) =>
      k.startsWith(`${K.bucketPrefix(task())}ls/`),
    );
    const batchId = Buffer.from(batchKey?.split('/').pop() ?? '', 'hex');
    expect(batchId.length).toBe(32);
    const shareReq = m.encodeAggregateShareReq({
      collectionJobReq: m.decodeCollectionJobReq(next),
      batchSelector: { batchMode: m.BatchMode.leader_selected, config: batchId },
      reportCount: 3,
      checksum: new Uint8Array(32),
    });
    const again = await unchanged(h, () =>
      send('POST', `${h.helperUrl}tasks/${task()}/aggregate_shares`, {
        type: m.MediaType.aggregateShareReq,
        body: shareReq,
        token: h.files.leader.aggregator_auth_token,
      }),
    );
    expect([again.status, again.problem?.type]).toEqual([400, urn('batchOverlap')]);

    expect((await send('DELETE', job, { token: token() })).status).toBe(204);
    const second = await post();
    expect(second.status).toBe(201);
    expect(second.location).not.toBe(first.location);
    const job2 = new URL(second.location ?? '', h.leaderUrl).toString();
    // No new batch is big enough: the job waits (and says when to ask again).
    await h.driver.tick();
    const waiting = await send('GET', job2, { token: token() });
    expect([waiting.status, waiting.bytes.length, waiting.retryAfter]).toEqual([200, 0, '1']);
    await upload([0, 1, 1]);
    await h.driver.tick();
    await h.driver.tick();
    const got = await send('GET', job2, { token: token() });
    expect(got.type).toBe(m.MediaType.collectionJobResp);
    // Only the three new reports: the collected batch was not collected again.
    expect(m.decodeCollectionJobResp(got.bytes).reportCount).toBe(3);
  });
});
