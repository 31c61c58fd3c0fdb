// DAP-18 §4 codecs: round trips, and truncated, extended and mutated bytes rejected or canonical.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../dap/errors.js';
import * as m from '../../dap/messages/index.js';
import { decodeJobRecord, encodeJobRecord } from '../../dap/leader/job-record.js';
import { decodePendingReport, encodePendingReport } from '../../dap/leader/pending-report.js';
import { FC_RUNS } from '../support/env.js';
import * as a from './arbitraries.js';

interface Codec<T> {
  name: string;
  arb: fc.Arbitrary<T>;
  enc: (v: T) => Uint8Array;
  dec: (b: Uint8Array) => T;
  /** `T items[message_length]` messages: a prefix at an item boundary is itself valid. */
  rest?: boolean;
}

const codec = <T>(c: Codec<T>): Codec<unknown> => c as Codec<unknown>;

const bytes = (max: number) => fc.uint8Array({ maxLength: max });
const time = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

/** A Query's or BatchSelector's config decoded as its batch mode defines it (§5), else refused. */
function typedConfig(c: m.ModeConfig, selector: boolean): m.ModeConfig {
  if (c.batchMode === m.BatchMode.time_interval) m.decodeIntervalConfig(c.config);
  else if (c.batchMode !== m.BatchMode.leader_selected)
    throw new DecodeError('decode_invalid', `unknown batch mode ${c.batchMode}`);
  else if (selector) m.decodeBatchIdConfig(c.config);
  else if (c.config.length !== 0)
    throw new DecodeError('decode_invalid', 'leader-selected query config must be empty');
  return c;
}

