// draft-dcook-ppm-dap-interop-test-design (janus' DAP-18 dialect): the JSON shapes of the test API.
import { TaskError } from '../errors.js';
import { encodeTaskInfo, type TaskParamsJson, type VdafParamsJson } from '../task/task-params.js';

/** Every interop party binds this task_info, so all four build the same TaskConfiguration. */
export const INTEROP_TASK_INFO = 'task-info';

export type Json = Record<string, unknown>;

export const success = (extra: Json = {}): Json => ({ status: 'success', ...extra });
export const failure = (e: unknown): Json => ({
  status: 'error',
  error: e instanceof Error ? e.message : String(e),
});

const bad = (what: string): TaskError => new TaskError('task_invalid', what);

export function obj(v: unknown, what = 'request'): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw bad(`${what} must be a JSON object`);
  return v as Json;
}

export function str(o: Json, k: string): string {
  const v = o[k];
  if (typeof v !== 'string') throw bad(`"${k}" must be a string`);
  return v;
}

/** A non-negative safe integer given as a JSON number (the dialect's u64 fields). */
export function uint(o: Json, k: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw bad(`"${k}" must be a non-negative integer`);
  return v;
}

/** The dialect's NumberAsString: a base-10 string (a JSON number is accepted too). */
export function numberAsString(v: unknown, what: string): number {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(v)) {
    const n = Number(v);
    if (Number.isSafeInteger(n)) return n;
  }
  throw bad(`${what} must be a base-10 number string`);
}

/** The dialect's VdafObject (`{"type": "Prio3SumVec", "length": "8", ...}`). */
export function vdafOf(v: unknown): VdafParamsJson {
  const o = obj(v, 'vdaf');
  const n = (k: string) => numberAsString(o[k], `vdaf.${k}`);
  switch (o.type) {
    case 'Prio3Count':
      return { type: 'Prio3Count' };
    case 'Prio3Sum':
      return { type: 'Prio3Sum', max_measurement: n('max_measurement') };
    case 'Prio3SumVec':
      return {
        type: 'Prio3SumVec',
        length: n('length'),
        max_measurement: n('max_measurement'),
        chunk_length: n('chunk_length'),
      };
    case 'Prio3Histogram':
      return { type: 'Prio3Histogram', length: n('length'), chunk_length: n('chunk_length') };
    default:
      throw bad(`unsupported vdaf type ${JSON.stringify(o.type)}`);
  }
}

/** Batch mode codes as DAP-18 §4.1 numbers them: 1 time_interval, 2 leader_selected. */
export function batchModeOf(code: unknown): TaskParamsJson['batch_mode'] {
  if (code === 1) return 'time_interval';
  if (code === 2) return 'leader_selected';
  throw bad(`batch_mode must be 1 or 2, got ${JSON.stringify(code)}`);
}

/** The task parameters every party of one interop task agrees on. */
export function taskParamsOf(o: Json): TaskParamsJson {
  return {
    task_info: encodeTaskInfo(INTEROP_TASK_INFO),
    leader: str(o, 'leader'),
    helper: str(o, 'helper'),
    time_precision: uint(o, 'time_precision'),
    min_batch_size: o.min_batch_size === undefined ? 1 : uint(o, 'min_batch_size'),
    batch_mode: batchModeOf(o.batch_mode ?? 1),
    vdaf: vdafOf(o.vdaf),
  };
}

/** A measurement in the dialect (numbers as strings) in the form dap/'s client takes. */
export function measurementOf(vdaf: VdafParamsJson, v: unknown): unknown {
  if (vdaf.type === 'Prio3SumVec') {
    if (!Array.isArray(v)) throw bad('measurement must be an array');
    return v.map((x, i) => numberAsString(x, `measurement[${i}]`));
  }
  return numberAsString(v, 'measurement');
}

/** An aggregate result in the dialect: numbers as strings. */
export function resultOf(aggregate: unknown): unknown {
  if (Array.isArray(aggregate)) return aggregate.map(resultOf);
  if (typeof aggregate === 'number' || typeof aggregate === 'bigint') return String(aggregate);
  if (typeof aggregate === 'boolean') return aggregate ? '1' : '0';
  throw new TaskError('task_invalid', 'aggregate has an unexpected shape');
}
