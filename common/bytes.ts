// Byte comparison: constant time for tokens and MACs (docs/architecture.md "Rules every room follows").
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
