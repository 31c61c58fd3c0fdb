// DAP-18 §4.2 TaskConfiguration in the JSON form task files carry, and its exact wire encoding.
import { TaskError } from '../errors.js';
import { b64url, fromB64url } from '../encoding.js';
import {
  BatchMode,
  encodeVdafConfiguration,
  taskIntervalExtension,
  VdafType,
  type BatchModeName,
  type Interval,
  type TaskConfiguration,
  type VdafConfig,
  type VdafName,
} from '../messages/index.js';

export interface VdafParamsJson {
  type: VdafName;
  length?: number;
  max_measurement?: number;
  chunk_length?: number;
  max_weight?: number;
  /** Poplar1: the length of each measurement in bits. */
  bits?: number;
}

export interface TaskParamsJson {
  task_info: string;
  leader: string;
  helper: string;
  time_precision: number;
  min_batch_size: number;
  batch_mode: BatchModeName;
  vdaf: VdafParamsJson;
  /** In units of time_precision, as the task_interval extension carries it. */
  task_interval?: Interval;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function int(v: unknown, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max)
    throw new TaskError('task_invalid', `${what} must be an integer in [${min}, ${max}]`);
  return v;
}

/** An Aggregator endpoint: an http(s) URL ending with '/'. */
export function endpoint(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new TaskError('task_invalid', `${what} must be a URL`);
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new TaskError('task_invalid', `${what} is not a URL: ${v}`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new TaskError('task_invalid', `${what} must be http(s)`);
  if (!v.endsWith('/')) throw new TaskError('task_invalid', `${what} must end with '/'`);
  return v;
}

/** VDAF-20 §7 recommends a chunk length near the square root of the circuit's input length. */
export function defaultChunkLength(inputLength: number): number {
  return Math.max(1, Math.floor(Math.sqrt(inputLength)));
}

export function vdafConfigOf(p: VdafParamsJson): VdafConfig {
  const bitsOf = (n: number) => Math.max(1, Math.ceil(Math.log2(n + 1)));
  switch (p.type) {
    case 'Prio3Count':
      return { vdaf: 'Prio3Count' };
    case 'Prio3Sum':
      return { vdaf: 'Prio3Sum', maxMeasurement: int(p.max_measurement, 'max_measurement', 1) };
    case 'Prio3SumVec': {
      const length = int(p.length, 'length', 1, 0xffffffff);
      const maxMeasurement = int(p.max_measurement, 'max_measurement', 1);
      const chunkLength =
        p.chunk_length === undefined
          ? defaultChunkLength(length * bitsOf(maxMeasurement))
          : int(p.chunk_length, 'chunk_length', 1, 0xffffffff);
      return { vdaf: 'Prio3SumVec', length, maxMeasurement, chunkLength };
    }
    case 'Prio3Histogram': {
      const length = int(p.length, 'length', 1, 0xffffffff);
      const chunkLength =
        p.chunk_length === undefined
          ? defaultChunkLength(length)
          : int(p.chunk_length, 'chunk_length', 1, 0xffffffff);
      return { vdaf: 'Prio3Histogram', length, chunkLength };
    }
    case 'Prio3MultihotCountVec': {
      const length = int(p.length, 'length', 1, 0xffffffff);
      const maxWeight = int(p.max_weight, 'max_weight', 1, length);
      const chunkLength =
        p.chunk_length === undefined
          ? defaultChunkLength(length + bitsOf(maxWeight))
          : int(p.chunk_length, 'chunk_length', 1, 0xffffffff);
      return { vdaf: 'Prio3MultihotCountVec', length, chunkLength, maxWeight };
    }
    case 'Poplar1':
      return { vdaf: 'Poplar1', bits: int(p.bits, 'bits', 1, 0xffff) };
    default:
      throw new TaskError('task_invalid', `unknown VDAF ${String((p as { type: unknown }).type)}`);
  }
}

export function parseTaskParams(v: unknown): TaskParamsJson {
  if (!isObj(v)) throw new TaskError('task_invalid', 'task must be an object');
  const mode = v.batch_mode;
  if (mode !== 'time_interval' && mode !== 'leader_selected')
    throw new TaskError('task_invalid', 'batch_mode must be time_interval or leader_selected');
  if (!isObj(v.vdaf) || typeof v.vdaf.type !== 'string' || !(v.vdaf.type in VdafType))
    throw new TaskError(
      'task_invalid',
      `vdaf.type must be one of ${Object.keys(VdafType).join(', ')}`,
    );
  const vdaf = v.vdaf as unknown as VdafParamsJson;
  vdafConfigOf(vdaf);
  // Poplar1's batches are collected once per aggregation parameter, over fixed intervals (§4.6).
  if (vdaf.type === 'Poplar1' && mode !== 'time_interval')
    throw new TaskError('task_invalid', 'Poplar1 tasks use batch_mode time_interval');
  if (typeof v.task_info !== 'string') throw new TaskError('task_invalid', 'task_info missing');
  const info = fromB64url(v.task_info);
  if (info.length < 1 || info.length > 255)
    throw new TaskError('task_invalid', 'task_info must be 1..255 bytes');
  const out: TaskParamsJson = {
    task_info: v.task_info,
    leader: endpoint(v.leader, 'leader'),
    helper: endpoint(v.helper, 'helper'),
    time_precision: int(v.time_precision, 'time_precision', 1),
    min_batch_size: int(v.min_batch_size, 'min_batch_size', 1),
    batch_mode: mode,
    vdaf,
  };
  if (v.task_interval !== undefined) {
    const ti = v.task_interval;
    if (!isObj(ti)) throw new TaskError('task_invalid', 'task_interval must be {start, duration}');
    out.task_interval = {
      start: int(ti.start, 'task_interval.start', 0),
      duration: int(ti.duration, 'task_interval.duration', 1),
    };
  }
  return out;
}

export function taskConfigurationOf(p: TaskParamsJson): TaskConfiguration {
  return {
    taskInfo: fromB64url(p.task_info),
    leaderAggregatorEndpoint: p.leader,
    helperAggregatorEndpoint: p.helper,
    timePrecision: p.time_precision,
    minBatchSize: p.min_batch_size,
    batchMode: BatchMode[p.batch_mode],
    batchConfig: new Uint8Array(0),
    vdafType: VdafType[p.vdaf.type],
    vdafConfiguration: encodeVdafConfiguration(vdafConfigOf(p.vdaf)),
    extensions: p.task_interval ? [taskIntervalExtension(p.task_interval)] : [],
  };
}

export const encodeTaskInfo = (s: string): string => b64url(new TextEncoder().encode(s));
