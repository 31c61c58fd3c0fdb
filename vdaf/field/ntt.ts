// draft-irtf-cfrg-vdaf-20 §6.1.3: roots of unity and the NTT of NTT-friendly fields.
import { VdafArgumentError } from '../errors.js';
import type { Field, FieldVec } from './field.js';

const rootCache = new WeakMap<Field, Map<number, FieldVec>>();
const cosetCache = new WeakMap<Field, Map<number, FieldVec>>();

/** nth_root(k): a primitive 2^k-th root of unity, GEN^(GEN_ORDER >> k). */
export function nthRoot(field: Field, logN: number): bigint {
  return field.pow(field.GEN, 1n << BigInt(field.GEN_ORDER_LOG2 - logN));
}

export function log2Exact(n: number): number {
  const k = Math.round(Math.log2(n));
  if (n < 1 || 2 ** k !== n) throw new VdafArgumentError(`${n} is not a power of two`);
  return k;
}

export function nextPowerOf2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

function powers(field: Field, base: bigint, n: number, scale: bigint): FieldVec {
  const out = field.zeros(n);
  const b = field.elem(base);
  field.set(out, 0, scale);
  for (let i = 1; i < n; i++) field.mul(out, i, out, i - 1, b, 0);
  return out;
}

/** nth_root_powers(n): [w^0, ..., w^(n-1)] for the draft's primitive n-th root w (cached). */
export function nthRootPowers(field: Field, n: number): FieldVec {
  let byN = rootCache.get(field);
  if (!byN) rootCache.set(field, (byN = new Map<number, FieldVec>()));
  let v = byN.get(n);
  if (!v) byN.set(n, (v = powers(field, nthRoot(field, log2Exact(n)), n, 1n)));
  return v;
}

/** [s^j / n] for s the primitive 2n-th root: the coset shift fused with the inverse NTT's 1/n. */
function cosetScale(field: Field, n: number): FieldVec {
  let byN = cosetCache.get(field);
  if (!byN) cosetCache.set(field, (byN = new Map<number, FieldVec>()));
  let v = byN.get(n);
  if (!v) {
    const s = nthRoot(field, log2Exact(n) + 1);
    v = powers(field, s, n, field.inv(BigInt(n)));
    byN.set(n, v);
  }
  return v;
}

const bitrevCache = new Map<number, Int32Array>();

/** The bit-reversal permutation of [0, n). */
function bitrev(n: number): Int32Array {
  let t = bitrevCache.get(n);
  if (!t) {
    const logN = log2Exact(n);
    t = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0, x = i; b < logN; b++, x >>= 1) r = (r << 1) | (x & 1);
      t[i] = r;
    }
    bitrevCache.set(n, t);
  }
  return t;
}

function butterflies(field: Field, q: FieldVec, n: number): void {
  field.butterflies(q, n, nthRootPowers(field, n));
}

function bitReversedCopy(field: Field, p: FieldVec, n: number, q = field.zeros(n)): FieldVec {
  const rev = bitrev(n);
  const len = field.len(p);
  for (let i = 0; i < n; i++) {
    const r = rev[i] as number;
    if (r < len) field.copy(q, i, p, r);
    else field.copy(q, i, ZERO, 0);
  }
  return q;
}

// Every element of a Field is zero words; WORDS is at most 8 (Field255).
const ZERO: FieldVec = new Uint32Array(8);

/**
 * Vector `slot` of `words` 32-bit words, any contents, kept for the next call: a module instance runs
 * on one JS thread, slot 0 is this module's and slot 1 its callers' (neither held across a call that
 * could use it again), so reusing them saves an ArrayBuffer and its collection per wire per proof.
 */
const scratchCache = [new Map<number, FieldVec>(), new Map<number, FieldVec>()] as const;
export function scratch(words: number, slot: 0 | 1): FieldVec {
  const bySize = scratchCache[slot];
  let v = bySize.get(words);
  if (!v) bySize.set(words, (v = new Uint32Array(words)));
  return v;
}

/** ntt(p, n): [P(w^i)] for i < n from monomial coefficients p (len(p) <= n). */
export function ntt(field: Field, p: FieldVec, n: number): FieldVec {
  const q = bitReversedCopy(field, p, n);
  butterflies(field, q, n);
  return q;
}

/** inv_ntt(p, n): monomial coefficients from the n evaluations p at the n-th roots. */
export function invNtt(field: Field, p: FieldVec, n: number): FieldVec {
  const out = ntt(field, p, n);
  const res = field.zeros(n);
  const invN = field.invInt(n);
  for (let i = 0; i < n; i++) field.mul(res, i, out, (n - i) % n, invN, 0);
  return res;
}

/**
 * ntt(inv_ntt(p, n), n, set_s=True): evaluations at s*w^i (s a primitive 2n-th root) from the
 * evaluations p at w^i, with the 1/n of the inverse and the powers of s applied in one pass; written
 * over all n elements of q, which must not alias p.
 */
export function cosetEvaluationsInto(field: Field, p: FieldVec, n: number, q: FieldVec): FieldVec {
  const raw = bitReversedCopy(field, p, n, scratch(n * field.WORDS, 0));
  butterflies(field, raw, n);
  const scale = cosetScale(field, n);
  const rev = bitrev(n);
  // The scaled coefficients go straight to their bit-reversed slots for the second transform.
  for (let i = 0; i < n; i++) {
    const j = rev[i] as number;
    field.mul(q, i, raw, (n - j) % n, scale, j);
  }
  butterflies(field, q, n);
  return q;
}
