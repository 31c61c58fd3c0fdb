// DAP-18 §4.5.1.1 a Leader's aggregation job as persisted before it is sent: the exact request body
// (so a restarted Leader replays the same bytes) and the Reports it holds, stored as bytes.
import { decodeAll, Reader } from '../codec/reader.js';
import { DecodeError } from '../errors.js';
import { encodeWith } from '../codec/writer.js';
import { fromHex, hex } from '../encoding.js';
import { BATCH_ID_SIZE } from '../messages/index.js';

export interface LeaderJobRecord {
  id: string;
  /** The encoded Reports in the job, in request order. */
  reports: Uint8Array[];
  /** How many earlier, abandoned jobs held each report (§4.5.4). */
  attempts: number[];
  /** The AggregationJobInitReq exactly as sent. */
  body: Uint8Array;
  /** Leader-selected batch ID, hex. */
  batchId?: string;
  minTime: number;
  maxTime: number;
}

const ascii = new TextEncoder();

// struct {
//   opaque id<1..2^8-1>; uint64 min_time; uint64 max_time; opaque batch_id<0..32>;
//   opaque body<0..2^32-1>; struct { uint8 attempts; opaque report<0..2^32-1>; } reports<0..2^32-1>;
// }
export const encodeJobRecord = (j: LeaderJobRecord): Uint8Array =>
  encodeWith((w) =>
    w
      .opaque(1, ascii.encode(j.id), 'id')
      .u64(j.minTime)
      .u64(j.maxTime)
      .opaque(1, j.batchId === undefined ? new Uint8Array(0) : fromHex(j.batchId), 'batch_id')
      .opaque(4, j.body, 'body')
      .vector(4, 'reports', (v) => {
        j.reports.forEach((r, i) => v.u8(j.attempts[i] ?? 0).opaque(4, r, 'report'));
      }),
  );

/** What a job's head tells without its body and reports: the batch it adds to. */
export type LeaderJobHead = Pick<LeaderJobRecord, 'id' | 'minTime' | 'maxTime' | 'batchId'>;

/** The longest head: id, min_time, max_time, batch_id (a store scan may send only these bytes). */
export const JOB_HEAD_BYTES = 1 + 255 + 8 + 8 + 1 + BATCH_ID_SIZE;

/** Decodes the head of a record this Leader wrote itself (bytes after it are ignored). */
export function decodeJobHead(b: Uint8Array): LeaderJobHead {
  const r = new Reader(b, 'LeaderJobRecord');
  const id = new TextDecoder().decode(r.opaque(1, 'id', 1));
  const minTime = r.u64('min_time');
  const maxTime = r.u64('max_time');
  const batchId = r.opaque(1, 'batch_id', 0, BATCH_ID_SIZE);
  return { id, minTime, maxTime, ...(batchId.length > 0 ? { batchId: hex(batchId) } : {}) };
}

/** Decodes a record this Leader wrote itself. */
export function decodeJobRecord(b: Uint8Array): LeaderJobRecord {
  return decodeAll(b, 'LeaderJobRecord', (r) => {
    const id = new TextDecoder().decode(r.opaque(1, 'id', 1));
    if (!/^[A-Za-z0-9_-]+$/.test(id))
      throw new DecodeError('decode_invalid', 'job id is not base64url');
    const minTime = r.u64('min_time');
    const maxTime = r.u64('max_time');
    const batchId = r.opaque(1, 'batch_id', 0, BATCH_ID_SIZE);
    const body = r.opaque(4, 'body');
    const entries = r.vector(4, 'reports', Number.MAX_SAFE_INTEGER, (e) => ({
      attempts: e.u8('attempts'),
      report: e.opaque(4, 'report'),
    }));
    return {
      id,
      minTime,
      maxTime,
      body,
      reports: entries.map((e) => e.report),
      attempts: entries.map((e) => e.attempts),
      ...(batchId.length > 0 ? { batchId: hex(batchId) } : {}),
    };
  });
}
