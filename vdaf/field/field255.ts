// draft-irtf-cfrg-vdaf-20 §6.1.2: Field255, GF(2^255 - 19), the leaf field of Poplar1 (§8).
//
// Addition and subtraction run on the eight 32-bit words in plain numbers; multiplication goes
// through BigInt (read and written as four 64-bit lanes). Poplar1 multiplies in this field only at
// the leaf level (three products per candidate prefix, beside two TurboSHAKE128 instances per
// node there); docs/vdaf.md has the measured cost, which did not justify word limbs.
import { Field, type FieldVec } from './field.js';

const T32 = 4294967296;
/** p = 2^255 - 19: words [P0, M, M, M, M, M, M, P7]. */
const P0 = 0xffffffed;
const M = 0xffffffff;
const P7 = 0x7fffffff;
const P = (1n << 255n) - 19n;
const MASK255 = (1n << 255n) - 1n;

/** True when the eight words at z (a value below 2^256) are at least p. */
function geP(o: FieldVec, z: number): boolean {
  const top = o[z + 7] as number;
  if (top !== P7) return top > P7;
  for (let k = 6; k >= 1; k--) if (o[z + k] !== M) return false;
  return (o[z] as number) >= P0;
}

/** Subtracts p from the eight words at z (which hold a value in [p, 2^256)). */
function subP(o: FieldVec, z: number): void {
  // x - p = x + 19 - 2^255: add 19 with carry, then drop bit 255.
  let c = 19;
  for (let k = 0; k < 8; k++) {
    const s = (o[z + k] as number) + c;
    if (s >= T32) {
      o[z + k] = s - T32;
      c = 1;
    } else {
      o[z + k] = s;
      c = 0;
    }
  }
  o[z + 7] = (o[z + 7] as number) & P7;
}

// An aligned scratch element read and written as four 64-bit lanes: four BigInt conversions per
// element instead of eight.
const S32 = new Uint32Array(8);
const S64 = new BigUint64Array(S32.buffer);

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function load(v: FieldVec, z: number): bigint {
  if (!LITTLE_ENDIAN) {
    let x = 0n;
    for (let k = 7; k >= 0; k--) x = (x << 32n) | BigInt(v[z + k] as number);
    return x;
  }
  for (let k = 0; k < 8; k++) S32[k] = v[z + k] as number;
  return (
    (S64[0] as bigint) |
    ((S64[1] as bigint) << 64n) |
    ((S64[2] as bigint) << 128n) |
    ((S64[3] as bigint) << 192n)
  );
}

function store(o: FieldVec, z: number, x: bigint): void {
  if (!LITTLE_ENDIAN) {
    for (let k = 0; k < 8; k++) {
      o[z + k] = Number(x & 0xffffffffn);
      x >>= 32n;
    }
    return;
  }
  S64[0] = BigInt.asUintN(64, x);
  S64[1] = BigInt.asUintN(64, x >> 64n);
  S64[2] = BigInt.asUintN(64, x >> 128n);
  S64[3] = x >> 192n;
  for (let k = 0; k < 8; k++) o[z + k] = S32[k] as number;
}

export class Field255Impl extends Field {
  readonly name = 'Field255';
  readonly MODULUS = P;
  readonly ENCODED_SIZE = 32;
  readonly WORDS = 8;
  /** p - 1 = 4 * (2^253 - 5): the power-of-two subgroup has order 4 (no NTT use in Poplar1). */
  readonly GEN_ORDER_LOG2 = 2;
  /** A primitive fourth root of unity, 2^((p-1)/4). */
  readonly GEN = this.pow(2n, (P - 1n) / 4n);

  add(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 3;
    const y = bi << 3;
    const z = oi << 3;
    let c = 0;
    for (let k = 0; k < 8; k++) {
      const s = (a[x + k] as number) + (b[y + k] as number) + c;
      if (s >= T32) {
        o[z + k] = s - T32;
        c = 1;
      } else {
        o[z + k] = s;
        c = 0;
      }
    }
    // Both inputs are below p < 2^255, so the sum fits in 256 bits and one subtraction suffices.
    if (geP(o, z)) subP(o, z);
  }

  sub(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    const x = ai << 3;
    const y = bi << 3;
    const z = oi << 3;
    let c = 0;
    for (let k = 0; k < 8; k++) {
      const s = (a[x + k] as number) - (b[y + k] as number) - c;
      if (s < 0) {
        o[z + k] = s + T32;
        c = 1;
      } else {
        o[z + k] = s;
        c = 0;
      }
    }
    if (c !== 0) {
      // The difference wrapped modulo 2^256: add p, i.e. subtract 19 and 2^255 (mod 2^256).
      let borrow = 19;
      for (let k = 0; k < 8; k++) {
        const s = (o[z + k] as number) - borrow;
        if (s < 0) {
          o[z + k] = s + T32;
          borrow = 1;
        } else {
          o[z + k] = s;
          borrow = 0;
        }
      }
      o[z + 7] = ((o[z + 7] as number) ^ 0x80000000) >>> 0;
    }
  }

  mul(o: FieldVec, oi: number, a: FieldVec, ai: number, b: FieldVec, bi: number): void {
    let x = load(a, ai << 3) * load(b, bi << 3);
    // 2^255 = 19 (mod p): two folds bring a product below 2^256, then at most one subtraction.
    x = (x & MASK255) + 19n * (x >> 255n);
    x = (x & MASK255) + 19n * (x >> 255n);
    if (x >= P) x -= P;
    store(o, oi << 3, x);
  }

  override get(v: FieldVec, i: number): bigint {
    return load(v, i << 3);
  }

  isCanonical(v: FieldVec, i: number): boolean {
    return !geP(v, i << 3);
  }
}

/** The draft's Field255. */
export const Field255: Field = new Field255Impl();
