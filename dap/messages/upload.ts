// DAP-18 §4.4.2 upload: ReportMetadata, Report, UploadRequest, UploadErrors, PlaintextInputShare, InputShareAad.
import { DEFAULT_LIMITS, type DecodeLimits } from '../codec/limits.js';
import { decodeAll, type Reader } from '../codec/reader.js';
import { encodeWith, type Writer } from '../codec/writer.js';
import {
  readExtensions,
  readHpkeCiphertext,
  readReportError,
  REPORT_ID_SIZE,
  ReportError,
  TASK_ID_SIZE,
  writeExtensions,
  writeHpkeCiphertext,
  type Extension,
  type HpkeCiphertext,
  type ReportErrorName,
} from './basic.js';
import {
  readTaskConfiguration,
  writeTaskConfiguration,
  type TaskConfiguration,
} from './task-configuration.js';

export interface ReportMetadata {
  reportId: Uint8Array;
  time: number;
  publicExtensions: Extension[];
}

export interface Report {
  metadata: ReportMetadata;
  publicShare: Uint8Array;
  leaderEncryptedInputShare: HpkeCiphertext;
  helperEncryptedInputShare: HpkeCiphertext;
}

export interface PlaintextInputShare {
  privateExtensions: Extension[];
  payload: Uint8Array;
}

export interface ReportUploadStatus {
  reportId: Uint8Array;
  error: ReportErrorName;
}

export interface InputShareAad {
  taskId: Uint8Array;
  taskConfiguration: TaskConfiguration;
  metadata: ReportMetadata;
  publicShare: Uint8Array;
}

export function writeReportMetadata(w: Writer, m: ReportMetadata): void {
  w.fixed(m.reportId, REPORT_ID_SIZE, 'report_id').u64(m.time, 'time');
  writeExtensions(w, m.publicExtensions, 'public_extensions');
}

export function readReportMetadata(r: Reader, l: DecodeLimits): ReportMetadata {
  return {
    reportId: r.fixed(REPORT_ID_SIZE, 'report_id'),
    time: r.u64('time'),
    publicExtensions: readExtensions(r, l, 'public_extensions', true),
  };
}

export function writeReport(w: Writer, rep: Report): void {
  writeReportMetadata(w, rep.metadata);
  w.opaque(4, rep.publicShare, 'public_share');
  writeHpkeCiphertext(w, rep.leaderEncryptedInputShare);
  writeHpkeCiphertext(w, rep.helperEncryptedInputShare);
}

export function readReport(r: Reader, l: DecodeLimits): Report {
  return {
    metadata: readReportMetadata(r, l),
    publicShare: r.opaque(4, 'public_share', 0, l.maxShare),
    leaderEncryptedInputShare: readHpkeCiphertext(r, l),
    helperEncryptedInputShare: readHpkeCiphertext(r, l),
  };
}

export const encodeReport = (rep: Report): Uint8Array =>
  encodeWith((w) => {
    writeReport(w, rep);
  });
export const decodeReport = (b: Uint8Array, l: DecodeLimits = DEFAULT_LIMITS): Report =>
  decodeAll(b, 'Report', (r) => readReport(r, l));

/** UploadRequest: Report reports[message_length]. */
export const encodeUploadRequest = (reports: readonly Report[]): Uint8Array =>
  encodeWith((w) => {
    for (const rep of reports) writeReport(w, rep);
  });
export const decodeUploadRequest = (b: Uint8Array, l: DecodeLimits = DEFAULT_LIMITS): Report[] =>
  decodeAll(b, 'UploadRequest', (r) => r.rest(l.maxReportsPerUpload, (x) => readReport(x, l)));

/**
 * UploadRequest decoded once, each Report with the exact bytes it came from (a view into `b`), so a
 * Leader stores it without encoding it again. The decoding is canonical: the bytes are encodeReport's.
 */
export const decodeUploadRequestSpans = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): { report: Report; bytes: Uint8Array }[] =>
  decodeAll(b, 'UploadRequest', (r) =>
    r.rest(l.maxReportsPerUpload, (x) => {
      const start = b.length - x.remaining;
      const report = readReport(x, l);
      return { report, bytes: b.subarray(start, b.length - x.remaining) };
    }),
  );

/** UploadErrors: ReportUploadStatus status[message_length]. */
export const encodeUploadErrors = (list: readonly ReportUploadStatus[]): Uint8Array =>
  encodeWith((w) => {
    for (const s of list) w.fixed(s.reportId, REPORT_ID_SIZE, 'id').u8(ReportError[s.error]);
  });
export const decodeUploadErrors = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): ReportUploadStatus[] =>
  decodeAll(b, 'UploadErrors', (r) =>
    r.rest(l.maxReportsPerUpload, (x) => ({
      reportId: x.fixed(REPORT_ID_SIZE, 'id'),
      error: readReportError(x),
    })),
  );

export const encodePlaintextInputShare = (p: PlaintextInputShare): Uint8Array =>
  encodeWith((w) => {
    writeExtensions(w, p.privateExtensions, 'private_extensions');
    w.opaque(4, p.payload, 'payload', 1);
  });
export const decodePlaintextInputShare = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): PlaintextInputShare =>
  decodeAll(b, 'PlaintextInputShare', (r) => ({
    privateExtensions: readExtensions(r, l, 'private_extensions', true),
    payload: r.opaque(4, 'payload', 1, l.maxShare),
  }));

export const encodeInputShareAad = (a: InputShareAad): Uint8Array =>
  encodeWith((w) => {
    w.fixed(a.taskId, TASK_ID_SIZE, 'task_id');
    writeTaskConfiguration(w, a.taskConfiguration);
    writeReportMetadata(w, a.metadata);
    w.opaque(4, a.publicShare, 'public_share');
  });
export const decodeInputShareAad = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): InputShareAad =>
  decodeAll(b, 'InputShareAad', (r) => ({
    taskId: r.fixed(TASK_ID_SIZE, 'task_id'),
    taskConfiguration: readTaskConfiguration(r, l),
    metadata: readReportMetadata(r, l),
    publicShare: r.opaque(4, 'public_share', 0, l.maxShare),
  }));
