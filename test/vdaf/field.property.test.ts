// Field64 and Field128 (draft-irtf-cfrg-vdaf-20 §6.1) against BigInt reference arithmetic, and the
// Lagrange-basis operations of §6.1.3.2 against direct evaluation.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Field128, Field64, type Field } from '../../vdaf/index.js';
import {
  doubleEvaluations,
  polyEvalBatched,
  extendValuesToPowerOf2,
} from '../../vdaf/field/lagrange.js';
import { invNtt, ntt, nthRootPowers } from '../../vdaf/field/ntt.js';
import { FC_RUNS } from '../support/env.js';

const fields: Field[] = [Field64, Field128];

/** Elements biased towards the edges, where carries and reductions go wrong. */
const elem = (f: Field) =>
  fc.oneof(
    fc.bigInt({ min: 0n, max: f.MODULUS - 1n }),
    fc.bigInt({ min: f.MODULUS - 1000n, max: f.MODULUS - 1n }),
    fc.bigInt({ min: 0n, max: 1000n }),
    fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((x) => x % f.MODULUS),
  );

const mod = (x: bigint, p: bigint) => ((x % p) + p) % p;

/** Monomial evaluation, the reference for the Lagrange-basis code. */
function horner(f: Field, coeffs: bigint[], x: bigint): bigint {
  return coeffs.reduceRight((acc, c) => mod(acc * x + c, f.MODULUS), 0n);
}

describe.each(fields.map((f) => [f.name, f] as const))('%s', (_name, f) => {
  it('add, sub and mul match BigInt arithmetic', () => {
    fc.assert(
      fc.property(elem(f), elem(f), (a, b) => {
        const A = f.elem(a);
        const B = f.elem(b);
        const o = f.zeros(1);
        f.add(o, 0, A, 0, B, 0);
        expect(f.get(o, 0)).toBe(mod(a + b, f.MODULUS));
        f.sub(o, 0, A, 0, B, 0);
        expect(f.get(o, 0)).toBe(mod(a - b, f.MODULUS));
        f.mul(o, 0, A, 0, B, 0);
        expect(f.get(o, 0)).toBe(mod(a * b, f.MODULUS));
        f.mul(A, 0, A, 0, A, 0);
        expect(f.get(A, 0)).toBe(mod(a * a, f.MODULUS));
      }),
      { numRuns: FC_RUNS * 20 },
    );
  });

  it('dot products and inversion match BigInt arithmetic, at the extremes too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(elem(f), elem(f)), { minLength: 0, maxLength: 40 }),
        fc.boolean(),
        (pairs, extreme) => {
          const xs = pairs.map(([a]) => (extreme ? f.MODULUS - 1n : a));
          const ys = pairs.map(([, b]) => (extreme ? f.MODULUS - 1n : b));
          // Interleave to exercise strides: a at even slots, b at odd slots of one vector.
          const v = f.fromBigInts(xs.flatMap((x, i) => [x, ys[i]!]));
          const o = f.zeros(1);
          f.dot(v, 0, 2, v, 1, 2, xs.length, o, 0);
          const want = xs.reduce((acc, x, i) => mod(acc + x * ys[i]!, f.MODULUS), 0n);
          expect(f.get(o, 0)).toBe(want);
          if (xs.length > 0 && xs[0] !== 0n) {
            f.invElem(o, 0, v, 0);
            expect(mod(f.get(o, 0) * xs[0]!, f.MODULUS)).toBe(1n);
          }
        },
      ),
      { numRuns: FC_RUNS * 2 },
    );
  });

  it('encode_vec/decode_vec round trip, little-endian, canonical only', () => {
    fc.assert(
      fc.property(fc.array(elem(f), { maxLength: 8 }), (xs) => {
        const v = f.fromBigInts(xs);
        const bytes = f.encodeVec(v);
        expect(bytes.length).toBe(xs.length * f.ENCODED_SIZE);
        xs.forEach((x, i) => {
          let y = 0n;
          for (let k = f.ENCODED_SIZE - 1; k >= 0; k--)
            y = (y << 8n) | BigInt(bytes[i * f.ENCODED_SIZE + k]!);
          expect(y).toBe(x);
        });
        expect(f.toBigInts(f.decodeVec(bytes, xs.length, 'v'))).toEqual(xs);
      }),
      { numRuns: FC_RUNS },
    );
    fc.assert(
      fc.property(
        fc.bigInt({ min: f.MODULUS, max: (1n << BigInt(8 * f.ENCODED_SIZE)) - 1n }),
        (x) => {
          const raw = new Uint8Array(f.ENCODED_SIZE);
          for (let k = 0; k < f.ENCODED_SIZE; k++) raw[k] = Number((x >> BigInt(8 * k)) & 0xffn);
          expect(() => f.decodeVec(raw, 1, 'v')).toThrow(/modulus/);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('roots of unity have the stated order', () => {
    for (const n of [2, 8, 64]) {
      const w = f.get(nthRootPowers(f, n), 1);
      expect(f.pow(w, BigInt(n))).toBe(1n);
      expect(f.pow(w, BigInt(n / 2))).toBe(f.MODULUS - 1n);
    }
  });

  it('ntt/inv_ntt, double_evaluations, poly_eval_batched and extension agree with Horner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.array(elem(f), { minLength: 32, maxLength: 32 }),
        elem(f),
        (logN, pool, x) => {
          const n = 1 << logN;
          const coeffs = pool.slice(0, n);
          const evals = ntt(f, f.fromBigInts(coeffs), n);
          const roots = f.toBigInts(nthRootPowers(f, n));
          roots.forEach((r, i) => {
            expect(f.get(evals, i)).toBe(horner(f, coeffs, r));
          });
          expect(f.toBigInts(invNtt(f, evals, n))).toEqual(coeffs);
          const doubled = doubleEvaluations(f, evals);
          f.toBigInts(nthRootPowers(f, 2 * n)).forEach((r, i) => {
            expect(f.get(doubled, i)).toBe(horner(f, coeffs, r));
          });
          expect(f.get(polyEvalBatched(f, [evals], f.elem(x)), 0)).toBe(horner(f, coeffs, x));
          // A polynomial of degree < n - k is recovered from its first n - k evaluations.
          for (const k of [1, Math.min(3, n - 1)]) {
            if (n - k < 1) continue;
            const low = coeffs.slice(0, n - k);
            const lowEvals = ntt(f, f.fromBigInts(low), n);
            const ext = extendValuesToPowerOf2(f, f.slice(lowEvals, 0, n - k), n);
            expect(f.toBigInts(ext)).toEqual(f.toBigInts(lowEvals));
          }
        },
      ),
      { numRuns: Math.max(10, Math.floor(FC_RUNS / 2)) },
    );
  });
});
