// draft-irtf-cfrg-vdaf-20 §6.1: the finite-field interface shared by Field64, Field128 and Field255.
import { VdafDecodeError } from '../errors.js';

/**
 * A vector of field elements, stored as little-endian 32-bit words (WORDS per element) so that hot
 * loops run on plain numbers; on a little-endian host the buffer is already the wire encoding.
 */
export type FieldVec = Uint32Array;

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Arithmetic on elements addressed as (vector, element index). Every operation reads its inputs
 * before writing its output, so the output may alias an input.
 */
export abstract class Field {
  abstract readonly name: 'Field64' | 'Field128' | 'Field255';
  abstract readonly MODULUS: bigint;
  /** Bytes per encoded element (§6.1: fixed-width little-endian). */
  abstract readonly ENCODED_SIZE: number;
  /** 32-bit words per element. */
  abstract readonly WORDS: number;
  /** log2 of GEN_ORDER, the order of the generator's power-of-two subgroup. */
  abstract readonly GEN_ORDER_LOG2: number;
  /** The generator of that subgroup, as the draft defines it (§6.1.2). */
  abstract readonly GEN: bigint;

  abstract add(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void;
  abstract sub(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void;
  abstract mul(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void;

  zeros(length: number): FieldVec {
    return new Uint32Array(length * this.WORDS);
  }

  len(v: FieldVec): number {
    return v.length / this.WORDS;
  }

  get(v: FieldVec, i: number): bigint {
    let x = 0n;
    for (let w = this.WORDS - 1; w >= 0; w--) x = (x << 32n) | BigInt(v[i * this.WORDS + w] ?? 0);
    return x;
  }

  /** Set element i to `x mod MODULUS` (x may be negative). */
  set(v: FieldVec, i: number, x: bigint): void {
    let r = x % this.MODULUS;
    if (r < 0n) r += this.MODULUS;
    for (let w = 0; w < this.WORDS; w++) {
      v[i * this.WORDS + w] = Number(r & 0xffffffffn);
      r >>= 32n;
    }
  }

  /** Set element i to a small non-negative integer x < 2^32, without BigInt. */
  setSmall(v: FieldVec, i: number, x: number): void {
    const w = this.WORDS;
    v[i * w] = x;
    for (let k = 1; k < w; k++) v[i * w + k] = 0;
  }

  /** A one-element vector holding x mod MODULUS. */
  elem(x: bigint | number): FieldVec {
    const v = this.zeros(1);
    this.set(v, 0, BigInt(x));
    return v;
  }

  fromBigInts(xs: readonly bigint[]): FieldVec {
    const v = this.zeros(xs.length);
    xs.forEach((x, i) => {
      this.set(v, i, x);
    });
    return v;
  }

  toBigInts(v: FieldVec): bigint[] {
    const out: bigint[] = [];
    for (let i = 0; i < this.len(v); i++) out.push(this.get(v, i));
    return out;
  }

  eq(a: FieldVec, ai: number, b: FieldVec, bi: number): boolean {
    for (let w = 0; w < this.WORDS; w++) {
      if (a[ai * this.WORDS + w] !== b[bi * this.WORDS + w]) return false;
    }
    return true;
  }

  isZero(a: FieldVec, ai: number): boolean {
    for (let w = 0; w < this.WORDS; w++) if (a[ai * this.WORDS + w] !== 0) return false;
    return true;
  }

  copy(o: FieldVec, oi: number, a: FieldVec, ai: number): void {
    const w = this.WORDS;
    for (let k = 0; k < w; k++) o[oi * w + k] = a[ai * w + k] as number;
  }

  /** 1/n for a small positive integer n (cached: the draft inverts the same few numbers). */
  invInt(n: number): FieldVec {
    let v = this.invCache.get(n);
    if (!v) this.invCache.set(n, (v = this.elem(this.inv(BigInt(n)))));
    return v;
  }

  private readonly invCache = new Map<number, FieldVec>();

  slice(v: FieldVec, start: number, end: number): FieldVec {
    return v.slice(start * this.WORDS, end * this.WORDS);
  }

  /** Elements [start, end) of v without copying. */
  view(v: FieldVec, start: number, end: number): FieldVec {
    return v.subarray(start * this.WORDS, end * this.WORDS);
  }

  concat(parts: readonly FieldVec[]): FieldVec {
    let len = 0;
    for (const p of parts) len += p.length;
    const out = new Uint32Array(len);
    let off = 0;
    for (const p of parts) {
      out.set(p, off);
      off += p.length;
    }
    return out;
  }

  pow(x: bigint, e: bigint): bigint {
    let r = 1n;
    let b = x % this.MODULUS;
    for (let k = e; k > 0n; k >>= 1n) {
      if (k & 1n) r = (r * b) % this.MODULUS;
      b = (b * b) % this.MODULUS;
    }
    return r;
  }

  inv(x: bigint): bigint {
    return this.pow(x, this.MODULUS - 2n);
  }

  /** o[oi] = sum of a[aOff + i*aStride] * b[bOff + i*bStride] for i < n. */
  dot(
    a: FieldVec,
    aOff: number,
    aStride: number,
    b: FieldVec,
    bOff: number,
    bStride: number,
    n: number,
    o: FieldVec,
    oi: number,
  ): void {
    const acc = this.zeros(1);
    const tmp = this.zeros(1);
    for (let i = 0; i < n; i++) {
      this.mul(tmp, 0, a, aOff + i * aStride, b, bOff + i * bStride);
      this.add(acc, 0, acc, 0, tmp, 0);
    }
    this.copy(o, oi, acc, 0);
  }

  /**
   * The decimation-in-time butterflies of an n-point NTT, in place, over a bit-reversed q with
   * roots = [w^0, ..., w^(n-1)] for the primitive n-th root w.
   */
  butterflies(q: FieldVec, n: number, roots: FieldVec): void {
    const t = this.zeros(1);
    for (let len = 2; len <= n; len *= 2) {
      const half = len / 2;
      const step = n / len;
      for (let start = 0; start < n; start += len) {
        for (let i = 0; i < half; i++) {
          const x = start + i;
          const y = x + half;
          this.mul(t, 0, roots, i * step, q, y);
          this.sub(q, y, q, x, t, 0);
          this.add(q, x, q, x, t, 0);
        }
      }
    }
  }

  /** o[oi] = a[ai]^(MODULUS - 2), the inverse of a non-zero element, by square-and-multiply. */
  invElem(o: FieldVec, oi: number, a: FieldVec, ai: number): void {
    const base = this.zeros(1);
    this.copy(base, 0, a, ai);
    const r = this.zeros(1);
    this.setSmall(r, 0, 1);
    for (const bit of this.inverseExponentBits()) {
      if (bit) this.mul(r, 0, r, 0, base, 0);
      this.mul(base, 0, base, 0, base, 0);
    }
    this.copy(o, oi, r, 0);
  }

  // The bits of p - 2, least significant first, computed once: walking a BigInt exponent allocated a
  // BigInt per bit on every inversion.
  private invBits: Uint8Array | undefined;
  private inverseExponentBits(): Uint8Array {
    if (!this.invBits) {
      const bits: number[] = [];
      for (let e = this.MODULUS - 2n; e > 0n; e >>= 1n) bits.push(Number(e & 1n));
      this.invBits = Uint8Array.from(bits);
    }
    return this.invBits;
  }

  /** vec_add (§6.1): o = a + b elementwise; o may alias a. */
  vecAdd(o: FieldVec, a: FieldVec, b: FieldVec): void {
    const n = this.len(a);
    for (let i = 0; i < n; i++) this.add(o, i, a, i, b, i);
  }

  /** vec_sub (§6.1): o = a - b elementwise; o may alias a. */
  vecSub(o: FieldVec, a: FieldVec, b: FieldVec): void {
    const n = this.len(a);
    for (let i = 0; i < n; i++) this.sub(o, i, a, i, b, i);
  }

  /** encode_vec (§6.1): fixed-width little-endian. */
  encodeVec(v: FieldVec): Uint8Array {
    if (LITTLE_ENDIAN) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength).slice();
    const out = new Uint8Array(v.length * 4);
    for (let w = 0; w < v.length; w++) {
      const x = v[w] ?? 0;
      out[4 * w] = x & 0xff;
      out[4 * w + 1] = (x >>> 8) & 0xff;
      out[4 * w + 2] = (x >>> 16) & 0xff;
      out[4 * w + 3] = x >>> 24;
    }
    return out;
  }

  /** The encoding of v, without copying where the host byte order allows; do not mutate it. */
  bytesOf(v: FieldVec): Uint8Array {
    return LITTLE_ENDIAN ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength) : this.encodeVec(v);
  }

  /** Words of `bytes` (a multiple of ENCODED_SIZE long), not yet checked against the modulus. */
  wordsOf(bytes: Uint8Array): FieldVec {
    if (LITTLE_ENDIAN) return new Uint32Array(Uint8Array.prototype.slice.call(bytes).buffer);
    const v = new Uint32Array(bytes.length / 4);
    for (let w = 0; w < v.length; w++) {
      v[w] =
        ((bytes[4 * w] ?? 0) |
          ((bytes[4 * w + 1] ?? 0) << 8) |
          ((bytes[4 * w + 2] ?? 0) << 16) |
          ((bytes[4 * w + 3] ?? 0) << 24)) >>>
        0;
    }
    return v;
  }

  /** True when element i of v (raw words) is a canonical representative, i.e. < MODULUS. */
  abstract isCanonical(v: FieldVec, i: number): boolean;

  /**
   * decode_vec (§6.1): exactly `expectedLen` elements; each must be below the modulus. The bytes
   * come from the network (this value is attacker-controlled).
   */
  decodeVec(bytes: Uint8Array, expectedLen: number, what: string): FieldVec {
    if (bytes.length !== expectedLen * this.ENCODED_SIZE) {
      throw new VdafDecodeError(
        'decode_length',
        `${what}: expected ${expectedLen * this.ENCODED_SIZE} bytes, got ${bytes.length}`,
      );
    }
    const v = this.wordsOf(bytes);
    for (let i = 0; i < expectedLen; i++) {
      if (!this.isCanonical(v, i)) {
        throw new VdafDecodeError(
          'decode_modulus',
          `${what}: element ${i} is not below the modulus`,
        );
      }
    }
    return v;
  }
}
