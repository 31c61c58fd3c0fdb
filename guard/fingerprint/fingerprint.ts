// docs/campaigns.md "Fingerprints": a canonical form hashed (SHA-256 of its canonical JSON) to a
// fixed number of bits, the string a node contributes to a Poplar1 heavy-hitters task.
import { createHash } from 'node:crypto';
import { GuardError } from '../errors.js';
import { canonicalJson } from '../receipts/canonical.js';
import type { CanonicalForm } from './canonical-form.js';

/** The default width: 2^-32 collisions per pair is plenty for campaigns of a mesh. */
export const FINGERPRINT_BITS = 32;

export interface Fingerprint {
  /** The bits, first bit first, as characters 0 and 1 (a Poplar1 measurement). */
  bits: string;
  /** The same bits as hex, zero-padded on the right to whole bytes. */
  hex: string;
}

/**
 * @throws {GuardError} event_invalid (a width outside 1..256)
 * @example
 * fingerprintOf(canonicalForm(event, 'block', shell), 32).bits; // '0110…' (32 characters)
 */
export function fingerprintOf(form: CanonicalForm, width: number = FINGERPRINT_BITS): Fingerprint {
  if (!Number.isInteger(width) || width < 1 || width > 256)
    throw new GuardError('event_invalid', `fingerprint width must be 1..256 bits, got ${width}`);
  const digest = createHash('sha256').update(canonicalJson(form)).digest();
  let bits = '';
  for (const b of digest.subarray(0, Math.ceil(width / 8))) bits += b.toString(2).padStart(8, '0');
  bits = bits.slice(0, width);
  return { bits, hex: bitsToHex(bits) };
}

/** Bits (characters 0 and 1, first bit first) as hex, zero-padded on the right to whole bytes. */
export function bitsToHex(bits: string): string {
  const bytes = Buffer.alloc(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++)
    if (bits[i] === '1') bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (0x80 >> (i & 7));
  return bytes.toString('hex');
}
