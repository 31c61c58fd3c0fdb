// DAP-18 §4.5.2 at the Helper over HTTP on 127.0.0.1: a Prio3 job finishes at initialization, so a
// continuation is refused with the draft's error and the stored job is left as it was: garbage is
// invalidMessage, step 0 is invalidMessage, naming reports is invalidMessage, any other step is
// stepMismatch; GET at the wrong step is stepMismatch, an unknown job unrecognizedAggregationJob.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { harness, verifyInitsOf, type Harness } from './harness.js';
import { send, unchanged, urn } from './requests.js';

let h: Harness;
let jobUrl: string;
const token = () => h.files.leader.aggregator_auth_token;

beforeAll(async () => {
  h = await harness({ min_batch_size: 2 });
  const client = new DapClient(h.files.client);
  const t = Math.floor(Date.now() / 1000);
  const reports = await Promise.all(
    [1, 0].map((measurement) => client.prepare({ measurement, timeSeconds: t })),
  );
  const body = m.encodeAggregationJobInitReq({
    verificationKeyId: 0,
    aggParam: new Uint8Array(0),
    extensions: [],
    verifyInits: verifyInitsOf(h, reports),
  });
  const jobs = `${h.helperUrl}tasks/${h.files.client.task_id}/aggregation_jobs`;
  const a = await send('POST', jobs, {
    type: m.MediaType.aggregationJobInitReq,
    body,
    token: token(),
  });
  expect(a.status).toBeLessThan(300);
  expect(a.location).not.toBeNull();
  jobUrl = new URL(a.location ?? '', jobs).toString();
});
afterAll(async () => {
  await h.close();
});

const cont = (body: Uint8Array, url = jobUrl) =>
  send('POST', url, { type: m.MediaType.aggregationJobContinueReq, body, token: token() });

describe('continuing a finished Prio3 job', () => {
  it('refuses each continuation with the draft error and changes nothing', async () => {
    const reportId = new Uint8Array(16).fill(7);
    await unchanged(h, async () => {
      const garbage = await cont(Uint8Array.of(0));
      expect([garbage.status, garbage.problem?.type]).toEqual([400, urn('invalidMessage')]);
      expect(garbage.problem?.detail).toContain('AggregationJobContinueReq');
      const zero = await cont(m.encodeAggregationJobContinueReq({ step: 0, verifyContinues: [] }));
      expect(zero.problem?.type).toBe(urn('invalidMessage'));
      expect(zero.problem?.detail).toContain('step 0');
      const named = await cont(
        m.encodeAggregationJobContinueReq({
          step: 1,
          verifyContinues: [{ reportId, payload: Uint8Array.of(1, 2) }],
        }),
      );
      expect(named.problem?.type).toBe(urn('invalidMessage'));
      expect(named.problem?.detail).toContain('awaits continuation');
      const later = await cont(m.encodeAggregationJobContinueReq({ step: 1, verifyContinues: [] }));
      expect(later.problem?.type).toBe(urn('stepMismatch'));
      const unknown = await cont(
        m.encodeAggregationJobContinueReq({ step: 1, verifyContinues: [] }),
        jobUrl.replace(/[^/]+$/, 'AAAAAAAAAAAAAAAAAAAAAA'),
      );
      expect(unknown.problem?.type).toBe(urn('unrecognizedAggregationJob'));
      const wrongStep = await send('GET', `${jobUrl}?step=3`, { token: token() });
      expect(wrongStep.problem?.type).toBe(urn('stepMismatch'));
    });
    const now = await send('GET', `${jobUrl}?step=0`, { token: token() });
    expect(now.status).toBe(200);
    expect(m.decodeAggregationJobResp(now.bytes)).toHaveLength(2);
  });
});
