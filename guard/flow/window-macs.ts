// Flow and taint: the HMAC-SHA256 (RFC 2104) confirmations of a pattern's tiled windows.
import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../common/index.js';
import { WINDOW } from './flow-limits.js';

/** Bytes kept of each window's HMAC-SHA256. */
export const MAC_BYTES = 16;

/** Window starts that tile a pattern of `length` bytes: 0, W, 2W, ... and the last full window. */
export function windowPositions(length: number): number[] {
  const out: number[] = [];
  for (let p = 0; p + WINDOW <= length; p += WINDOW) out.push(p);
  const last = length - WINDOW;
  if (last >= 0 && out[out.length - 1] !== last) out.push(last);
  return out;
}

function mac(key: Uint8Array, bytes: Uint8Array, offset: number): Buffer {
  return createHmac('sha256', key)
    .update(bytes.subarray(offset, offset + WINDOW))
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The concatenated window MACs of a pattern. */
export function windowMacs(key: Uint8Array, pattern: Uint8Array): Buffer {
  return Buffer.concat(windowPositions(pattern.length).map((p) => mac(key, pattern, p)));
}

/** Whether `bytes` at `start` holds the pattern whose window MACs are `macs` (constant-time compares). */
export function confirmWindows(
  key: Uint8Array,
  macs: Uint8Array,
  length: number,
  bytes: Uint8Array,
  start: number,
): boolean {
  if (start < 0 || start + length > bytes.length) return false;
  const positions = windowPositions(length);
  if (macs.length !== positions.length * MAC_BYTES) return false;
  // Stopping at the first mismatch reveals nothing the decision itself does not.
  for (let i = 0; i < positions.length; i++) {
    const want = macs.subarray(i * MAC_BYTES, (i + 1) * MAC_BYTES);
    if (!constantTimeEqual(mac(key, bytes, start + (positions[i] ?? 0)), want)) return false;
  }
  return true;
}

/** A keyed digest of a whole value, to recognise it again without keeping it. */
export function valueDigest(key: Uint8Array, value: Uint8Array): Buffer {
  return createHmac('sha256', key).update('value\u0000').update(value).digest();
}