const CODECS: Codec<unknown>[] = [
  codec({
    name: 'Interval (time_interval Query and BatchSelector config)',
    arb: a.interval,
    enc: m.encodeIntervalConfig,
    dec: m.decodeIntervalConfig,
  }),
  codec({
    name: 'BatchID (leader_selected BatchSelector config)',
    arb: a.batchId,
    enc: (b) => b.slice(),
    dec: m.decodeBatchIdConfig,
  }),
  codec({
    name: 'CollectionJobReq with a typed Query',
    arb: a.typedCollectionJobReq,
    enc: m.encodeCollectionJobReq,
    dec: (b) => {
      const r = m.decodeCollectionJobReq(b);
      typedConfig(r.query, false);
      return r;
    },
  }),
  codec({
    name: 'AggregateShareReq with a typed Query and BatchSelector',
    arb: a.typedAggregateShareReq,
    enc: m.encodeAggregateShareReq,
    dec: (b) => {
      const r = m.decodeAggregateShareReq(b);
      typedConfig(r.collectionJobReq.query, false);
      typedConfig(r.batchSelector, true);
      return r;
    },
  }),
  codec({
    name: 'stored PendingReport',
    arb: fc.record({ report: bytes(64), receivedMs: time, attempts: fc.nat(255) }),
    enc: encodePendingReport,
    dec: decodePendingReport,
  }),
  codec({
    name: 'stored LeaderJobRecord',
    arb: fc
      .record({
        id: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
        entries: fc.array(fc.tuple(bytes(40), fc.nat(255)), { maxLength: 4 }),
        body: bytes(64),
        batchId: fc.option(fc.uint8Array({ minLength: 32, maxLength: 32 }), { nil: undefined }),
        minTime: time,
        maxTime: time,
      })
      .map(({ entries, batchId, ...j }) => ({
        ...j,
        reports: entries.map((e) => e[0]),
        attempts: entries.map((e) => e[1]),
        ...(batchId ? { batchId: Buffer.from(batchId).toString('hex') } : {}),
      })),
    enc: encodeJobRecord,
    dec: decodeJobRecord,
  }),
  codec({ name: 'Report', arb: a.report, enc: m.encodeReport, dec: (b) => m.decodeReport(b) }),
  codec({
    name: 'UploadRequest',
    arb: fc.array(a.report, { maxLength: 3 }),
    enc: m.encodeUploadRequest,
    dec: (b) => m.decodeUploadRequest(b),
    rest: true,
  }),
  codec({
    name: 'UploadErrors',
    arb: a.uploadErrors,
    enc: m.encodeUploadErrors,
    dec: (b) => m.decodeUploadErrors(b),
    rest: true,
  }),
  codec({
    name: 'PlaintextInputShare',
    arb: a.plaintextInputShare,
    enc: m.encodePlaintextInputShare,
    dec: (b) => m.decodePlaintextInputShare(b),
  }),
  codec({
    name: 'InputShareAad',
    arb: a.inputShareAad,
    enc: m.encodeInputShareAad,
    dec: (b) => m.decodeInputShareAad(b),
  }),
  codec({
    name: 'TaskConfiguration',
    arb: a.taskConfiguration,
    enc: m.encodeTaskConfiguration,
    dec: (b) => m.decodeTaskConfiguration(b),
  }),
  codec({
    name: 'HpkeConfig',
    arb: a.hpkeConfig,
    enc: m.encodeHpkeConfig,
    dec: m.decodeHpkeConfig,
  }),
  codec({
    name: 'HpkeConfigList',
    arb: a.hpkeConfigList,
    enc: m.encodeHpkeConfigList,
    dec: (b) => m.decodeHpkeConfigList(b),
  }),
  codec({
    name: 'AggregationJobInitReq',
    arb: a.aggregationJobInitReq,
    enc: m.encodeAggregationJobInitReq,
    dec: (b) => m.decodeAggregationJobInitReq(b),
    rest: true,
  }),
  codec({
    name: 'AggregationJobResp',
    arb: a.verifyResps,
    enc: m.encodeAggregationJobResp,
    dec: (b) => m.decodeAggregationJobResp(b),
    rest: true,
  }),
  codec({
    name: 'AggregationJobContinueReq',
    arb: a.aggregationJobContinueReq,
    enc: m.encodeAggregationJobContinueReq,
    dec: (b) => m.decodeAggregationJobContinueReq(b),
    rest: true,
  }),
  codec({
    name: 'CollectionJobReq',
    arb: a.collectionJobReq,
    enc: m.encodeCollectionJobReq,
    dec: (b) => m.decodeCollectionJobReq(b),
  }),
  codec({
    name: 'CollectionJobResp',
    arb: a.collectionJobResp,
    enc: m.encodeCollectionJobResp,
    dec: (b) => m.decodeCollectionJobResp(b),
  }),
  codec({
    name: 'AggregateShareReq',
    arb: a.aggregateShareReq,
    enc: m.encodeAggregateShareReq,
    dec: (b) => m.decodeAggregateShareReq(b),
  }),
  codec({
    name: 'AggregateShare',
    arb: a.hpkeCiphertext,
    enc: m.encodeAggregateShare,
    dec: (b) => m.decodeAggregateShare(b),
  }),
  codec({
    name: 'AggregateShareAad',
    arb: a.aggregateShareAad,
    enc: m.encodeAggregateShareAad,
    dec: (b) => m.decodeAggregateShareAad(b),
  }),
];

