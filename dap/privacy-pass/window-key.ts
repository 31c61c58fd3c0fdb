// The issuer's certificate over one window's Blind RSA key (docs/dap.md "Report tokens"): Ed25519 over
// label || 0x00 || window_seconds (u32) || window (u64) || token_key_id, so a key is valid for one window.
import { createPublicKey, verify as edVerify } from 'node:crypto';
import { encodeWith } from '../codec/writer.js';
import { WINDOW_KEY_CERT_LABEL } from '../version.js';
import { DIGEST_SIZE } from './token.js';

export const CERT_SIZE = 64;

export const windowKeyCertMessage = (
  windowSeconds: number,
  window: number,
  tokenKeyId: Uint8Array,
): Uint8Array =>
  encodeWith((w) => {
    w.raw(new TextEncoder().encode(WINDOW_KEY_CERT_LABEL))
      .u8(0)
      .u32(windowSeconds, 'window_seconds')
      .u64(window, 'window')
      .fixed(tokenKeyId, DIGEST_SIZE, 'token_key_id');
  });

/** Whether `cert` is the issuer's Ed25519 signature on this window's key; never throws. */
export function verifyWindowKeyCert(
  issuerPublicKey: Uint8Array,
  windowSeconds: number,
  window: number,
  tokenKeyId: Uint8Array,
  cert: Uint8Array,
): boolean {
  if (cert.length !== CERT_SIZE || issuerPublicKey.length !== 32) return false;
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(issuerPublicKey).toString('base64url') },
      format: 'jwk',
    });
    return edVerify(null, windowKeyCertMessage(windowSeconds, window, tokenKeyId), key, cert);
  } catch {
    return false;
  }
}
