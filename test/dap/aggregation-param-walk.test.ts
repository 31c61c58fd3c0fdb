// The heavy-hitters walk's trust rules on in-process Leader and Helper (real hono servers on
// 127.0.0.1, real level stores): a batch never reopens between levels (DAP-18 §4.5.1.4 batch
// collected: a report not in the batch's first aggregation is never counted at a later level, and
// the Helper refuses it), a level's parameter never aggregates a report twice (§4.5.1.4 report
// replayed, §4.6.1 a batch aggregated once per parameter), and a Poplar1 task with membership
// tokens refuses a report without a valid token at the Leader and at the Helper.
import { afterEach, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { leaderStart } from '../../dap/leader/job-creator.js';
import { Poplar1 } from '../../vdaf/index.js';
import { harness, type Harness } from './harness.js';
import { send, tickLoop } from './requests.js';
import { postUpload } from './support.js';

const BITS = 4;
const vdaf = new Poplar1({ bits: BITS });
const ap = (level: number, prefixes: bigint[]) => vdaf.encodeAggParam({ level, prefixes });
const now = () => Math.floor(Date.now() / 1000);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A Leader sending the Helper its own aggregation job over REPORTS: the Helper's answers. */
async function hostileInit(
  hx: Harness,
  reports: m.Report[],
  aggParam: Uint8Array,
): Promise<m.VerifyResp[]> {
  const lt = [...hx.leader.tasks.values()][0];
  if (!lt) throw new Error('no task');
  const verifyInits = reports.map((r) => {
    const st = leaderStart(hx.leader, lt, r, aggParam);
    if (!st) throw new Error('leader rejected its own report');
    const reportShare = {
      metadata: r.metadata,
      publicShare: r.publicShare,
      encryptedInputShare: r.helperEncryptedInputShare,
    };
    return { reportShare, payload: st.outbound };
  });
  const body = m.encodeAggregationJobInitReq({
    verificationKeyId: 0,
    aggParam,
    extensions: [],
    verifyInits,
  });
  const a = await send('POST', `${hx.helperUrl}tasks/${hx.files.client.task_id}/aggregation_jobs`, {
    type: m.MediaType.aggregationJobInitReq,
    body,
    token: hx.files.leader.aggregator_auth_token,
  });
  expect(a.status, JSON.stringify(a.problem)).toBe(201);
  return m.decodeAggregationJobResp(a.bytes);
}

const errorOf = (r: m.VerifyResp | undefined) => (r?.type === 'reject' ? r.error : r?.type);

describe('the heavy-hitters walk over DAP', () => {
  it('never reopens a batch between levels, and never aggregates a report twice', async () => {
    const hx = await harness({ min_batch_size: 3, vdaf: { type: 'Poplar1', bits: BITS } });
    h = hx;
    const client = new DapClient(hx.files.client);
    const t = now();
    const interval = { start: Math.floor(t / 60) - 1, duration: 3 };
    const reportsUrl = `${hx.leaderUrl}tasks/${hx.files.client.task_id}/reports`;
    const reports = await Promise.all(
      ['1010', '1010', '1011', '0001'].map((x) =>
        client.prepare({ measurement: x, timeSeconds: t }),
      ),
    );
    expect(await postUpload(reportsUrl, m.encodeUploadRequest(reports))).toEqual({
      status: 200,
      errors: [],
    });
    const stop = tickLoop(hx, 50);
    try {
      const level = (aggParam: Uint8Array) =>
        collect(hx.files.collector, { interval }, { aggParam, timeoutMs: 30_000 });
      expect((await level(ap(0, [0n, 1n]))).aggregate).toEqual([1, 3]);

      // A report uploaded into the batch after its first level: refused at upload, and never
      // counted at a later level.
      const late = await client.prepare({ measurement: '1010', timeSeconds: t });
      const lateUpload = await postUpload(reportsUrl, m.encodeUploadRequest([late]));
      expect(lateUpload.errors.map((e) => e.error)).toEqual(['batch_collected']);
      const l1 = await level(ap(1, [0b00n, 0b10n]));
      expect([l1.aggregate, l1.reportCount]).toEqual([[1, 3], 4]);
      // The Helper refuses it too, when a Leader sends it with a later level's parameter.
      const deeper = ap(2, [0b101n]);
      const [lateAnswer] = await hostileInit(hx, [late], deeper);
      expect(errorOf(lateAnswer)).toBe('batch_collected');

      // The level's parameter again, from the collector: refused; from a Leader, per report.
      const again = await level(ap(1, [0b00n, 0b10n])).catch((e: unknown) => e);
      expect(again).toMatchObject({ problemType: 'invalidAggregationParameter' });
      const replayed = await hostileInit(hx, reports.slice(0, 2), ap(1, [0b00n, 0b10n]));
      expect(replayed.map(errorOf)).toEqual(['report_replayed', 'report_replayed']);
      expect((await level(deeper)).aggregate).toEqual([3]);
    } finally {
      await stop();
    }
  }, 120_000);

  it('refuses a Poplar1 report without a valid membership token, at the Leader and the Helper', async () => {
    const issuer = {
      url: 'https://issuer.example/issuer/',
      public_key: 'ab'.repeat(32),
      window_seconds: 3600,
    };
    const over = { min_batch_size: 3, vdaf: { type: 'Poplar1' as const, bits: BITS } };
    const hx = await harness(over, {}, undefined, undefined, { issuer });
    h = hx;
    const client = new DapClient(hx.files.client);
    const bare = await client.prepare({ measurement: '1010', timeSeconds: now() });
    client.reportExtensions = () =>
      Promise.resolve([{ type: 0xff00, data: new Uint8Array(64).fill(7) }]);
    const forged = await client.prepare({ measurement: '1010', timeSeconds: now() });
    for (const r of [bare, forged]) {
      const up = await postUpload(
        `${hx.leaderUrl}tasks/${hx.files.client.task_id}/reports`,
        m.encodeUploadRequest([r]),
      );
      expect(up.status).toBe(400);
    }
    const answers = await hostileInit(hx, [bare, forged], ap(0, [0n, 1n]));
    expect(answers.map(errorOf)).toEqual(['invalid_message', 'invalid_message']);
  }, 120_000);
});