/** Either a typed DecodeError, or a value whose canonical encoding is exactly these bytes. */
function rejectedOrCanonical(c: Codec<unknown>, bytes: Uint8Array): 'rejected' | 'canonical' {
  let v: unknown;
  try {
    v = c.dec(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return 'rejected';
  }
  expect(c.enc(v)).toEqual(bytes);
  return 'canonical';
}

describe.each(CODECS.map((c) => [c.name, c]))('%s', (_n, c) => {
  it('round-trips', () => {
    fc.assert(
      fc.property(c.arb, (v) => {
        const b = c.enc(v);
        expect(c.dec(b)).toEqual(v);
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('rejects truncated bytes', () => {
    fc.assert(
      fc.property(c.arb, fc.nat(), (v, cut) => {
        const b = c.enc(v);
        fc.pre(b.length > 0);
        const prefix = b.subarray(0, cut % b.length);
        if (c.rest) rejectedOrCanonical(c, prefix);
        else expect(() => c.dec(prefix)).toThrow(DecodeError);
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('rejects extended bytes', () => {
    fc.assert(
      fc.property(c.arb, fc.uint8Array({ minLength: 1, maxLength: 8 }), (v, tail) => {
        const b = c.enc(v);
        const ext = new Uint8Array(b.length + tail.length);
        ext.set(b);
        ext.set(tail, b.length);
        expect(() => c.dec(ext)).toThrow(DecodeError);
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('rejects mutated bytes or decodes them canonically', () => {
    fc.assert(
      fc.property(c.arb, fc.nat(), fc.integer({ min: 1, max: 255 }), (v, at, x) => {
        const b = c.enc(v).slice();
        fc.pre(b.length > 0);
        const i = at % b.length;
        b[i] = (b[i] ?? 0) ^ x;
        rejectedOrCanonical(c, b);
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('bounds', () => {
  it('refuses uint64 values above 2^53-1 instead of rounding them', () => {
    const b = m.encodeIntervalConfig({ start: 1, duration: 2 });
    b[0] = 0xff;
    expect(() => m.decodeIntervalConfig(b)).toThrow(/2\^53-1/);
  });
  it('decodes an UploadRequest once with each Report and its exact encoding', () => {
    fc.assert(
      fc.property(fc.array(a.report, { maxLength: 4 }), (reports) => {
        const spans = m.decodeUploadRequestSpans(m.encodeUploadRequest(reports));
        expect(spans.map((s) => s.report)).toEqual(reports);
        expect(spans.map((s) => s.bytes)).toEqual(reports.map((r) => m.encodeReport(r)));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses more reports than the configured upload limit', () => {
    fc.assert(
      fc.property(fc.array(a.report, { minLength: 3, maxLength: 3 }), (reports) => {
        const b = m.encodeUploadRequest(reports);
        const limits = m.limitsWithDefaults({ maxReportsPerUpload: 2 });
        expect(() => m.decodeUploadRequest(b, limits)).toThrow(/more than 2/);
      }),
      { numRuns: 5 },
    );
  });
  it('refuses unordered and repeated extensions where the draft requires order', () => {
    const md = (types: number[]) =>
      m.encodeReport({
        metadata: {
          reportId: new Uint8Array(16),
          time: 1,
          publicExtensions: types.map((t) => ({ type: t, data: new Uint8Array(0) })),
        },
        publicShare: new Uint8Array(0),
        leaderEncryptedInputShare: {
          configId: 1,
          enc: Uint8Array.of(1),
          payload: Uint8Array.of(1),
        },
        helperEncryptedInputShare: {
          configId: 1,
          enc: Uint8Array.of(1),
          payload: Uint8Array.of(1),
        },
      });
    expect(() => m.decodeReport(md([1, 2]))).not.toThrow();
    expect(() => m.decodeReport(md([2, 1]))).toThrow(/increasing/);
    expect(() => m.decodeReport(md([3, 3]))).toThrow(/increasing/);
  });
  it('refuses an empty HpkeConfigList and repeated config ids', () => {
    expect(() => m.decodeHpkeConfigList(Uint8Array.of(0, 0))).toThrow(DecodeError);
    const c = { id: 1, kemId: 32, kdfId: 1, aeadId: 1, publicKey: Uint8Array.of(9) };
    expect(() => m.decodeHpkeConfigList(m.encodeHpkeConfigList([c, c]))).toThrow(/repeats/);
  });
  it('recognises media types exactly', () => {
    expect(m.isMediaType('application/ppm-dap;message=upload-req', 'uploadReq')).toBe(true);
    expect(
      m.isMediaType('Application/PPM-DAP; message="upload-req"; version=18', 'uploadReq'),
    ).toBe(true);
    expect(m.isMediaType('application/ppm-dap;message=upload-errors', 'uploadReq')).toBe(false);
    expect(m.isMediaType('application/octet-stream', 'uploadReq')).toBe(false);
    expect(m.isMediaType(undefined, 'uploadReq')).toBe(false);
  });
});
