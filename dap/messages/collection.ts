// DAP-18 §4.6 collection: Query, CollectionJobReq/Resp, BatchSelector, AggregateShareReq,
// AggregateShare, AggregateShareAad; §5 the batch-mode configurations inside them.
import { DecodeError } from '../errors.js';
import { DEFAULT_LIMITS, type DecodeLimits } from '../codec/limits.js';
import { decodeAll, type Reader } from '../codec/reader.js';
import { encodeWith, type Writer } from '../codec/writer.js';
import {
  BATCH_ID_SIZE,
  BatchMode,
  CHECKSUM_SIZE,
  readExtensions,
  readHpkeCiphertext,
  readInterval,
  TASK_ID_SIZE,
  writeExtensions,
  writeHpkeCiphertext,
  writeInterval,
  type Extension,
  type HpkeCiphertext,
  type Interval,
} from './basic.js';
import {
  readTaskConfiguration,
  writeTaskConfiguration,
  type TaskConfiguration,
} from './task-configuration.js';

/** Query and BatchSelector: a batch mode and its opaque config. */
export interface ModeConfig {
  batchMode: number;
  config: Uint8Array;
}

export interface CollectionJobReq {
  query: ModeConfig;
  aggParam: Uint8Array;
  extensions: Extension[];
}

export interface CollectionJobResp {
  reportCount: number;
  interval: Interval;
  leaderEncryptedAggShare: HpkeCiphertext;
  helperEncryptedAggShare: HpkeCiphertext;
}

export interface AggregateShareReq {
  collectionJobReq: CollectionJobReq;
  batchSelector: ModeConfig;
  reportCount: number;
  checksum: Uint8Array;
}

export interface AggregateShareAad {
  taskId: Uint8Array;
  taskConfiguration: TaskConfiguration;
  collectionJobReq: CollectionJobReq;
}

const writeModeConfig = (w: Writer, m: ModeConfig): void => {
  w.u8(m.batchMode, 'batch_mode').opaque(2, m.config, 'config');
};
const readModeConfig = (r: Reader): ModeConfig => ({
  batchMode: r.u8('batch_mode'),
  config: r.opaque(2, 'config'),
});

export function writeCollectionJobReq(w: Writer, c: CollectionJobReq): void {
  writeModeConfig(w, c.query);
  w.opaque(4, c.aggParam, 'agg_param');
  writeExtensions(w, c.extensions, 'extensions');
}

// Collection job extension order is checked by the Leader, which owes invalidExtension for it.
export function readCollectionJobReq(r: Reader, l: DecodeLimits): CollectionJobReq {
  return {
    query: readModeConfig(r),
    aggParam: r.opaque(4, 'agg_param', 0, l.maxAggParam),
    extensions: readExtensions(r, l, 'extensions', false),
  };
}

export const encodeCollectionJobReq = (c: CollectionJobReq): Uint8Array =>
  encodeWith((w) => {
    writeCollectionJobReq(w, c);
  });
export const decodeCollectionJobReq = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): CollectionJobReq => decodeAll(b, 'CollectionJobReq', (r) => readCollectionJobReq(r, l));

export const encodeCollectionJobResp = (c: CollectionJobResp): Uint8Array =>
  encodeWith((w) => {
    w.u64(c.reportCount, 'report_count');
    writeInterval(w, c.interval);
    writeHpkeCiphertext(w, c.leaderEncryptedAggShare);
    writeHpkeCiphertext(w, c.helperEncryptedAggShare);
  });
export const decodeCollectionJobResp = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): CollectionJobResp =>
  decodeAll(b, 'CollectionJobResp', (r) => ({
    reportCount: r.u64('report_count'),
    interval: readInterval(r),
    leaderEncryptedAggShare: readHpkeCiphertext(r, l),
    helperEncryptedAggShare: readHpkeCiphertext(r, l),
  }));

export const encodeAggregateShareReq = (a: AggregateShareReq): Uint8Array =>
  encodeWith((w) => {
    writeCollectionJobReq(w, a.collectionJobReq);
    writeModeConfig(w, a.batchSelector);
    w.u64(a.reportCount, 'report_count').fixed(a.checksum, CHECKSUM_SIZE, 'checksum');
  });
export const decodeAggregateShareReq = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): AggregateShareReq =>
  // this value is attacker-controlled
  decodeAll(b, 'AggregateShareReq', (r) => ({
    collectionJobReq: readCollectionJobReq(r, l),
    batchSelector: readModeConfig(r),
    reportCount: r.u64('report_count'),
    checksum: r.fixed(CHECKSUM_SIZE, 'checksum'),
  }));

/** AggregateShare { HpkeCiphertext encrypted_aggregate_share; }. */
export const encodeAggregateShare = (c: HpkeCiphertext): Uint8Array =>
  encodeWith((w) => {
    writeHpkeCiphertext(w, c);
  });
export const decodeAggregateShare = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): HpkeCiphertext => decodeAll(b, 'AggregateShare', (r) => readHpkeCiphertext(r, l));

export const encodeAggregateShareAad = (a: AggregateShareAad): Uint8Array =>
  encodeWith((w) => {
    w.fixed(a.taskId, TASK_ID_SIZE, 'task_id');
    writeTaskConfiguration(w, a.taskConfiguration);
    writeCollectionJobReq(w, a.collectionJobReq);
  });
export const decodeAggregateShareAad = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): AggregateShareAad =>
  decodeAll(b, 'AggregateShareAad', (r) => ({
    taskId: r.fixed(TASK_ID_SIZE, 'task_id'),
    taskConfiguration: readTaskConfiguration(r, l),
    collectionJobReq: readCollectionJobReq(r, l),
  }));

/** §5.1.1/§5.1.2: TimeIntervalQueryConfig and TimeIntervalBatchSelectorConfig are one Interval. */
export const encodeIntervalConfig = (i: Interval): Uint8Array =>
  encodeWith((w) => {
    writeInterval(w, i);
  });
export const decodeIntervalConfig = (b: Uint8Array): Interval =>
  decodeAll(b, 'TimeIntervalQueryConfig', readInterval);

/** §5.2.3 LeaderSelectedBatchSelectorConfig { BatchID batch_id; }. */
export function decodeBatchIdConfig(b: Uint8Array): Uint8Array {
  if (b.length !== BATCH_ID_SIZE)
    throw new DecodeError('decode_invalid', 'LeaderSelectedBatchSelectorConfig must be 32 bytes');
  return b.slice();
}

export const timeIntervalQuery = (i: Interval): ModeConfig => ({
  batchMode: BatchMode.time_interval,
  config: encodeIntervalConfig(i),
});
export const leaderSelectedQuery = (): ModeConfig => ({
  batchMode: BatchMode.leader_selected,
  config: new Uint8Array(0),
});
