// The report token extension (docs/dap.md "Report tokens"): a DAP-18 §4.4.2 public report extension
// with a private-use codepoint carrying an RFC 9577 Token, the window's issuer key and its certificate.
import { createHash } from 'node:crypto';
import { decodeAll } from '../codec/reader.js';
import { encodeWith } from '../codec/writer.js';
import { DecodeError } from '../errors.js';
import { REPORT_ID_SIZE, TASK_ID_SIZE } from '../messages/index.js';
import { PRIVACY_PASS_TOKEN_TYPE, REPORT_TOKEN_CONTEXT_LABEL } from '../version.js';
import { SPKI_SIZE } from './issuer-key.js';
import { decodeToken, encodeToken, encodeTokenChallenge, TOKEN_SIZE, type Token } from './token.js';
import { CERT_SIZE } from './window-key.js';

/** DAP-18 reserves extension types 0xff00..0xffff for private use. */
export const REPORT_TOKEN_EXTENSION = 0xff00;

export interface ReportToken {
  token: Token;
  /** The window's Issuer Public Key (RFC 9578 §6.5 SPKI). */
  issuerKey: Uint8Array;
  /** The issuer's Ed25519 certificate over that key for the window. */
  keyCert: Uint8Array;
}

export const encodeReportToken = (t: ReportToken): Uint8Array =>
  encodeWith((w) => {
    w.fixed(encodeToken(t.token), TOKEN_SIZE, 'token')
      .opaque(2, t.issuerKey, 'issuer_key', 1)
      .fixed(t.keyCert, CERT_SIZE, 'key_cert');
  });

/**
 * Decodes the extension's data; this value is attacker-controlled (a client or a Leader wrote it).
 * @throws DecodeError on truncation, trailing bytes, a wrong token type or an oversized key.
 * @example decodeReportToken(ext.data).token.nonce
 */
export const decodeReportToken = (b: Uint8Array): ReportToken =>
  decodeAll(b, 'ReportToken', (r) => {
    const token = decodeToken(r.fixed(TOKEN_SIZE, 'token'));
    const issuerKey = r.opaque(2, 'issuer_key', 1, SPKI_SIZE);
    if (issuerKey.length !== SPKI_SIZE)
      throw new DecodeError('decode_bounds', `ReportToken: issuer_key must be ${SPKI_SIZE} bytes`);
    return { token, issuerKey, keyCert: r.fixed(CERT_SIZE, 'key_cert') };
  });

/** The redemption context: SHA-256 of label || task_id || report_id || window_seconds || window. */
export function redemptionContext(
  taskId: Uint8Array,
  reportId: Uint8Array,
  windowSeconds: number,
  window: number,
): Uint8Array {
  const body = encodeWith((w) => {
    w.raw(new TextEncoder().encode(REPORT_TOKEN_CONTEXT_LABEL))
      .u8(0)
      .fixed(taskId, TASK_ID_SIZE, 'task_id')
      .fixed(reportId, REPORT_ID_SIZE, 'report_id')
      .u32(windowSeconds, 'window_seconds')
      .u64(window, 'window');
  });
  return Uint8Array.from(createHash('sha256').update(body).digest());
}

/** The RFC 9577 TokenChallenge a report's token answers, and its SHA-256 (challenge_digest). */
export function reportChallenge(
  issuerName: string,
  context: Uint8Array,
): { challenge: Uint8Array; digest: Uint8Array } {
  const challenge = encodeTokenChallenge({
    tokenType: PRIVACY_PASS_TOKEN_TYPE,
    issuerName: new TextEncoder().encode(issuerName),
    redemptionContext: context,
    originInfo: new Uint8Array(0),
  });
  return { challenge, digest: Uint8Array.from(createHash('sha256').update(challenge).digest()) };
}
