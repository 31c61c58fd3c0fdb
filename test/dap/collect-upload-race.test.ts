// DAP-18 §4.6.1 and §4.4.2: a time-interval batch is summed once, so an upload racing its
// collection is either aggregated into it or refused with batch_collected, never accepted and
// then left out. Uploads are fired while the driver collects, over many rounds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K, pad } from '../../dap/aggregator/keys.js';
import * as m from '../../dap/messages/index.js';
import { dump, harness, type Harness } from './harness.js';
import { send } from './requests.js';

const EMPTY = new Uint8Array(0);
const TP = 60;
const ROUNDS = 24;
const LATE = 6;
let h: Harness;
let client: DapClient;

beforeAll(async () => {
  h = await harness({ min_batch_size: 2, time_precision: TP });
  client = new DapClient(h.files.client);
});
afterAll(async () => {
  await h.close();
});

const task = () => h.files.client.task_id;

/** Uploads one report at `seconds`; true if the Leader accepted it. */
async function upload(seconds: number): Promise<boolean> {
  const r = await client.prepare({ measurement: 1, timeSeconds: seconds });
  const res = await send('POST', `${h.leaderUrl}tasks/${task()}/reports`, {
    type: m.MediaType.uploadReq,
    body: m.encodeUploadRequest([r]),
  });
  expect(res.status).toBe(200);
  if (res.bytes.length === 0) return true;
  expect(m.decodeUploadErrors(res.bytes).map((e) => e.error)).toEqual(['batch_collected']);
  return false;
}

async function collect(i: m.Interval): Promise<number> {
  const body = m.encodeCollectionJobReq({
    query: m.timeIntervalQuery(i),
    aggParam: EMPTY,
    extensions: [],
  });
  const token = h.files.collector.collector_auth_token;
  const url = `${h.leaderUrl}tasks/${task()}/collection_jobs`;
  const created = await send('POST', url, { type: m.MediaType.collectionJobReq, body, token });
  expect(created.status).toBe(201);
  const job = new URL(created.location ?? '', h.leaderUrl).toString();
  // Late uploads land while this tick scans, sums and marks the batch collected.
  const late = Array.from({ length: LATE }, (_, k) =>
    new Promise((r) => setTimeout(r, k)).then(() => upload(i.start * TP + TP)),
  );
  const [accepted] = await Promise.all([Promise.all(late), h.driver.tick()]);
  for (let k = 0; k < 4; k++) await h.driver.tick();
  const done = await send('GET', job, { token });
  expect(done.type).toBe(m.MediaType.collectionJobResp);
  const count = m.decodeCollectionJobResp(done.bytes).reportCount;
  const prefix = K.pendingPrefix(task());
  const waiting = [...(await dump(h.leader.store)).keys()].filter(
    (k) => k >= prefix + pad(i.start) && k < prefix + pad(i.start + i.duration),
  );
  // Whatever was accepted for the interval is in the one aggregate; nothing is left waiting.
  expect(waiting).toEqual([]);
  return count - (2 + accepted.filter(Boolean).length);
}

it(`an upload racing its batch's collection is counted or refused, over ${ROUNDS} rounds`, async () => {
  const now = Math.floor(Date.now() / 1000);
  for (let r = 0; r < ROUNDS; r++) {
    const t = now - 3600 - r * 600;
    const i: m.Interval = { start: Math.floor(t / TP) - 1, duration: 3 };
    expect(await upload(t)).toBe(true);
    expect(await upload(t)).toBe(true);
    await h.driver.tick();
    expect(await collect(i)).toBe(0);
  }
});
