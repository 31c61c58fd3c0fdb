// DAP-18 §4 byte fixtures: transcribed from janus (test-vectors/dap/janus-messages.json) and golden.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAll } from '../../dap/codec/reader.js';
import { encodeWith } from '../../dap/codec/writer.js';
import { DecodeError } from '../../dap/errors.js';
import * as m from '../../dap/messages/index.js';
import { ROOT } from '../support/env.js';

const DIR = join(ROOT, 'test-vectors', 'dap');
const BYTE_FIELDS = new Set([
  'taskInfo',
  'batchConfig',
  'vdafConfiguration',
  'data',
  'reportId',
  'payload',
  'publicShare',
  'enc',
  'publicKey',
  'config',
  'aggParam',
  'taskId',
  'checksum',
]);
const revive = (k: string, v: unknown): unknown =>
  BYTE_FIELDS.has(k) && typeof v === 'string' ? Uint8Array.from(Buffer.from(v, 'hex')) : v;
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const replace = (_k: string, v: unknown): unknown => (v instanceof Uint8Array ? toHex(v) : v);

const CODECS: Record<string, { enc: (v: never) => Uint8Array; dec: (b: Uint8Array) => unknown }> = {
  TaskConfiguration: { enc: m.encodeTaskConfiguration, dec: (b) => m.decodeTaskConfiguration(b) },
  ReportMetadata: {
    enc: (v: m.ReportMetadata) =>
      encodeWith((w) => {
        m.writeReportMetadata(w, v);
      }),
    dec: (b) => decodeAll(b, 'ReportMetadata', (r) => m.readReportMetadata(r, m.DEFAULT_LIMITS)),
  },
  PlaintextInputShare: {
    enc: m.encodePlaintextInputShare,
    dec: (b) => m.decodePlaintextInputShare(b),
  },
  Report: { enc: m.encodeReport, dec: (b) => m.decodeReport(b) },
  HpkeConfig: { enc: m.encodeHpkeConfig, dec: m.decodeHpkeConfig },
  HpkeConfigList: { enc: m.encodeHpkeConfigList, dec: (b) => m.decodeHpkeConfigList(b) },
  UploadRequest: { enc: m.encodeUploadRequest, dec: (b) => m.decodeUploadRequest(b) },
  UploadErrors: { enc: m.encodeUploadErrors, dec: (b) => m.decodeUploadErrors(b) },
  InputShareAad: { enc: m.encodeInputShareAad, dec: (b) => m.decodeInputShareAad(b) },
  AggregationJobInitReq: {
    enc: m.encodeAggregationJobInitReq,
    dec: (b) => m.decodeAggregationJobInitReq(b),
  },
  AggregationJobResp: {
    enc: m.encodeAggregationJobResp,
    dec: (b) => m.decodeAggregationJobResp(b),
  },
  AggregationJobContinueReq: {
    enc: m.encodeAggregationJobContinueReq,
    dec: (b) => m.decodeAggregationJobContinueReq(b),
  },
  CollectionJobReq: { enc: m.encodeCollectionJobReq, dec: (b) => m.decodeCollectionJobReq(b) },
  CollectionJobResp: { enc: m.encodeCollectionJobResp, dec: (b) => m.decodeCollectionJobResp(b) },
  AggregateShareReq: { enc: m.encodeAggregateShareReq, dec: (b) => m.decodeAggregateShareReq(b) },
  AggregateShare: { enc: m.encodeAggregateShare, dec: (b) => m.decodeAggregateShare(b) },
  AggregateShareAad: { enc: m.encodeAggregateShareAad, dec: (b) => m.decodeAggregateShareAad(b) },
};

interface Fixture {
  message: string;
  source?: string;
  hex: string;
  value?: unknown;
}

function check(f: Fixture): void {
  const c = CODECS[f.message];
  if (!c) throw new Error(`no codec for ${f.message}`);
  const bytes = Uint8Array.from(Buffer.from(f.hex, 'hex'));
  const decoded = c.dec(bytes);
  expect(decoded).toEqual(JSON.parse(JSON.stringify(f.value), revive));
  expect(toHex(c.enc(decoded as never))).toBe(f.hex.toLowerCase());
}

describe('janus DAP-18 fixtures', () => {
  const file = JSON.parse(readFileSync(join(DIR, 'janus-messages.json'), 'utf8')) as {
    accept: Fixture[];
    reject: Fixture[];
  };
  it.each(file.accept.map((f) => [f.source ?? f.message, f]))('decodes %s', (_s, f) => {
    check(f);
  });
  it.each(file.reject.map((f) => [f.source ?? f.message, f]))('refuses %s', (_s, f) => {
    const c = CODECS[f.message];
    expect(() => c?.dec(Uint8Array.from(Buffer.from(f.hex, 'hex')))).toThrow(DecodeError);
  });
});

