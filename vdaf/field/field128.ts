// draft-irtf-cfrg-vdaf-20 §6.1.2: Field128, GF(2^66 * 4611686018427387897 + 1), on 32-bit words.
// The word-level helpers stay in this module on purpose: imported bindings cost V8 a TDZ check on
// every access and block inlining, which made multiplication four times slower when split out.
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
function reduceSlow(o: FieldVec, z: number, x0: number, x1: number, x2: number, x3: number): void {
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

/**
 * The word accumulators a reduction reads, handed over in this scratch rather than as arguments: a
 * call V8 does not inline boxes each double argument into a new HeapNumber, which made mul and dot
 * the largest source of garbage in the Aggregators (and so of scavenges that copy their live jobs).
 */
const W = new Float64Array(14);

const I32 = 1 / T32;
const I16 = 1 / T16;

/**
 * reduceSlow specialised to a product's folded words: x0, x1 above -2^38, x2, x3 in [0, 2^43).
 * The carry out of the top word is then small and positive, and one fold settles it.
 */
function reduceProduct(o: FieldVec, z: number): void {
  let x0 = W[0] as number;
  let x1 = W[1] as number;
  let x2 = W[2] as number;
  let x3 = W[3] as number;
  let c = Math.floor(x0 * I32);
  x0 -= c * T32;
  x1 += c;
  c = Math.floor(x1 * I32);
  x1 -= c * T32;
  x2 += c;
  c = Math.floor(x2 * I32);
  x2 -= c * T32;
  x3 += c;
  c = Math.floor(x3 * I32);
  x3 -= c * T32;
  if (c < 0) {
    reduceSlow(o, z, x0, x1, x2, x3 + c * T32);
    return;
  }
  if (c > 0) {
    // c * 2^128 = c * (28 * 2^64 - 1); c < 2^11 so each word borrows or carries at most once.
    x0 -= c;
    x2 += 28 * c;
    if (x0 < 0) {
      x0 += T32;
      x1 -= 1;
      if (x1 < 0) {
        x1 += T32;
        x2 -= 1;
      }
    }
    if (x2 >= T32) {
      x2 -= T32;
      x3 += 1;
      if (x3 === T32) {
        x3 = 0;
        x0 -= 1;
        x2 += 28;
        if (x0 < 0) {
          x0 += T32;
          x1 -= 1;
          if (x1 < 0) {
            x1 += T32;
            x2 -= 1;
          }
        }
      }
    }
  }
  if (x3 === P3 && (x2 > P2 || (x2 === P2 && (x1 > 0 || x0 > 0)))) {
    x0 -= 1;
    x2 += 28;
    if (x0 < 0) {
      x0 += T32;
      x1 -= 1;
      if (x1 < 0) {
        x1 += T32;
        x2 -= 1;
      }
    }
    x2 -= T32;
    x3 = 0;
  }
  o[z] = x0;
  o[z + 1] = x1;
  o[z + 2] = x2;
  o[z + 3] = x3;
}

/**
 * Carries 14 column sums (units of 2^16, each below 2^53) into the 256-bit value and reduces it.
 * `u >>> 0` is u mod 2^32 for the non-negative integers below 2^53 that occur here.
 */
function carryAndReduce(o: FieldVec, z: number): void {
  const t0 = W[0] as number;
  const t1 = W[1] as number;
  const t2 = W[2] as number;
  const t3 = W[3] as number;
  const t4 = W[4] as number;
  const t5 = W[5] as number;
  const t6 = W[6] as number;
  const t7 = W[7] as number;
  const t8 = W[8] as number;
  const t9 = W[9] as number;
  const t10 = W[10] as number;
  const t11 = W[11] as number;
  const t12 = W[12] as number;
  const t13 = W[13] as number;
  let l = (t1 >>> 0) & 0xffff;
  let u = t0 + l * T16;
  const w0 = u >>> 0;
  let carry = (u - w0) * I32 + (t1 - l) * I16;
  l = (t3 >>> 0) & 0xffff;
  u = t2 + l * T16 + carry;
  const w1 = u >>> 0;
  carry = (u - w1) * I32 + (t3 - l) * I16;
  l = (t5 >>> 0) & 0xffff;
  u = t4 + l * T16 + carry;
  const w2 = u >>> 0;
  carry = (u - w2) * I32 + (t5 - l) * I16;
  l = (t7 >>> 0) & 0xffff;
  u = t6 + l * T16 + carry;
  const w3 = u >>> 0;
  carry = (u - w3) * I32 + (t7 - l) * I16;
  l = (t9 >>> 0) & 0xffff;
  u = t8 + l * T16 + carry;
  const w4 = u >>> 0;
  carry = (u - w4) * I32 + (t9 - l) * I16;
  l = (t11 >>> 0) & 0xffff;
  u = t10 + l * T16 + carry;
  const w5 = u >>> 0;
  carry = (u - w5) * I32 + (t11 - l) * I16;
  l = (t13 >>> 0) & 0xffff;
  u = t12 + l * T16 + carry;
  const w6 = u >>> 0;
  const w7 = (u - w6) * I32 + (t13 - l) * I16;
  // 2^128 = 28*2^64 - 1, 2^160 = 28*2^96 - 2^32, 2^192 = 783*2^64 - 28, 2^224 = 783*2^96 - 28*2^32.
  W[0] = w0 - w4 - 28 * w6;
  W[1] = w1 - w5 - 28 * w7;
  W[2] = w2 + 28 * w4 + 783 * w6;
  W[3] = w3 + 28 * w5 + 783 * w7;
  reduceProduct(o, z);
}

/** o[z..z+3] = a + b mod p for canonical a, b given as words. */
function addWords(
  o: FieldVec,
  z: number,
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  b0: number,
  b1: number,
  b2: number,
  b3: number,
): void {
  let s0 = a0 + b0;
  let s1 = a1 + b1;
  let s2 = a2 + b2;
  let s3 = a3 + b3;
  if (s0 >= T32) {
    s0 -= T32;
    s1 += 1;
  }
  if (s1 >= T32) {
    s1 -= T32;
    s2 += 1;
  }
  if (s2 >= T32) {
    s2 -= T32;
    s3 += 1;
  }
  if (s3 >= T32 || (s3 === P3 && (s2 > P2 || (s2 === P2 && (s1 > 0 || s0 > 0))))) {
    // s - p = s + (28 * 2^64 - 1) - 2^128, and s - p < p.
    s0 -= 1;
    s2 += 28;
    if (s0 < 0) {
      s0 += T32;
      s1 -= 1;
      if (s1 < 0) {
        s1 += T32;
        s2 -= 1;
      }
    }
    if (s2 >= T32) {
      s2 -= T32;
      s3 += 1;
    }
    s3 -= T32;
  }
  o[z] = s0;
  o[z + 1] = s1;
  o[z + 2] = s2;
  o[z + 3] = s3;
}

/** o[z..z+3] = a - b mod p for canonical a, b given as words. */
function subWords(
  o: FieldVec,
  z: number,
  a0: number,
  a1: number,
  a2: number,
  a3: number,
  b0: number,
  b1: number,
  b2: number,
  b3: number,
): void {
  let d0 = a0 - b0;
  let d1 = a1 - b1;
  let d2 = a2 - b2;
  let d3 = a3 - b3;
  if (d0 < 0) {
    d0 += T32;
    d1 -= 1;
  }
  if (d1 < 0) {
    d1 += T32;
    d2 -= 1;
  }
  if (d2 < 0) {
    d2 += T32;
    d3 -= 1;
  }
  if (d3 < 0) {
    // d + p = d + 2^128 - 28 * 2^64 + 1, and 0 <= d + p < p.
    d3 += T32;
    d0 += 1;
    d2 -= 28;
    if (d0 === T32) {
      d0 = 0;
      d1 += 1;
      if (d1 === T32) {
        d1 = 0;
        d2 += 1;
      }
    }
    if (d2 < 0) {
      d2 += T32;
      d3 -= 1;
    } else if (d2 >= T32) {
      d2 -= T32;
      d3 += 1;
    }
  }
  o[z] = d0;
  o[z + 1] = d1;
  o[z + 2] = d2;
  o[z + 3] = d3;
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
    addWords(
      o,
      oi << 2,
      a[x] as number,
      a[x + 1] as number,
      a[x + 2] as number,
      a[x + 3] as number,
      b[y] as number,
      b[y + 1] as number,
      b[y + 2] as number,
      b[y + 3] as number,
    );
  }

  sub(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 2;
    const y = bi << 2;
    subWords(
      o,
      oi << 2,
      a[x] as number,
      a[x + 1] as number,
      a[x + 2] as number,
      a[x + 3] as number,
      b[y] as number,
      b[y + 1] as number,
      b[y + 2] as number,
      b[y + 3] as number,
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
    const t1 = a0 * c1;
    const t3 = a0 * c3 + a1 * c1;
    const t5 = a0 * c5 + a1 * c3 + a2 * c1;
    const t7 = a0 * c7 + a1 * c5 + a2 * c3 + a3 * c1;
    const t9 = a1 * c7 + a2 * c5 + a3 * c3;
    const t11 = a2 * c7 + a3 * c5;
    const t13 = a3 * c7;
    // Carry the columns into 32-bit words w0..w7 of the 256-bit product (see carryAndReduce).
    let l = (t1 >>> 0) & 0xffff;
    let u = a0 * c0 + l * T16;
    const w0 = u >>> 0;
    let carry = (u - w0) * I32 + (t1 - l) * I16;
    l = (t3 >>> 0) & 0xffff;
    u = a0 * c2 + a1 * c0 + l * T16 + carry;
    const w1 = u >>> 0;
    carry = (u - w1) * I32 + (t3 - l) * I16;
    l = (t5 >>> 0) & 0xffff;
    u = a0 * c4 + a1 * c2 + a2 * c0 + l * T16 + carry;
    const w2 = u >>> 0;
    carry = (u - w2) * I32 + (t5 - l) * I16;
    l = (t7 >>> 0) & 0xffff;
    u = a0 * c6 + a1 * c4 + a2 * c2 + a3 * c0 + l * T16 + carry;
    const w3 = u >>> 0;
    carry = (u - w3) * I32 + (t7 - l) * I16;
    l = (t9 >>> 0) & 0xffff;
    u = a1 * c6 + a2 * c4 + a3 * c2 + l * T16 + carry;
    const w4 = u >>> 0;
    carry = (u - w4) * I32 + (t9 - l) * I16;
    l = (t11 >>> 0) & 0xffff;
    u = a2 * c6 + a3 * c4 + l * T16 + carry;
    const w5 = u >>> 0;
    carry = (u - w5) * I32 + (t11 - l) * I16;
    l = (t13 >>> 0) & 0xffff;
    u = a3 * c6 + l * T16 + carry;
    const w6 = u >>> 0;
    const w7 = (u - w6) * I32 + (t13 - l) * I16;
    W[0] = w0 - w4 - 28 * w6;
    W[1] = w1 - w5 - 28 * w7;
    W[2] = w2 + 28 * w4 + 783 * w6;
    W[3] = w3 + 28 * w5 + 783 * w7;
    reduceProduct(o, oi << 2);
  }

  /**
   * Sum of n products a[aOff + i*aStride] * b[bOff + i*bStride]. Seven products put at most 28
   * partial products of 48 bits in a column, which with the carries stays below 2^53, so carries
   * and the reduction run once per seven terms.
   */
  override dot(
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
    const acc = this.dotAcc;
    acc[0] = acc[1] = acc[2] = acc[3] = 0;
    for (let start = 0; start < n; start += 7) {
      const end = Math.min(n, start + 7);
      let t0 = 0;
      let t1 = 0;
      let t2 = 0;
      let t3 = 0;
      let t4 = 0;
      let t5 = 0;
      let t6 = 0;
      let t7 = 0;
      let t8 = 0;
      let t9 = 0;
      let t10 = 0;
      let t11 = 0;
      let t12 = 0;
      let t13 = 0;
      for (let i = start; i < end; i++) {
        const x = (aOff + i * aStride) << 2;
        const y = (bOff + i * bStride) << 2;
        const a0 = a[x] as number;
        const a1 = a[x + 1] as number;
        const a2 = a[x + 2] as number;
        const a3 = a[x + 3] as number;
        const b0 = b[y] as number;
        const b1 = b[y + 1] as number;
        const b2 = b[y + 2] as number;
        const b3 = b[y + 3] as number;
        const c0 = b0 & 0xffff;
        const c1 = b0 >>> 16;
        const c2 = b1 & 0xffff;
        const c3 = b1 >>> 16;
        const c4 = b2 & 0xffff;
        const c5 = b2 >>> 16;
        const c6 = b3 & 0xffff;
        const c7 = b3 >>> 16;
        t0 += a0 * c0;
        t1 += a0 * c1;
        t2 += a0 * c2 + a1 * c0;
        t3 += a0 * c3 + a1 * c1;
        t4 += a0 * c4 + a1 * c2 + a2 * c0;
        t5 += a0 * c5 + a1 * c3 + a2 * c1;
        t6 += a0 * c6 + a1 * c4 + a2 * c2 + a3 * c0;
        t7 += a0 * c7 + a1 * c5 + a2 * c3 + a3 * c1;
        t8 += a1 * c6 + a2 * c4 + a3 * c2;
        t9 += a1 * c7 + a2 * c5 + a3 * c3;
        t10 += a2 * c6 + a3 * c4;
        t11 += a2 * c7 + a3 * c5;
        t12 += a3 * c6;
        t13 += a3 * c7;
      }
      const part = this.dotPart;
      W[0] = t0;
      W[1] = t1;
      W[2] = t2;
      W[3] = t3;
      W[4] = t4;
      W[5] = t5;
      W[6] = t6;
      W[7] = t7;
      W[8] = t8;
      W[9] = t9;
      W[10] = t10;
      W[11] = t11;
      W[12] = t12;
      W[13] = t13;
      carryAndReduce(part, 0);
      this.add(acc, 0, acc, 0, part, 0);
    }
    this.copy(o, oi, acc, 0);
  }

  private readonly dotAcc = new Uint32Array(4);
  private readonly dotPart = new Uint32Array(4);

  /** As Field.butterflies, skipping the multiplication by w^0 = 1 in each block. */
  override butterflies(q: FieldVec, n: number, roots: FieldVec): void {
    const t = this.bflyTmp;
    for (let len = 2; len <= n; len *= 2) {
      const half = len / 2;
      const step = n / len;
      for (let start = 0; start < n; start += len) {
        for (let i = 0; i < half; i++) {
          const x = start + i;
          const y = x + half;
          if (i === 0) this.copy(t, 0, q, y);
          else this.mul(t, 0, roots, i * step, q, y);
          const X = x << 2;
          const a0 = q[X] as number;
          const a1 = q[X + 1] as number;
          const a2 = q[X + 2] as number;
          const a3 = q[X + 3] as number;
          const b0 = t[0] as number;
          const b1 = t[1] as number;
          const b2 = t[2] as number;
          const b3 = t[3] as number;
          subWords(q, y << 2, a0, a1, a2, a3, b0, b1, b2, b3);
          addWords(q, X, a0, a1, a2, a3, b0, b1, b2, b3);
        }
      }
    }
  }

  private readonly bflyTmp = new Uint32Array(4);

  override copy(o: FieldVec, oi: number, a: FieldVec, ai: number): void {
    const z = oi << 2;
    const x = ai << 2;
    o[z] = a[x] as number;
    o[z + 1] = a[x + 1] as number;
    o[z + 2] = a[x + 2] as number;
    o[z + 3] = a[x + 3] as number;
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
