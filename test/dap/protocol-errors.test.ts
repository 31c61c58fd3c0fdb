// DAP-18 error paths the happy-path suites do not reach, against real Leader and Helper servers:
// each request gets the draft's problem type or ReportError, and a refused one changes no state.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import * as m from '../../dap/messages/index.js';
import { dump, harness, verifyInitsOf, type Harness } from './harness.js';
import { send, tickLoop, unchanged, urn } from './requests.js';

const EMPTY = new Uint8Array(0);
const TP = 60;
let h: Harness;
let client: DapClient;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  h = await harness({ min_batch_size: 2, time_precision: TP });
  client = new DapClient(h.files.client);
});
afterAll(async () => {
  await h.close();
});

const task = () => h.files.client.task_id;
const reportsUrl = () => `${h.leaderUrl}tasks/${task()}/reports`;
const leaderToken = () => h.files.leader.aggregator_auth_token;
const collectorToken = () => h.files.collector.collector_auth_token;
const pendingKeys = async () =>
  [...(await dump(h.leader.store)).keys()].filter((k) => k.startsWith(K.pendingPrefix(task())));

async function uploadAt(seconds: number, n: number): Promise<m.Report[]> {
  const rs = await Promise.all(
    Array.from({ length: n }, () => client.prepare({ measurement: 1, timeSeconds: seconds })),
  );
  const r = await send('POST', reportsUrl(), {
    type: m.MediaType.uploadReq,
    body: m.encodeUploadRequest(rs),
  });
  expect([r.status, r.bytes.length]).toEqual([200, 0]);
  return rs;
}

const checksumOf = (rs: m.Report[]) => {
  const acc = new Uint8Array(32);
  for (const r of rs) {
    const d = createHash('sha256').update(r.metadata.reportId).digest();
    for (let i = 0; i < 32; i++) acc[i] = (acc[i] ?? 0) ^ (d[i] ?? 0);
  }
  return acc;
};

const intervalAround = (seconds: number): m.Interval => ({
  start: Math.floor(seconds / TP) - 1,
  duration: 3,
});

describe('upload', () => {
  it('a report ID twice in one bulk request: stored once, the second answered report_replayed', async () => {
    const r = await client.prepare({ measurement: 1, timeSeconds: now() });
    const before = await pendingKeys();
    const res = await send('POST', reportsUrl(), {
      type: m.MediaType.uploadReq,
      body: m.encodeUploadRequest([r, r]),
    });
    expect([res.status, res.type]).toEqual([200, m.MediaType.uploadErrors]);
    const errs = m.decodeUploadErrors(res.bytes);
    expect(errs.map((e) => [Buffer.from(e.reportId).toString('hex'), e.error])).toEqual([
      [Buffer.from(r.metadata.reportId).toString('hex'), 'report_replayed'],
    ]);
    const after = await pendingKeys();
    expect(after.length - before.length).toBe(1);
    expect(after.filter((k) => !before.includes(k))[0]).toContain(
      Buffer.from(r.metadata.reportId).toString('hex'),
    );
  });

  it('the report time is truncated down to time_precision (§4.1.1), never rounded', async () => {
    const at = async (s: number) =>
      (await client.prepare({ measurement: 0, timeSeconds: s })).metadata.time;
    const base = Math.floor(now() / TP) * TP;
    expect(await at(base)).toBe(base / TP);
    expect(await at(base + TP - 1)).toBe(base / TP);
    expect(await at(base + 30)).toBe(base / TP);
    expect(await at(base - 1)).toBe(base / TP - 1);
  });

  it('a report in a collected batch is refused with batch_collected and not stored', async () => {
    const t = now() - 2 * 86_400;
    await uploadAt(t, 2);
    await h.driver.tick();
    const stop = tickLoop(h);
    try {
      const c = await collect(h.files.collector, { interval: intervalAround(t) });
      expect(c.reportCount).toBe(2);
    } finally {
      await stop();
    }
    const late = await client.prepare({ measurement: 1, timeSeconds: t });
    const res = await unchanged(h, () =>
      send('POST', reportsUrl(), {
        type: m.MediaType.uploadReq,
        body: m.encodeUploadRequest([late]),
      }),
    );
    expect(m.decodeUploadErrors(res.bytes).map((e) => e.error)).toEqual(['batch_collected']);
  });
});

