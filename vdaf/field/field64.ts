// draft-irtf-cfrg-vdaf-20 §6.1.2: Field64, GF(2^32 * 4294967295 + 1), on 32-bit words.
import { Field, type FieldVec } from './field.js';

const T32 = 4294967296;
const T16 = 65536;
const P1 = 0xffffffff;

/**
 * Writes the canonical form of x0 + x1*2^32 (signed accumulators below 2^52 in magnitude), using
 * 2^64 = 2^32 - 1 (mod p) to fold the carry out of the top word.
 */
function reduce(o: FieldVec, z: number, x0: number, x1: number): void {
  for (;;) {
    let c = Math.floor(x0 / T32);
    x0 -= c * T32;
    x1 += c;
    c = Math.floor(x1 / T32);
    x1 -= c * T32;
    if (c === 0) break;
    x0 -= c;
    x1 += c;
  }
  if (x1 === P1 && x0 > 0) {
    // x - p = x - 2^64 + 2^32 - 1 = x0 - 1 when the top word is all ones.
    x0 -= 1;
    x1 = 0;
  }
  o[z] = x0;
  o[z + 1] = x1;
}

export class Field64Impl extends Field {
  readonly name = 'Field64';
  readonly MODULUS = (1n << 64n) - (1n << 32n) + 1n;
  readonly ENCODED_SIZE = 8;
  readonly WORDS = 2;
  readonly GEN_ORDER_LOG2 = 32;
  readonly GEN = this.pow(7n, 4294967295n);

  add(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 1;
    const y = bi << 1;
    reduce(
      o,
      oi << 1,
      (a[x] as number) + (b[y] as number),
      (a[x + 1] as number) + (b[y + 1] as number),
    );
  }

  sub(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 1;
    const y = bi << 1;
    reduce(
      o,
      oi << 1,
      (a[x] as number) - (b[y] as number),
      (a[x + 1] as number) - (b[y + 1] as number),
    );
  }

  mul(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 1;
    const y = bi << 1;
    const a0 = a[x] as number;
    const a1 = a[x + 1] as number;
    const b0 = b[y] as number;
    const b1 = b[y + 1] as number;
    const c0 = b0 & 0xffff;
    const c1 = b0 >>> 16;
    const c2 = b1 & 0xffff;
    const c3 = b1 >>> 16;
    const t0 = a0 * c0;
    const t1 = a0 * c1;
    const t2 = a0 * c2 + a1 * c0;
    const t3 = a0 * c3 + a1 * c1;
    const t4 = a1 * c2;
    const t5 = a1 * c3;
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
    const w3 = c + h;
    // 2^64 = 2^32 - 1 and 2^96 = -1 (mod p).
    reduce(o, oi << 1, w0 - w2 - w3, w1 + w2);
  }

  override copy(o: FieldVec, oi: number, a: FieldVec, ai: number): void {
    o[oi << 1] = a[ai << 1] as number;
    o[(oi << 1) + 1] = a[(ai << 1) + 1] as number;
  }

  isCanonical(v: FieldVec, i: number): boolean {
    const z = i << 1;
    return (v[z + 1] as number) !== P1 || v[z] === 0;
  }
}

/** The draft's Field64. */
export const Field64: Field = new Field64Impl();
