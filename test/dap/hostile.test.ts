// Hostile inputs: each gets the DAP-18 error the draft names and leaves the aggregator's state as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { bearer } from '../../dap/auth.js';
import { dump, harness, verifyInitsOf, type Harness } from './harness.js';

const EMPTY = new Uint8Array(0);
let h: Harness;
let client: DapClient;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  h = await harness({ min_batch_size: 3 }, { maxBodyBytes: 64 * 1024 });
  client = new DapClient(h.files.client);
});
afterAll(async () => {
  await h.close();
});

async function post(url: string, type: string, body: Uint8Array, token?: string) {
  const headers: Record<string, string> = { 'content-type': type };
  if (token) headers.authorization = bearer(token);
  const res = await fetch(url, { method: 'POST', headers, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  let problem: { type?: string; unsupported_extensions?: number[]; taskid?: string } | undefined;
  if (res.headers.get('content-type') === 'application/problem+json')
    problem = JSON.parse(new TextDecoder().decode(bytes)) as typeof problem;
  const location = res.headers.get('location');
  return { status: res.status, type: res.headers.get('content-type'), location, bytes, problem };
}

/** Runs `f` and checks that neither store changed. */
async function unchanged<T>(f: () => Promise<T>): Promise<T> {
  const [l0, h0] = [await dump(h.leader.store), await dump(h.helper.store)];
  const out = await f();
  expect(await dump(h.leader.store)).toEqual(l0);
  expect(await dump(h.helper.store)).toEqual(h0);
  return out;
}

const urn = (t: string) => `urn:ietf:params:ppm:dap:error:${t}`;
const reportsUrl = () => `${h.leaderUrl}tasks/${h.files.client.task_id}/reports`;
const jobsUrl = () => `${h.helperUrl}tasks/${h.files.client.task_id}/aggregation_jobs`;
const collectUrl = () => `${h.leaderUrl}tasks/${h.files.client.task_id}/collection_jobs`;

async function initReq(mutate: (v: m.VerifyInit[]) => void = () => undefined): Promise<Uint8Array> {
  const reports = await Promise.all(
    [1, 0, 1].map((x) => client.prepare({ measurement: x, timeSeconds: now() })),
  );
  const inits = verifyInitsOf(h, reports);
  mutate(inits);
  return m.encodeAggregationJobInitReq({
    verificationKeyId: 0,
    aggParam: EMPTY,
    extensions: [],
    verifyInits: inits,
  });
}

describe('Leader upload', () => {
  it('wrong media type, malformed body, unknown task and oversized body', async () => {
    const r = m.encodeUploadRequest([await client.prepare({ measurement: 1, timeSeconds: now() })]);
    await unchanged(async () => {
      const a = await post(reportsUrl(), 'application/octet-stream', r);
      expect([a.status, a.problem?.type]).toEqual([400, urn('invalidMessage')]);
      expect(a.problem?.taskid).toBe(h.files.client.task_id);
      const b = await post(reportsUrl(), m.MediaType.uploadReq, r.subarray(0, r.length - 3));
      expect([b.status, b.problem?.type]).toEqual([400, urn('invalidMessage')]);
      const c = await post(
        `${h.leaderUrl}tasks/${'A'.repeat(43)}/reports`,
        m.MediaType.uploadReq,
        r,
      );
      expect([c.status, c.problem?.type]).toEqual([404, urn('unrecognizedTask')]);
      const d = await post(reportsUrl(), m.MediaType.uploadReq, new Uint8Array(65 * 1024));
      expect(d.status).toBe(413);
    });
  });

  it('an unsupported public extension aborts the whole request and names the code point', async () => {
    const r = await client.prepare({ measurement: 1, timeSeconds: now() });
    r.metadata.publicExtensions = [{ type: 23, data: EMPTY }];
    const ok = await client.prepare({ measurement: 1, timeSeconds: now() });
    const res = await unchanged(() =>
      post(reportsUrl(), m.MediaType.uploadReq, m.encodeUploadRequest([ok, r])),
    );
    expect([res.status, res.problem?.type, res.problem?.unsupported_extensions]).toEqual([
      400,
      urn('unsupportedExtension'),
      [23],
    ]);
  });

  it('per-report errors: replayed, too early, unknown config; accepted ones still stored', async () => {
    const good = await client.prepare({ measurement: 1, timeSeconds: now() });
    expect(
      (await post(reportsUrl(), m.MediaType.uploadReq, m.encodeUploadRequest([good]))).status,
    ).toBe(200);
    const early = await client.prepare({ measurement: 1, timeSeconds: now() + 3600 });
    const stale = await client.prepare({ measurement: 1, timeSeconds: now() });
    stale.leaderEncryptedInputShare.configId = (stale.leaderEncryptedInputShare.configId + 1) % 256;
    const res = await unchanged(() =>
      post(reportsUrl(), m.MediaType.uploadReq, m.encodeUploadRequest([good, early, stale])),
    );
    expect(res.status).toBe(200);
    expect(res.type).toBe(m.MediaType.uploadErrors);
    expect(m.decodeUploadErrors(res.bytes).map((e) => e.error)).toEqual([
      'report_replayed',
      'report_too_early',
      'outdated_config',
    ]);
  });
});

describe('Helper aggregation jobs', () => {
  const token = () => h.files.leader.aggregator_auth_token;

  it('bad or missing token, garbage body, repeated report IDs', async () => {
    const body = await initReq();
    await unchanged(async () => {
      expect((await post(jobsUrl(), m.MediaType.aggregationJobInitReq, body)).status).toBe(401);
      expect(
        (await post(jobsUrl(), m.MediaType.aggregationJobInitReq, body, 'not-the-token')).status,
      ).toBe(403);
      const g = await post(
        jobsUrl(),
        m.MediaType.aggregationJobInitReq,
        Uint8Array.of(0, 1, 2),
        token(),
      );
      expect(g.problem?.type).toBe(urn('invalidMessage'));
      const dup = await initReq((v) => {
        if (v[0] && v[1]) v[1] = v[0];
      });
      const d = await post(jobsUrl(), m.MediaType.aggregationJobInitReq, dup, token());
      expect(d.problem?.type).toBe(urn('invalidMessage'));
      const x = await initReq();
      const xr = m.decodeAggregationJobInitReq(x);
      const withExt = m.encodeAggregationJobInitReq({
        ...xr,
        extensions: [{ type: 9, data: EMPTY }],
      });
      const e = await post(jobsUrl(), m.MediaType.aggregationJobInitReq, withExt, token());
      expect(e.problem?.type).toBe(urn('unsupportedExtension'));
      const ap = m.encodeAggregationJobInitReq({ ...xr, aggParam: Uint8Array.of(1) });
      expect(
        (await post(jobsUrl(), m.MediaType.aggregationJobInitReq, ap, token())).problem?.type,
      ).toBe(urn('invalidAggregationParameter'));
    });
  });

  it('a share sealed to a config id the Helper does not hold is rejected as hpke_unknown_config_id', async () => {
    const body = await initReq((v) => {
      const a = v[0];
      if (!a) return;
      const e = a.reportShare.encryptedInputShare;
      e.configId = (e.configId + 1) % 256;
    });
    const r = await post(jobsUrl(), m.MediaType.aggregationJobInitReq, body, token());
    expect(r.status).toBe(201);
    const resps = m.decodeAggregationJobResp(r.bytes);
    expect(resps[0]?.type === 'reject' ? resps[0].error : resps[0]?.type).toBe(
      'hpke_unknown_config_id',
    );
  });

  it('a tampered share or verifier message is rejected per report; the job is idempotent', async () => {
    const body = await initReq((v) => {
      const [a, b] = v;
      if (!a || !b) return;
      const p = a.reportShare.encryptedInputShare.payload;
      p[0] = (p[0] ?? 0) ^ 1;
      const q = b.payload;
      q[q.length - 1] = (q[q.length - 1] ?? 0) ^ 1;
    });
    const r1 = await post(jobsUrl(), m.MediaType.aggregationJobInitReq, body, token());
    expect(r1.status).toBe(201);
    const resps = m.decodeAggregationJobResp(r1.bytes);
    expect(resps.map((r) => (r.type === 'reject' ? r.error : r.type))).toEqual([
      'hpke_decrypt_error',
      'vdaf_verify_error',
      'continue',
    ]);
    const r2 = await unchanged(() =>
      post(jobsUrl(), m.MediaType.aggregationJobInitReq, body, token()),
    );
    expect(r2.bytes).toEqual(r1.bytes);
    const loc = new URL(r1.location ?? '', h.helperUrl);
    const noStep = await fetch(loc, { headers: { authorization: bearer(token()) } });
    expect(((await noStep.json()) as { type: string }).type).toBe(urn('invalidMessage'));
    const got = await fetch(`${loc.toString()}?step=0`, {
      headers: { authorization: bearer(token()) },
    });
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(r1.bytes);
    const unknown = await fetch(`${jobsUrl()}/AAAAAAAAAAAAAAAAAAAAAA?step=0`, {
      headers: { authorization: bearer(token()) },
    });
    expect(((await unknown.json()) as { type: string }).type).toBe(
      urn('unrecognizedAggregationJob'),
    );
    // The same reports in another job are replays.
    const replay = m.decodeAggregationJobInitReq(body);
    const again = await post(
      jobsUrl(),
      m.MediaType.aggregationJobInitReq,
      m.encodeAggregationJobInitReq({ ...replay, verifyInits: replay.verifyInits.slice(2) }),
      token(),
    );
    expect(
      m.decodeAggregationJobResp(again.bytes).map((r) => (r.type === 'reject' ? r.error : r.type)),
    ).toEqual(['report_replayed']);
  });
});

describe('collection', () => {
  const token = () => h.files.collector.collector_auth_token;
  const req = (over: Partial<m.CollectionJobReq> = {}) =>
    m.encodeCollectionJobReq({
      query: m.timeIntervalQuery({ start: Math.floor(now() / 60) - 5, duration: 10 }),
      aggParam: EMPTY,
      extensions: [],
      ...over,
    });

  it('bad token, wrong batch mode, aggregation parameter, extensions, empty interval', async () => {
    await unchanged(async () => {
      expect((await post(collectUrl(), m.MediaType.collectionJobReq, req(), 'wrong')).status).toBe(
        403,
      );
      const cases: [Uint8Array, string][] = [
        [req({ query: m.leaderSelectedQuery() }), 'invalidMessage'],
        [req({ aggParam: Uint8Array.of(7) }), 'invalidAggregationParameter'],
        [req({ extensions: [{ type: 5, data: EMPTY }] }), 'unsupportedExtension'],
        [
          req({
            extensions: [
              { type: 5, data: EMPTY },
              { type: 2, data: EMPTY },
            ],
          }),
          'invalidExtension',
        ],
        [req({ query: m.timeIntervalQuery({ start: 5, duration: 0 }) }), 'batchInvalid'],
        [Uint8Array.of(1, 2, 3), 'invalidMessage'],
      ];
      for (const [body, type] of cases) {
        const r = await post(collectUrl(), m.MediaType.collectionJobReq, body, token());
        expect(r.problem?.type, type).toBe(urn(type));
      }
    });
  });

  it('a batch below min_batch_size fails with invalidBatchSize and collects nothing', async () => {
    const body = req({ query: m.timeIntervalQuery({ start: 1000, duration: 10 }) });
    const r = await post(collectUrl(), m.MediaType.collectionJobReq, body, token());
    expect(r.status).toBe(201);
    await h.driver.tick();
    const loc = new URL(r.location ?? '', h.leaderUrl);
    const got = await fetch(loc, { headers: { authorization: bearer(token()) } });
    expect(got.status).toBe(400);
    expect(((await got.json()) as { type: string }).type).toBe(urn('invalidBatchSize'));
  });

  it('collects once; an overlapping or repeated collection is refused', async () => {
    const day = now() - 86_400;
    const up = await client.upload(
      [1, 1, 0].map((measurement) => ({ measurement, timeSeconds: day })),
    );
    expect(up.accepted).toBe(3);
    await h.driver.tick();
    const body = req({
      query: m.timeIntervalQuery({ start: Math.floor(day / 60) - 5, duration: 10 }),
    });
    const r = await post(collectUrl(), m.MediaType.collectionJobReq, body, token());
    expect(r.status).toBe(201);
    await h.driver.tick();
    await h.driver.tick();
    const again = await post(collectUrl(), m.MediaType.collectionJobReq, body, token());
    expect(again.problem).toBeUndefined();
    expect(again.status).toBe(200);
    expect(again.type).toBe(m.MediaType.collectionJobResp);
    expect(m.decodeCollectionJobResp(again.bytes).reportCount).toBe(3);
    const overlap = m.encodeCollectionJobReq({
      query: m.timeIntervalQuery({ start: Math.floor(day / 60) - 1, duration: 30 }),
      aggParam: EMPTY,
      extensions: [],
    });
    const o = await unchanged(() =>
      post(collectUrl(), m.MediaType.collectionJobReq, overlap, token()),
    );
    expect(o.problem?.type).toBe(urn('batchOverlap'));
  });
});
