// Byte strings: comparison (constant time for tokens and MACs, docs/architecture.md "Rules every
// room follows") and concatenation.
import { timingSafeEqual } from 'node:crypto';

/** Equal length and contents, in time that depends only on the length. Use for tokens and MACs. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}

/** Plain equality of two byte strings, for values that are not secret. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The parts one after another, in a new array.
 *
 * @example concatBytes(Uint8Array.of(1), Uint8Array.of(2, 3)); // Uint8Array [1, 2, 3]
 */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  let len = 0;
  for (const p of parts) len += p.length;
  const out = new Uint8Array(len);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