const id = (n: number, len = 16): Uint8Array => Uint8Array.from({ length: len }, (_, i) => n + i);
const ct = (n: number): m.HpkeCiphertext => ({ configId: n, enc: id(n, 4), payload: id(n + 1, 5) });
const taskConfiguration: m.TaskConfiguration = {
  taskInfo: new TextEncoder().encode('mesh rule hits'),
  leaderAggregatorEndpoint: 'https://leader.test/leader/',
  helperAggregatorEndpoint: 'https://helper.test/helper/',
  timePrecision: 300,
  minBatchSize: 100,
  batchMode: m.BatchMode.time_interval,
  batchConfig: new Uint8Array(0),
  vdafType: m.VdafType.Prio3SumVec,
  vdafConfiguration: m.encodeVdafConfiguration({
    vdaf: 'Prio3SumVec',
    length: 128,
    maxMeasurement: 1,
    chunkLength: 11,
  }),
  extensions: [m.taskIntervalExtension({ start: 5_000_000, duration: 288 })],
};
const metadata: m.ReportMetadata = {
  reportId: id(1),
  time: 5_000_123,
  publicExtensions: [{ type: 7, data: id(9, 2) }],
};
const report: m.Report = {
  metadata,
  publicShare: id(3, 6),
  leaderEncryptedInputShare: ct(2),
  helperEncryptedInputShare: ct(3),
};
const collectionJobReq: m.CollectionJobReq = {
  query: m.timeIntervalQuery({ start: 5_000_100, duration: 12 }),
  aggParam: new Uint8Array(0),
  extensions: [],
};

/** One fixed value of every message, the source of golden.json. */
const GOLDEN: Record<string, unknown> = {
  TaskConfiguration: taskConfiguration,
  Report: report,
  UploadRequest: [report, { ...report, metadata: { ...metadata, reportId: id(40) } }],
  UploadErrors: [
    { reportId: id(1), error: 'report_replayed' },
    { reportId: id(2), error: 'outdated_config' },
  ],
  PlaintextInputShare: { privateExtensions: [], payload: id(5, 7) },
  InputShareAad: { taskId: id(100, 32), taskConfiguration, metadata, publicShare: id(3, 6) },
  HpkeConfigList: [{ id: 7, kemId: 0x20, kdfId: 1, aeadId: 1, publicKey: id(60, 32) }],
  AggregationJobInitReq: {
    verificationKeyId: 0,
    aggParam: new Uint8Array(0),
    extensions: [{ type: 1, data: id(70, 32) }],
    verifyInits: [
      {
        reportShare: { metadata, publicShare: id(3, 6), encryptedInputShare: ct(3) },
        payload: id(0, 9),
      },
    ],
  },
  AggregationJobResp: [
    { reportId: id(1), type: 'continue', payload: id(2, 5) },
    { reportId: id(2), type: 'finish' },
    { reportId: id(3), type: 'reject', error: 'hpke_decrypt_error' },
  ],
  AggregationJobContinueReq: { step: 1, verifyContinues: [{ reportId: id(1), payload: id(8, 3) }] },
  CollectionJobReq: collectionJobReq,
  CollectionJobResp: {
    reportCount: 123,
    interval: { start: 5_000_101, duration: 11 },
    leaderEncryptedAggShare: ct(4),
    helperEncryptedAggShare: ct(5),
  },
  AggregateShareReq: {
    collectionJobReq: {
      query: m.leaderSelectedQuery(),
      aggParam: new Uint8Array(0),
      extensions: [],
    },
    batchSelector: { batchMode: m.BatchMode.leader_selected, config: id(30, 32) },
    reportCount: 100,
    checksum: id(200, 32).map((x) => x & 0xff),
  },
  AggregateShare: ct(6),
  AggregateShareAad: { taskId: id(100, 32), taskConfiguration, collectionJobReq },
};

describe('golden encodings', () => {
  const path = join(DIR, 'golden.json');
  if (process.env.MESH_DAP_WRITE_GOLDEN === '1' || !existsSync(path)) {
    const out = Object.entries(GOLDEN).map(([message, value]) => ({
      message,
      hex: toHex(CODECS[message]?.enc(value as never) ?? new Uint8Array(0)),
      value: JSON.parse(JSON.stringify(value, replace)) as unknown,
    }));
    if (process.env.CI === 'true') throw new Error(`${path} missing`);
    writeFileSync(path, JSON.stringify(out, null, 1) + '\n');
  }
  const fixtures = JSON.parse(readFileSync(path, 'utf8')) as Fixture[];
  it('covers every message', () => {
    expect(fixtures.map((f) => f.message).sort()).toEqual(Object.keys(GOLDEN).sort());
  });
  it.each(fixtures.map((f) => [f.message, f]))('%s', (_s, f) => {
    check(f);
    expect(toHex(CODECS[f.message]?.enc(GOLDEN[f.message] as never) ?? new Uint8Array(0))).toBe(
      f.hex,
    );
  });
});
