// The byte arithmetic jobs are bounded by (dap/messages/aggregation.ts verifyInitSize) and the exact
// report sizes refused at upload (dap/aggregator/report-size.ts), checked against the real encoders.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient, newTaskFiles } from '../../dap/index.js';
import { limitsWith } from '../../dap/codec/limits.js';
import * as m from '../../dap/messages/index.js';
import { ciphertextBounds, reportSizeError, shareSizes } from '../../dap/aggregator/report-size.js';
import { taskOf } from '../../dap/task/task.js';
import { FC_RUNS } from '../support/env.js';
import { aggregationJobInitReq } from './arbitraries.js';
import { listen, taskParams, type Listening } from './support.js';

let srv: Listening;
let configs: Uint8Array = new Uint8Array(0);
beforeAll(async () => {
  srv = await listen();
  srv.app.get(
    '*',
    () => new Response(configs, { headers: { 'content-type': m.MediaType.hpkeConfigList } }),
  );
});
afterAll(async () => {
  await srv.close();
});

describe('verifyInitSize', () => {
  it('header plus the sizes of its VerifyInits is the encoded AggregationJobInitReq', () => {
    fc.assert(
      fc.property(aggregationJobInitReq, (req) => {
        const sum = req.verifyInits.reduce((n, v) => n + m.verifyInitSize(v), 0);
        const want = m.encodeAggregationJobInitReq(req).length;
        expect(m.initReqHeaderSize(req.aggParam, req.extensions) + sum).toBe(want);
      }),
      { numRuns: FC_RUNS },
    );
  });
});

const VDAFS = [
  { type: 'Prio3Count' as const },
  { type: 'Prio3Sum' as const, max_measurement: 1000 },
  { type: 'Prio3SumVec' as const, length: 12, max_measurement: 3 },
  { type: 'Prio3Histogram' as const, length: 7 },
  { type: 'Prio3MultihotCountVec' as const, length: 9, max_weight: 3 },
];

describe('report sizes', () => {
  it.each(VDAFS)(
    'every report a client makes for $type has the exact sizes; one byte more or less is refused',
    async (vdaf) => {
      const files = newTaskFiles(taskParams(srv.url, srv.url, { vdaf, min_batch_size: 10 }));
      const task = taskOf(files.client);
      const sizes = shareSizes(task);
      // Both aggregators advertise the collector's key here: it seals exactly like theirs.
      configs = m.encodeHpkeConfigList([
        m.decodeHpkeConfig(Buffer.from(files.collector.collector_hpke_config, 'base64url')),
      ]);
      const client = new DapClient(files.client);
      const limits = limitsWith();
      const measurement =
        vdaf.type === 'Prio3SumVec' || vdaf.type === 'Prio3MultihotCountVec'
          ? new Array<number>(vdaf.length).fill(1).map((x, i) => (i < 2 ? x : 0))
          : 1;
      const r = await client.prepare({ measurement, timeSeconds: 0 });
      expect(r.publicShare.length).toBe(sizes.publicShare);
      expect(r.leaderEncryptedInputShare.payload.length).toBe(
        ciphertextBounds(sizes.leader, limits).min,
      );
      expect(r.helperEncryptedInputShare.payload.length).toBe(
        ciphertextBounds(sizes.helper, limits).min,
      );
      expect(reportSizeError(task, r, limits)).toBeNull();
      const grow = (c: m.HpkeCiphertext, n: number) => ({
        ...c,
        payload: new Uint8Array(c.payload.length + n),
      });
      const max = limits.maxPrivateExtensionBytes;
      expect(
        reportSizeError(
          task,
          { ...r, helperEncryptedInputShare: grow(r.helperEncryptedInputShare, max) },
          limits,
        ),
      ).toBeNull();
      expect(
        reportSizeError(
          task,
          { ...r, helperEncryptedInputShare: grow(r.helperEncryptedInputShare, max + 1) },
          limits,
        ),
      ).toBe('invalid_message');
      expect(
        reportSizeError(
          task,
          { ...r, leaderEncryptedInputShare: grow(r.leaderEncryptedInputShare, -1) },
          limits,
        ),
      ).toBe('invalid_message');
      expect(
        reportSizeError(
          task,
          { ...r, publicShare: new Uint8Array(r.publicShare.length + 1) },
          limits,
        ),
      ).toBe('invalid_message');
      expect(
        reportSizeError(
          task,
          {
            ...r,
            helperEncryptedInputShare: { ...r.helperEncryptedInputShare, enc: new Uint8Array(33) },
          },
          limits,
        ),
      ).toBe('invalid_message');
    },
  );
});
