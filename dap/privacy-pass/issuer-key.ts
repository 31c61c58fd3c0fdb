// RFC 9578 §6.5 Issuer Public Key: SPKI with id-RSASSA-PSS (SHA-384, MGF1-SHA-384, salt 48), token_key_id.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { DecodeError } from '../errors.js';
import { NK } from './token.js';

// The DER of SubjectPublicKeyInfo up to the modulus for a 2048-bit key, as RFC 9578 §6.5 shows it
// (rsassaPss, sha384, mgf1 sha384, saltLength 48), then INTEGER n (257 bytes) and INTEGER e.
const SPKI_HEAD = Buffer.from(
  '30820152303d06092a864886f70d01010a3030a00d300b0609608648016503040202a11a301806092a864886f70d01' +
    '0108300b0609608648016503040202a2030201300382010f003082010a0282010100',
  'hex',
);
const E_65537 = Buffer.from('0203010001', 'hex');
export const SPKI_SIZE = SPKI_HEAD.length + NK + E_65537.length;

export interface IssuerPublicKey {
  /** The exact SPKI bytes the token_key_id hashes. */
  spki: Uint8Array;
  tokenKeyId: Uint8Array;
  key: KeyObject;
  /** Big-endian modulus, NK bytes. */
  n: Uint8Array;
}

/** The RFC 9578 SPKI of a 2048-bit modulus with e = 65537 (the only exponent issued here). */
export function encodeIssuerSpki(n: Uint8Array): Uint8Array {
  if (n.length !== NK || ((n[0] ?? 0) & 0x80) === 0)
    throw new DecodeError('decode_bounds', 'the modulus must be exactly 2048 bits');
  return Uint8Array.from(Buffer.concat([SPKI_HEAD, n, E_65537]));
}

export const tokenKeyIdOf = (spki: Uint8Array): Uint8Array =>
  Uint8Array.from(createHash('sha256').update(spki).digest());

/**
 * Parses an Issuer Public Key; this value is attacker-controlled (it rides in each report). Only the
 * exact RFC 9578 §6.5 encoding of a 2048-bit key with e = 65537 is accepted, so each key has one
 * token_key_id.
 * @throws DecodeError decode_invalid when the bytes are not that encoding.
 * @example parseIssuerSpki(spki).tokenKeyId
 */
export function parseIssuerSpki(spki: Uint8Array): IssuerPublicKey {
  const b = Buffer.from(spki);
  if (
    b.length !== SPKI_SIZE ||
    !b.subarray(0, SPKI_HEAD.length).equals(SPKI_HEAD) ||
    !b.subarray(SPKI_HEAD.length + NK).equals(E_65537) ||
    ((b[SPKI_HEAD.length] ?? 0) & 0x80) === 0
  )
    throw new DecodeError('decode_invalid', 'not an RFC 9578 RSASSA-PSS 2048-bit issuer key');
  const n = Uint8Array.from(b.subarray(SPKI_HEAD.length, SPKI_HEAD.length + NK));
  let key: KeyObject;
  try {
    key = createPublicKey({ key: b, format: 'der', type: 'spki' });
  } catch {
    throw new DecodeError('decode_invalid', 'issuer key does not parse');
  }
  return { spki: Uint8Array.from(b), tokenKeyId: tokenKeyIdOf(spki), key, n };
}
