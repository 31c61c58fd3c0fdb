// Flow and taint: the fast keyed fingerprint of fixed-width windows (a keyed rolling hash).
// It only pre-filters; every candidate is confirmed (byte compare in process, HMAC when persisted).
import { WINDOW } from './flow-limits.js';
import { GuardError } from '../errors.js';

export interface WindowHasher {
  /**
   * Calls `visit(fp, offset, which)` for every WINDOW-byte window of `bytes` whose fingerprint is set
   * in `filters[which]` (bitsets of a power-of-two number of 32-bit words), one pass for all filters.
   */
  scan(
    bytes: Uint8Array,
    filters: readonly Uint32Array[],
    visit: (fp: number, offset: number, which: number) => void,
  ): void;
  /** The fingerprint of bytes[offset, offset + WINDOW). */
  at(bytes: Uint8Array, offset: number): number;
}

/** A hasher keyed by 1,032 bytes of key material (a per-byte table, a base and a final key). */
export function createWindowHasher(key: Uint8Array): WindowHasher {
  if (key.length < 1032)
    throw new GuardError('flow_hash_key_short', 'window hasher needs 1032 key bytes');
  const view = new DataView(key.buffer, key.byteOffset, key.byteLength);
  const table = new Int32Array(256);
  for (let i = 0; i < 256; i++) table[i] = view.getInt32(i * 4, true);
  const base = view.getInt32(1024, true) | 1;
  const final = view.getInt32(1028, true);
  let top = 1;
  for (let i = 1; i < WINDOW; i++) top = Math.imul(top, base);

  const mix = (h: number): number => {
    let x = h ^ final;
    x ^= x >>> 16;
    x = Math.imul(x, 0x85ebca6b);
    x ^= x >>> 13;
    x = Math.imul(x, 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
  };
  const raw = (bytes: Uint8Array, offset: number): number => {
    let h = 0;
    for (let i = 0; i < WINDOW; i++)
      h = (Math.imul(h, base) + (table[bytes[offset + i] ?? 0] ?? 0)) | 0;
    return h;
  };
  // A byte leaving the window takes its table value times base^(WINDOW-1) with it: precomputed.
  const leaving = new Int32Array(256);
  for (let i = 0; i < 256; i++) leaving[i] = Math.imul(table[i] as number, top);
  /** The loop for one filter (most checks: one scope holds taint), with nothing but locals in it. */
  const scanOne = (
    bytes: Uint8Array,
    f: Uint32Array,
    visit: (fp: number, offset: number, which: number) => void,
  ): void => {
    const mask = f.length * 32 - 1;
    const last = bytes.length - WINDOW;
    const t = table;
    const out = leaving;
    const b = base;
    const k = final;
    let h = raw(bytes, 0);
    for (let i = 0; ; i++) {
      let x = h ^ k;
      x ^= x >>> 16;
      x = Math.imul(x, 0x85ebca6b);
      x ^= x >>> 13;
      x = Math.imul(x, 0xc2b2ae35);
      x ^= x >>> 16;
      const bit = x & mask;
      if (((f[bit >>> 5] as number) >>> (bit & 31)) & 1) visit(x >>> 0, i, 0);
      if (i >= last) return;
      // Math.imul wraps its operands to 32 bits: the difference needs no `| 0` of its own
      h =
        (Math.imul(h - (out[bytes[i] as number] as number), b) +
          (t[bytes[i + WINDOW] as number] as number)) |
        0;
    }
  };
  return {
    at: (bytes, offset) => mix(raw(bytes, offset)),
    scan(bytes, filters, visit) {
      const n = bytes.length;
      if (n < WINDOW || filters.length === 0) return;
      if (filters.length === 1) {
        scanOne(bytes, filters[0] as Uint32Array, visit);
        return;
      }
      const f0 = filters[0] as Uint32Array;
      const m0 = f0.length * 32 - 1;
      const rest = filters.slice(1);
      let h = raw(bytes, 0);
      // The hot loop of every check: the mix is inlined and indexes are in range by construction.
      for (let i = 0; ; i++) {
        let x = h ^ final;
        x ^= x >>> 16;
        x = Math.imul(x, 0x85ebca6b);
        x ^= x >>> 13;
        x = Math.imul(x, 0xc2b2ae35);
        x ^= x >>> 16;
        const bit = x & m0;
        if ((f0[bit >>> 5] as number) & (1 << (bit & 31))) visit(x >>> 0, i, 0);
        for (let k = 0; k < rest.length; k++) {
          const f = rest[k] as Uint32Array;
          const b = x & (f.length * 32 - 1);
          if ((f[b >>> 5] as number) & (1 << (b & 31))) visit(x >>> 0, i, k + 1);
        }
        if (i + WINDOW >= n) return;
        const out = table[bytes[i] as number] as number;
        const inn = table[bytes[i + WINDOW] as number] as number;
        h = (Math.imul((h - Math.imul(out, top)) | 0, base) + inn) | 0;
      }
    },
  };
}
