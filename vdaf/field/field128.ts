// draft-irtf-cfrg-vdaf-20 §6.1.2: Field128, GF(2^66 * 4611686018427387897 + 1), on 32-bit words.
import { Field, type FieldVec } from './field.js';

const T32 = 4294967296;
const T16 = 65536;
/** p = 2^128 - 28 * 2^64 + 1: words [1, 0, P2, P3]. */
const P2 = 0xffffffe4;
const P3 = 0xffffffff;

/**
 * Writes the canonical form of x0 + x1*2^32 + x2*2^64 + x3*2^96 (signed word accumulators, each of
 * magnitude below 2^52). Uses 2^128 = 28 * 2^64 - 1 (mod p) to fold the carry out of the top word.
 */
function reduce(o: FieldVec, z: number, x0: number, x1: number, x2: number, x3: number): void {
  for (;;) {
    let c = Math.floor(x0 / T32);
    x0 -= c * T32;
    x1 += c;
    c = Math.floor(x1 / T32);
    x1 -= c * T32;
    x2 += c;
    c = Math.floor(x2 / T32);
    x2 -= c * T32;
    x3 += c;
    c = Math.floor(x3 / T32);
    x3 -= c * T32;
    if (c === 0) break;
    x0 -= c;
    x2 += 28 * c;
  }
  if (x3 === P3 && (x2 > P2 || (x2 === P2 && (x1 > 0 || x0 > 0)))) {
    // x - p = x - 2^128 + 28 * 2^64 - 1, and x - p < 2^69, so the top word becomes zero.
    x0 -= 1;
    x2 += 28;
    let c = Math.floor(x0 / T32);
    x0 -= c * T32;
    x1 += c;
    c = Math.floor(x1 / T32);
    x1 -= c * T32;
    x2 += c;
    x2 -= T32;
    x3 = 0;
  }
  o[z] = x0;
  o[z + 1] = x1;
  o[z + 2] = x2;
  o[z + 3] = x3;
}

export class Field128Impl extends Field {
  readonly name = 'Field128';
  readonly MODULUS = (1n << 128n) - 28n * (1n << 64n) + 1n;
  readonly ENCODED_SIZE = 16;
  readonly WORDS = 4;
  readonly GEN_ORDER_LOG2 = 66;
  readonly GEN = this.pow(7n, 4611686018427387897n);

  add(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 2;
    const y = bi << 2;
    reduce(
      o,
      oi << 2,
      (a[x] as number) + (b[y] as number),
      (a[x + 1] as number) + (b[y + 1] as number),
      (a[x + 2] as number) + (b[y + 2] as number),
      (a[x + 3] as number) + (b[y + 3] as number),
    );
  }

  sub(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 2;
    const y = bi << 2;
    reduce(
      o,
      oi << 2,
      (a[x] as number) - (b[y] as number),
      (a[x + 1] as number) - (b[y + 1] as number),
      (a[x + 2] as number) - (b[y + 2] as number),
      (a[x + 3] as number) - (b[y + 3] as number),
    );
  }

  mul(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 2;
    const y = bi << 2;
    const a0 = a[x] as number;
    const a1 = a[x + 1] as number;
    const a2 = a[x + 2] as number;
    const a3 = a[x + 3] as number;
    const b0 = b[y] as number;
    const b1 = b[y + 1] as number;
    const b2 = b[y + 2] as number;
    const b3 = b[y + 3] as number;
    // 32-bit words of a times 16-bit halves of b: every product is below 2^48, so each column
    // (in units of 2^16) sums at most four of them exactly in a double.
    const c0 = b0 & 0xffff;
    const c1 = b0 >>> 16;
    const c2 = b1 & 0xffff;
    const c3 = b1 >>> 16;
    const c4 = b2 & 0xffff;
    const c5 = b2 >>> 16;
    const c6 = b3 & 0xffff;
    const c7 = b3 >>> 16;
    const t0 = a0 * c0;
    const t1 = a0 * c1;
    const t2 = a0 * c2 + a1 * c0;
    const t3 = a0 * c3 + a1 * c1;
    const t4 = a0 * c4 + a1 * c2 + a2 * c0;
    const t5 = a0 * c5 + a1 * c3 + a2 * c1;
    const t6 = a0 * c6 + a1 * c4 + a2 * c2 + a3 * c0;
    const t7 = a0 * c7 + a1 * c5 + a2 * c3 + a3 * c1;
    const t8 = a1 * c6 + a2 * c4 + a3 * c2;
    const t9 = a1 * c7 + a2 * c5 + a3 * c3;
    const t10 = a2 * c6 + a3 * c4;
    const t11 = a2 * c7 + a3 * c5;
    const t12 = a3 * c6;
    const t13 = a3 * c7;
    // Carry the columns into eight 32-bit words w0..w7 of the 256-bit product.
    let h = Math.floor(t1 / T16);
    let u = t0 + (t1 - h * T16) * T16;
    let c = (u / T32) >>> 0;
    const w0 = u - c * T32;
    let carry = c + h;
    h = Math.floor(t3 / T16);
    u = t2 + (t3 - h * T16) * T16 + carry;
    c = (u / T32) >>> 0;
    const w1 = u - c * T32;
    carry = c + h;
    h = Math.floor(t5 / T16);
    u = t4 + (t5 - h * T16) * T16 + carry;
    c = (u / T32) >>> 0;
    const w2 = u - c * T32;
    carry = c + h;
    h = Math.floor(t7 / T16);
    u = t6 + (t7 - h * T16) * T16 + carry;
    c = (u / T32) >>> 0;
    const w3 = u - c * T32;
    carry = c + h;
    h = Math.floor(t9 / T16);
    u = t8 + (t9 - h * T16) * T16 + carry;
    c = (u / T32) >>> 0;
    const w4 = u - c * T32;
    carry = c + h;
    h = Math.floor(t11 / T16);
    u = t10 + (t11 - h * T16) * T16 + carry;
    c = (u / T32) >>> 0;
    const w5 = u - c * T32;
    carry = c + h;
    h = Math.floor(t13 / T16);
    u = t12 + (t13 - h * T16) * T16 + carry;
    c = (u / T32) >>> 0;
    const w6 = u - c * T32;
    const w7 = c + h;
    // 2^128 = 28*2^64 - 1, 2^160 = 28*2^96 - 2^32, 2^192 = 783*2^64 - 28, 2^224 = 783*2^96 - 28*2^32.
    reduce(
      o,
      oi << 2,
      w0 - w4 - 28 * w6,
      w1 - w5 - 28 * w7,
      w2 + 28 * w4 + 783 * w6,
      w3 + 28 * w5 + 783 * w7,
    );
  }

  isCanonical(v: FieldVec, i: number): boolean {
    const z = i << 2;
    const v3 = v[z + 3] as number;
    if (v3 !== P3) return true;
    const v2 = v[z + 2] as number;
    if (v2 !== P2) return v2 < P2;
    return v[z + 1] === 0 && v[z] === 0;
  }
}

/** The draft's Field128. */
export const Field128: Field = new Field128Impl();
