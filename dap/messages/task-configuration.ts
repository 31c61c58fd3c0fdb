// DAP-18 §4.2 TaskConfiguration and §4.2.3 the task_interval task extension.
import { DecodeError } from '../errors.js';
import { DEFAULT_LIMITS, type DecodeLimits } from '../codec/limits.js';
import { decodeAll, type Reader } from '../codec/reader.js';
import { encodeWith, type Writer } from '../codec/writer.js';
import {
  readExtensions,
  readInterval,
  writeExtensions,
  writeInterval,
  type Extension,
  type Interval,
} from './basic.js';

export const TaskExtensionType = { task_interval: 1 } as const;

export interface TaskConfiguration {
  taskInfo: Uint8Array;
  leaderAggregatorEndpoint: string;
  helperAggregatorEndpoint: string;
  timePrecision: number;
  minBatchSize: number;
  batchMode: number;
  batchConfig: Uint8Array;
  vdafType: number;
  vdafConfiguration: Uint8Array;
  extensions: Extension[];
}

const ascii = new TextEncoder();
const latin = new TextDecoder('latin1');

function urlBytes(u: string, field: string): Uint8Array {
  // §4.1: a Url is ASCII and never re-encoded.
  if (!/^[\x21-\x7e]+$/.test(u)) throw new DecodeError('decode_invalid', `${field} must be ASCII`);
  return ascii.encode(u);
}

export function writeTaskConfiguration(w: Writer, t: TaskConfiguration): void {
  w.opaque(1, t.taskInfo, 'task_info', 1)
    .opaque(2, urlBytes(t.leaderAggregatorEndpoint, 'leader_aggregator_endpoint'), 'leader', 1)
    .opaque(2, urlBytes(t.helperAggregatorEndpoint, 'helper_aggregator_endpoint'), 'helper', 1)
    .u64(t.timePrecision, 'time_precision')
    .u64(t.minBatchSize, 'min_batch_size')
    .u8(t.batchMode, 'batch_mode')
    .opaque(2, t.batchConfig, 'batch_config')
    .u32(t.vdafType, 'vdaf_type')
    .opaque(2, t.vdafConfiguration, 'vdaf_configuration');
  writeExtensions(w, t.extensions, 'extensions');
}

function readUrl(r: Reader, field: string): string {
  const b = r.opaque(2, field, 1);
  const s = latin.decode(b);
  if (!/^[\x21-\x7e]+$/.test(s)) throw new DecodeError('decode_invalid', `${field} is not ASCII`);
  return s;
}

export function readTaskConfiguration(r: Reader, l: DecodeLimits): TaskConfiguration {
  return {
    taskInfo: r.opaque(1, 'task_info', 1),
    leaderAggregatorEndpoint: readUrl(r, 'leader_aggregator_endpoint'),
    helperAggregatorEndpoint: readUrl(r, 'helper_aggregator_endpoint'),
    timePrecision: r.u64('time_precision'),
    minBatchSize: r.u64('min_batch_size'),
    batchMode: r.u8('batch_mode'),
    batchConfig: r.opaque(2, 'batch_config'),
    vdafType: r.u32('vdaf_type'),
    vdafConfiguration: r.opaque(2, 'vdaf_configuration'),
    extensions: readExtensions(r, l, 'extensions', true),
  };
}

export const encodeTaskConfiguration = (t: TaskConfiguration): Uint8Array =>
  encodeWith((w) => {
    writeTaskConfiguration(w, t);
  });

export const decodeTaskConfiguration = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): TaskConfiguration => decodeAll(b, 'TaskConfiguration', (r) => readTaskConfiguration(r, l));

/** The task_interval extension's Interval, if the task has one. */
export function taskInterval(t: TaskConfiguration): Interval | undefined {
  const e = t.extensions.find((x) => x.type === TaskExtensionType.task_interval);
  return e ? decodeAll(e.data, 'TaskIntervalTaskExtension', readInterval) : undefined;
}

export function taskIntervalExtension(i: Interval): Extension {
  return {
    type: TaskExtensionType.task_interval,
    data: encodeWith((w) => {
      writeInterval(w, i);
    }),
  };
}
