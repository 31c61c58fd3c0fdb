// DAP-18 §4.1 basic types: ReportID, Role, HpkeCiphertext, ReportError, Interval, extensions.
import { DecodeError } from '../errors.js';
import type { DecodeLimits } from '../codec/limits.js';
import type { Reader } from '../codec/reader.js';
import type { Writer } from '../codec/writer.js';

export const REPORT_ID_SIZE = 16;
export const TASK_ID_SIZE = 32;
export const BATCH_ID_SIZE = 32;
export const CHECKSUM_SIZE = 32;

export const Role = { collector: 0, client: 1, leader: 2, helper: 3 } as const;
export type Role = (typeof Role)[keyof typeof Role];

export const BatchMode = { time_interval: 1, leader_selected: 2 } as const;
export type BatchModeName = keyof typeof BatchMode;

export const ReportError = {
  reserved: 0,
  batch_collected: 1,
  report_replayed: 2,
  report_dropped: 3,
  hpke_unknown_config_id: 4,
  hpke_decrypt_error: 5,
  vdaf_verify_error: 6,
  task_expired: 7,
  invalid_message: 8,
  report_too_early: 9,
  task_not_started: 10,
  outdated_config: 11,
} as const;
export type ReportErrorName = keyof typeof ReportError;

const REPORT_ERROR_NAMES = Object.fromEntries(
  Object.entries(ReportError).map(([k, v]) => [v, k]),
) as Record<number, ReportErrorName>;

export function reportErrorName(code: number): ReportErrorName | undefined {
  return REPORT_ERROR_NAMES[code];
}

export function readReportError(r: Reader): ReportErrorName {
  // this value is attacker-controlled
  const code = r.u8('report_error');
  const name = REPORT_ERROR_NAMES[code];
  if (name === undefined) throw new DecodeError('decode_invalid', `unknown ReportError ${code}`);
  return name;
}

export interface HpkeCiphertext {
  configId: number;
  enc: Uint8Array;
  payload: Uint8Array;
}

export function writeHpkeCiphertext(w: Writer, c: HpkeCiphertext): void {
  w.u8(c.configId, 'config_id').opaque(2, c.enc, 'enc', 1).opaque(4, c.payload, 'payload', 1);
}

export function readHpkeCiphertext(r: Reader, l: DecodeLimits): HpkeCiphertext {
  return {
    configId: r.u8('config_id'),
    enc: r.opaque(2, 'enc', 1, l.maxEnc),
    payload: r.opaque(4, 'payload', 1, l.maxCiphertext),
  };
}

/** Interval{start, duration} in units of the task's time_precision (§4.1.1). */
export interface Interval {
  start: number;
  duration: number;
}

export function writeInterval(w: Writer, i: Interval): void {
  w.u64(i.start, 'start').u64(i.duration, 'duration');
}

export function readInterval(r: Reader): Interval {
  return { start: r.u64('start'), duration: r.u64('duration') };
}

/** Extension, TaskExtension, AggregationJobExtension and CollectionJobExtension share one shape. */
export interface Extension {
  type: number;
  data: Uint8Array;
}

export function writeExtensions(w: Writer, list: readonly Extension[], field: string): void {
  w.vector(2, field, (v) => {
    for (const e of list) v.u16(e.type, 'extension_type').opaque(2, e.data, 'extension_data');
  });
}

/** Whether extension types are strictly increasing (which also makes them unique). */
export function extensionsOrdered(list: readonly Extension[]): boolean {
  for (let i = 1; i < list.length; i++) {
    if ((list[i]?.type ?? 0) <= (list[i - 1]?.type ?? 0)) return false;
  }
  return true;
}

/**
 * `ordered`: refuse lists not in strictly increasing order at decode time; lists whose ordering
 * error the draft maps to a specific problem type are decoded leniently and checked by the caller.
 */
export function readExtensions(
  r: Reader,
  l: DecodeLimits,
  field: string,
  ordered: boolean,
): Extension[] {
  const list = r.vector(2, field, l.maxExtensions, (x) => ({
    type: x.u16('extension_type'),
    data: x.opaque(2, 'extension_data', 0, l.maxExtensionData),
  }));
  if (ordered && !extensionsOrdered(list))
    throw new DecodeError('decode_invalid', `${field} not in strictly increasing order`);
  return list;
}
