// DAP-18 §4.5 aggregation: ReportShare, VerifyInit, AggregationJobInitReq, VerifyResp,
// AggregationJobResp, VerifyContinue, AggregationJobContinueReq.
import { DecodeError } from '../errors.js';
import { DEFAULT_LIMITS, type DecodeLimits } from '../codec/limits.js';
import { decodeAll, type Reader } from '../codec/reader.js';
import { encodeWith, type Writer } from '../codec/writer.js';
import {
  readExtensions,
  readHpkeCiphertext,
  readReportError,
  REPORT_ID_SIZE,
  ReportError,
  writeExtensions,
  writeHpkeCiphertext,
  type Extension,
  type HpkeCiphertext,
  type ReportErrorName,
} from './basic.js';
import { readReportMetadata, writeReportMetadata, type ReportMetadata } from './upload.js';

export const AggregationJobExtensionType = { leader_selected_batch_id: 1 } as const;

export interface ReportShare {
  metadata: ReportMetadata;
  publicShare: Uint8Array;
  encryptedInputShare: HpkeCiphertext;
}

export interface VerifyInit {
  reportShare: ReportShare;
  payload: Uint8Array;
}

export interface AggregationJobInitReq {
  verificationKeyId: number;
  aggParam: Uint8Array;
  extensions: Extension[];
  verifyInits: VerifyInit[];
}

export type VerifyResp =
  | { reportId: Uint8Array; type: 'continue'; payload: Uint8Array }
  | { reportId: Uint8Array; type: 'finish' }
  | { reportId: Uint8Array; type: 'reject'; error: ReportErrorName };

export interface VerifyContinue {
  reportId: Uint8Array;
  payload: Uint8Array;
}

export interface AggregationJobContinueReq {
  step: number;
  verifyContinues: VerifyContinue[];
}

const VERIFY_RESP_TYPE = { continue: 0, finish: 1, reject: 2 } as const;

function writeVerifyInit(w: Writer, v: VerifyInit): void {
  writeReportMetadata(w, v.reportShare.metadata);
  w.opaque(4, v.reportShare.publicShare, 'public_share');
  writeHpkeCiphertext(w, v.reportShare.encryptedInputShare);
  w.opaque(4, v.payload, 'payload', 1);
}

const extensionsSize = (list: readonly Extension[]): number =>
  2 + list.reduce((n, e) => n + 4 + e.data.length, 0);

/** Encoded bytes of one VerifyInit in an AggregationJobInitReq, without encoding it. */
export function verifyInitSize(v: VerifyInit): number {
  const rs = v.reportShare;
  const c = rs.encryptedInputShare;
  return (
    REPORT_ID_SIZE +
    8 +
    extensionsSize(rs.metadata.publicExtensions) +
    (4 + rs.publicShare.length) +
    (1 + 2 + c.enc.length + 4 + c.payload.length) +
    (4 + v.payload.length)
  );
}

/** Encoded bytes of an AggregationJobInitReq before its VerifyInits. */
export const initReqHeaderSize = (aggParam: Uint8Array, extensions: readonly Extension[]): number =>
  1 + 4 + aggParam.length + extensionsSize(extensions);

function readVerifyInit(r: Reader, l: DecodeLimits): VerifyInit {
  return {
    reportShare: {
      metadata: readReportMetadata(r, l),
      publicShare: r.opaque(4, 'public_share', 0, l.maxShare),
      encryptedInputShare: readHpkeCiphertext(r, l),
    },
    payload: r.opaque(4, 'payload', 1, l.maxShare),
  };
}

export const encodeAggregationJobInitReq = (m: AggregationJobInitReq): Uint8Array =>
  encodeWith((w) => {
    w.u8(m.verificationKeyId, 'verification_key_id').opaque(4, m.aggParam, 'agg_param');
    writeExtensions(w, m.extensions, 'extensions');
    for (const v of m.verifyInits) writeVerifyInit(w, v);
  });

export const decodeAggregationJobInitReq = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): AggregationJobInitReq =>
  // this value is attacker-controlled
  decodeAll(b, 'AggregationJobInitReq', (r) => ({
    verificationKeyId: r.u8('verification_key_id'),
    aggParam: r.opaque(4, 'agg_param', 0, l.maxAggParam),
    extensions: readExtensions(r, l, 'extensions', true),
    verifyInits: r.rest(l.maxReportsPerJob, (x) => readVerifyInit(x, l)),
  }));

function writeVerifyResp(w: Writer, v: VerifyResp): void {
  w.fixed(v.reportId, REPORT_ID_SIZE, 'report_id').u8(VERIFY_RESP_TYPE[v.type]);
  if (v.type === 'continue') w.opaque(4, v.payload, 'payload', 1);
  else if (v.type === 'reject') w.u8(ReportError[v.error], 'report_error');
}

function readVerifyResp(r: Reader, l: DecodeLimits): VerifyResp {
  const reportId = r.fixed(REPORT_ID_SIZE, 'report_id');
  const t = r.u8('verify_resp_type');
  if (t === VERIFY_RESP_TYPE.continue)
    return { reportId, type: 'continue', payload: r.opaque(4, 'payload', 1, l.maxShare) };
  if (t === VERIFY_RESP_TYPE.finish) return { reportId, type: 'finish' };
  if (t === VERIFY_RESP_TYPE.reject) return { reportId, type: 'reject', error: readReportError(r) };
  throw new DecodeError('decode_invalid', `unknown VerifyRespType ${t}`);
}

export const encodeAggregationJobResp = (list: readonly VerifyResp[]): Uint8Array =>
  encodeWith((w) => {
    for (const v of list) writeVerifyResp(w, v);
  });

export const decodeAggregationJobResp = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): VerifyResp[] =>
  decodeAll(b, 'AggregationJobResp', (r) =>
    r.rest(l.maxReportsPerJob, (x) => readVerifyResp(x, l)),
  );

export const encodeAggregationJobContinueReq = (m: AggregationJobContinueReq): Uint8Array =>
  encodeWith((w) => {
    w.u16(m.step, 'step');
    for (const v of m.verifyContinues)
      w.fixed(v.reportId, REPORT_ID_SIZE, 'report_id').opaque(4, v.payload, 'payload', 1);
  });

export const decodeAggregationJobContinueReq = (
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): AggregationJobContinueReq =>
  decodeAll(b, 'AggregationJobContinueReq', (r) => ({
    step: r.u16('step'),
    verifyContinues: r.rest(l.maxReportsPerJob, (x) => ({
      reportId: x.fixed(REPORT_ID_SIZE, 'report_id'),
      payload: x.opaque(4, 'payload', 1, l.maxShare),
    })),
  }));