describe('Helper aggregation job resource', () => {
  const jobsUrl = () => `${h.helperUrl}tasks/${task()}/aggregation_jobs`;

  async function initBody(): Promise<Uint8Array> {
    const reports = await Promise.all(
      [1, 0].map((x) => client.prepare({ measurement: x, timeSeconds: now() })),
    );
    return m.encodeAggregationJobInitReq({
      verificationKeyId: 0,
      aggParam: EMPTY,
      extensions: [],
      verifyInits: verifyInitsOf(h, reports),
    });
  }

  it('GET with a wrong step is stepMismatch; DELETE forgets the job, after which it is unknown', async () => {
    const created = await send('POST', jobsUrl(), {
      type: m.MediaType.aggregationJobInitReq,
      body: await initBody(),
      token: leaderToken(),
    });
    expect(created.status).toBe(201);
    const job = new URL(created.location ?? '', h.helperUrl).toString();
    const opts = { token: leaderToken() };
    await unchanged(h, async () => {
      for (const step of [1, 7]) {
        const r = await send('GET', `${job}?step=${step}`, opts);
        expect([r.status, r.problem?.type]).toEqual([400, urn('stepMismatch')]);
      }
      const ok = await send('GET', `${job}?step=0`, opts);
      expect([ok.status, ok.type]).toEqual([200, m.MediaType.aggregationJobResp]);
      expect(ok.bytes).toEqual(created.bytes);
      expect((await send('DELETE', job, { token: 'not-the-token' })).status).toBe(403);
      expect((await send('DELETE', job)).status).toBe(401);
    });
    const before = await dump(h.helper.store);
    expect((await send('DELETE', job, opts)).status).toBe(204);
    const after = await dump(h.helper.store);
    // Only the job's own records went; the reports it committed stay replay-protected.
    expect([...after.keys()].every((k) => before.get(k) === after.get(k))).toBe(true);
    expect(after.size).toBeLessThan(before.size);
    const gone = await send('GET', `${job}?step=0`, opts);
    expect([gone.status, gone.problem?.type]).toEqual([404, urn('unrecognizedAggregationJob')]);
  });
});

describe('Helper aggregate share resource', () => {
  const sharesUrl = () => `${h.helperUrl}tasks/${task()}/aggregate_shares`;
  const shareReq = (i: m.Interval, reportCount: number, checksum: Uint8Array) =>
    m.encodeAggregateShareReq({
      collectionJobReq: { query: m.timeIntervalQuery(i), aggParam: EMPTY, extensions: [] },
      batchSelector: { batchMode: m.BatchMode.time_interval, config: m.encodeIntervalConfig(i) },
      reportCount,
      checksum,
    });
  const post = (body: Uint8Array) =>
    send('POST', sharesUrl(), { type: m.MediaType.aggregateShareReq, body, token: leaderToken() });

  it('invalidBatchSize, batchMismatch on count and on checksum; then the right one; DELETE', async () => {
    const t = now() - 3 * 86_400;
    const rs = await uploadAt(t, 2);
    await h.driver.tick();
    const i = intervalAround(t);
    const sum = checksumOf(rs);
    const flipped = sum.slice();
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    await unchanged(h, async () => {
      const empty = intervalAround(t - 86_400);
      const small = await post(shareReq(empty, 0, new Uint8Array(32)));
      expect([small.status, small.problem?.type]).toEqual([400, urn('invalidBatchSize')]);
      const count = await post(shareReq(i, 3, sum));
      expect([count.status, count.problem?.type]).toEqual([400, urn('batchMismatch')]);
      const check = await post(shareReq(i, 2, flipped));
      expect([check.status, check.problem?.type]).toEqual([400, urn('batchMismatch')]);
    });
    const ok = await post(shareReq(i, 2, sum));
    expect([ok.status, ok.type]).toEqual([201, m.MediaType.aggregateShare]);
    const share = new URL(ok.location ?? '', h.helperUrl).toString();
    expect((await send('GET', share, { token: leaderToken() })).bytes).toEqual(ok.bytes);
    await unchanged(h, async () => {
      expect((await send('DELETE', share, { token: 'wrong' })).status).toBe(403);
    });
    expect((await send('DELETE', share, { token: leaderToken() })).status).toBe(204);
    expect((await send('GET', share, { token: leaderToken() })).status).toBe(404);
    expect((await send('DELETE', share, { token: leaderToken() })).status).toBe(404);
    // Deleting the share does not reopen the batch (§4.6.3: collected once).
    const again = await unchanged(h, () => post(shareReq(i, 2, sum)));
    expect(again.problem?.type).toBe(urn('batchOverlap'));
  });
});

