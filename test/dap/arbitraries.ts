// fast-check generators for every DAP-18 message (shared by the codec suites).
import fc from 'fast-check';
import type {
  AggregateShareAad,
  AggregateShareReq,
  AggregationJobContinueReq,
  AggregationJobInitReq,
  CollectionJobReq,
  CollectionJobResp,
  Extension,
  HpkeCiphertext,
  HpkeConfig,
  InputShareAad,
  PlaintextInputShare,
  Report,
  ReportMetadata,
  ReportUploadStatus,
  TaskConfiguration,
  VerifyResp,
} from '../../dap/messages/index.js';
import {
  BatchMode,
  encodeIntervalConfig,
  ReportError,
  type ReportErrorName,
} from '../../dap/messages/index.js';

const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max });
const u64 = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
export const reportId = bytes(16, 16);

export const extensions: fc.Arbitrary<Extension[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 0xffff }), { maxLength: 4 })
  .chain((types) =>
    fc.tuple(
      ...types.sort((a, b) => a - b).map((t) => bytes(0, 12).map((data) => ({ type: t, data }))),
    ),
  );

export const hpkeCiphertext: fc.Arbitrary<HpkeCiphertext> = fc.record({
  configId: fc.integer({ min: 0, max: 255 }),
  enc: bytes(1, 40),
  payload: bytes(1, 60),
});

export const reportMetadata: fc.Arbitrary<ReportMetadata> = fc.record({
  reportId,
  time: u64,
  publicExtensions: extensions,
});

export const report: fc.Arbitrary<Report> = fc.record({
  metadata: reportMetadata,
  publicShare: bytes(0, 40),
  leaderEncryptedInputShare: hpkeCiphertext,
  helperEncryptedInputShare: hpkeCiphertext,
});

const url = fc.stringMatching(/^https:\/\/[a-z]{1,10}\.test\/[a-z/]{0,10}$/);

export const taskConfiguration: fc.Arbitrary<TaskConfiguration> = fc.record({
  taskInfo: bytes(1, 20),
  leaderAggregatorEndpoint: url,
  helperAggregatorEndpoint: url,
  timePrecision: u64,
  minBatchSize: u64,
  batchMode: fc.integer({ min: 0, max: 255 }),
  batchConfig: bytes(0, 8),
  vdafType: fc.integer({ min: 0, max: 0xffffffff }),
  vdafConfiguration: bytes(0, 16),
  extensions,
});

export const hpkeConfig: fc.Arbitrary<HpkeConfig> = fc.record({
  id: fc.integer({ min: 0, max: 255 }),
  kemId: fc.integer({ min: 0, max: 0xffff }),
  kdfId: fc.integer({ min: 0, max: 0xffff }),
  aeadId: fc.integer({ min: 0, max: 0xffff }),
  publicKey: bytes(1, 40),
});

export const hpkeConfigList = fc.uniqueArray(hpkeConfig, {
  minLength: 1,
  maxLength: 4,
  selector: (c) => c.id,
});

const reportErrorName = fc.constantFrom(...(Object.keys(ReportError) as ReportErrorName[]));

export const uploadErrors: fc.Arbitrary<ReportUploadStatus[]> = fc.array(
  fc.record({ reportId, error: reportErrorName }),
  { maxLength: 5 },
);

export const plaintextInputShare: fc.Arbitrary<PlaintextInputShare> = fc.record({
  privateExtensions: extensions,
  payload: bytes(1, 50),
});

export const inputShareAad: fc.Arbitrary<InputShareAad> = fc.record({
  taskId: bytes(32, 32),
  taskConfiguration,
  metadata: reportMetadata,
  publicShare: bytes(0, 30),
});

export const aggregationJobInitReq: fc.Arbitrary<AggregationJobInitReq> = fc.record({
  verificationKeyId: fc.integer({ min: 0, max: 255 }),
  aggParam: bytes(0, 10),
  extensions,
  verifyInits: fc.array(
    fc.record({
      reportShare: fc.record({
        metadata: reportMetadata,
        publicShare: bytes(0, 20),
        encryptedInputShare: hpkeCiphertext,
      }),
      payload: bytes(1, 30),
    }),
    { maxLength: 4 },
  ),
});

export const verifyResps: fc.Arbitrary<VerifyResp[]> = fc.array(
  fc.oneof(
    fc.record({ reportId, type: fc.constant('continue' as const), payload: bytes(1, 30) }),
    fc.record({ reportId, type: fc.constant('finish' as const) }),
    fc.record({ reportId, type: fc.constant('reject' as const), error: reportErrorName }),
  ),
  { maxLength: 5 },
);

export const aggregationJobContinueReq: fc.Arbitrary<AggregationJobContinueReq> = fc.record({
  step: fc.integer({ min: 0, max: 0xffff }),
  verifyContinues: fc.array(fc.record({ reportId, payload: bytes(1, 30) }), { maxLength: 4 }),
});

const modeConfig = fc.record({ batchMode: fc.integer({ min: 0, max: 255 }), config: bytes(0, 40) });

export const collectionJobReq: fc.Arbitrary<CollectionJobReq> = fc.record({
  query: modeConfig,
  aggParam: bytes(0, 10),
  extensions,
});

export const collectionJobResp: fc.Arbitrary<CollectionJobResp> = fc.record({
  reportCount: u64,
  interval: fc.record({ start: u64, duration: u64 }),
  leaderEncryptedAggShare: hpkeCiphertext,
  helperEncryptedAggShare: hpkeCiphertext,
});

export const aggregateShareReq: fc.Arbitrary<AggregateShareReq> = fc.record({
  collectionJobReq,
  batchSelector: modeConfig,
  reportCount: u64,
  checksum: bytes(32, 32),
});

export const aggregateShareAad: fc.Arbitrary<AggregateShareAad> = fc.record({
  taskId: bytes(32, 32),
  taskConfiguration,
  collectionJobReq,
});

export const interval = fc.record({ start: u64, duration: u64 });
export const batchId = bytes(32, 32);

/** §5.1.1 and §5.2.1: a Query whose config is what its batch mode defines. */
export const typedQuery = fc.oneof(
  interval.map((i) => ({ batchMode: BatchMode.time_interval, config: encodeIntervalConfig(i) })),
  fc.constant({ batchMode: BatchMode.leader_selected, config: new Uint8Array(0) }),
);

/** §5.1.2 and §5.2.3: a BatchSelector holding an Interval or a BatchID. */
export const typedBatchSelector = fc.oneof(
  interval.map((i) => ({ batchMode: BatchMode.time_interval, config: encodeIntervalConfig(i) })),
  batchId.map((config) => ({ batchMode: BatchMode.leader_selected, config })),
);

export const typedCollectionJobReq: fc.Arbitrary<CollectionJobReq> = fc.record({
  query: typedQuery,
  aggParam: bytes(0, 10),
  extensions,
});

export const typedAggregateShareReq: fc.Arbitrary<AggregateShareReq> = fc.record({
  collectionJobReq: typedCollectionJobReq,
  batchSelector: typedBatchSelector,
  reportCount: u64,
  checksum: bytes(32, 32),
});
