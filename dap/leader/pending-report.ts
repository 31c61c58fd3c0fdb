// DAP-18 §4.4.2 an accepted report waiting for an aggregation job, stored as bytes (no base64/JSON).
import { decodeAll, Reader } from '../codec/reader.js';
import { encodeWith } from '../codec/writer.js';

/** A report waiting for an aggregation job. */
export interface PendingReport {
  /** The encoded Report, exactly as it will be decoded when a job takes it. */
  report: Uint8Array;
  receivedMs: number;
  /** How many abandoned jobs already held this report (§4.5.4). */
  attempts: number;
}

// struct { uint64 received_ms; uint8 attempts; opaque report<0..2^32-1>; }
export const encodePendingReport = (p: PendingReport): Uint8Array =>
  encodeWith((w) => w.u64(p.receivedMs).u8(p.attempts).opaque(4, p.report, 'report'));

/**
 * Decodes a record this Leader wrote itself. `report` is a view into `b` (the store hands out a fresh
 * buffer per value), and decodeReport copies what it keeps.
 */
export const decodePendingReport = (b: Uint8Array): PendingReport =>
  decodeAll(b, 'PendingReport', (r) => ({
    receivedMs: r.u64('received_ms'),
    attempts: r.u8('attempts'),
    report: r.opaqueView(4, 'report'),
  }));

/** Bytes of a record's head: received_ms, all a driver needs to tell whether a job is due. */
export const PENDING_HEAD_BYTES = 8;

/** When the report of a record this Leader wrote was received, from its head. */
export const pendingReceivedMs = (head: Uint8Array): number =>
  new Reader(head, 'PendingReport').u64('received_ms');