describe('Leader collection job resource', () => {
  const jobsUrl = () => `${h.leaderUrl}tasks/${task()}/collection_jobs`;
  const req = (i: m.Interval) =>
    m.encodeCollectionJobReq({ query: m.timeIntervalQuery(i), aggParam: EMPTY, extensions: [] });
  const post = (body: Uint8Array) =>
    send('POST', jobsUrl(), { type: m.MediaType.collectionJobReq, body, token: collectorToken() });

  it('Retry-After while unfinished; an identical POST names the same job; DELETE forgets it', async () => {
    const t = now() - 4 * 86_400;
    await uploadAt(t, 2);
    const i = intervalAround(t);
    // Not aggregated yet (no tick): the job cannot finish.
    const created = await post(req(i));
    expect([created.status, created.retryAfter, created.bytes.length]).toEqual([201, '1', 0]);
    const job = new URL(created.location ?? '', h.leaderUrl).toString();
    const polled = await send('GET', job, { token: collectorToken() });
    expect([polled.status, polled.retryAfter, polled.bytes.length]).toEqual([200, '1', 0]);
    const same = await unchanged(h, () => post(req(i)));
    expect(same.location).toBe(created.location);
    // Not collected yet, so an overlapping query is a second job rather than batchOverlap; of the
    // two, whichever the Leader drives first collects and the other fails with batchOverlap.
    const overlap = await post(req({ start: i.start + 1, duration: 3 }));
    expect(overlap.status).toBe(201);
    await h.driver.tick();
    await h.driver.tick();
    const jobs = [job, new URL(overlap.location ?? '', h.leaderUrl).toString()];
    const states = await Promise.all(jobs.map((j) => send('GET', j, { token: collectorToken() })));
    const done = states.filter((s) => s.type === m.MediaType.collectionJobResp);
    expect(done).toHaveLength(1);
    expect(done[0]?.retryAfter).toBeNull();
    expect(m.decodeCollectionJobResp(done[0]?.bytes ?? EMPTY).reportCount).toBe(2);
    const failed = states.filter((s) => s !== done[0]);
    expect(failed.map((s) => [s.status, s.problem?.type])).toEqual([[400, urn('batchOverlap')]]);
    await unchanged(h, async () => {
      expect((await send('DELETE', job, { token: 'wrong' })).status).toBe(403);
    });
    const before = await dump(h.leader.store);
    expect((await send('DELETE', job, { token: collectorToken() })).status).toBe(204);
    const after = await dump(h.leader.store);
    // The job's record and its request digest go; nothing else changes.
    const removed = [...before.keys()].filter((k) => !after.has(k));
    expect(removed).toHaveLength(2);
    expect(removed).toContain(K.collection(task(), job.split('/').pop() ?? ''));
    expect([...after.keys()].every((k) => before.get(k) === after.get(k))).toBe(true);
    expect([...after.keys()].some((k) => k.startsWith(K.collectedPrefix(task())))).toBe(true);
    expect((await send('GET', job, { token: collectorToken() })).status).toBe(404);
    expect((await send('DELETE', job, { token: collectorToken() })).status).toBe(404);
    // Forgetting the job does not reopen its batch: the same query is now batchOverlap.
    const reopened = await unchanged(h, () => post(req(i)));
    expect([reopened.status, reopened.problem?.type]).toEqual([400, urn('batchOverlap')]);
  });
});
