// draft-irtf-cfrg-vdaf-20 §7.3.3: ParallelSum is the sum of `count` copies of its subcircuit, in eval
// and in evalPoly, for any subcircuit: PolyEval here, and Mul, whose fast path (one matrix of doubled
// evaluations) must equal the plain sum of Mul's own polynomials.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Field128,
  Field64,
  Mul,
  ParallelSum,
  PolyEval,
  type Field,
  type Gadget,
} from '../../vdaf/index.js';
import { FC_RUNS } from '../support/env.js';

const fields: Field[] = [Field64, Field128];

/** Wire polynomials of length `p` (a power of two), as ParallelSum.evalPoly receives them. */
const wires = (f: Field, arity: number, p: number) =>
  fc.array(fc.array(fc.bigInt({ min: 0n, max: f.MODULUS - 1n }), { minLength: p, maxLength: p }), {
    minLength: arity,
    maxLength: arity,
  });

/** The plain sum of the subcircuit's polynomials over consecutive groups of its arity. */
function summedPolys(f: Field, sub: Gadget, count: number, ws: readonly Uint32Array[]): bigint[] {
  let sum: bigint[] | undefined;
  for (let i = 0; i < count; i++) {
    const part = f.toBigInts(sub.evalPoly(f, ws.slice(i * sub.ARITY, (i + 1) * sub.ARITY)));
    sum = sum ? sum.map((x, k) => (x + (part[k] ?? 0n)) % f.MODULUS) : part;
  }
  return sum ?? [];
}

describe.each(fields.map((f) => [f.name, f] as const))('%s', (_name, f) => {
  it('ParallelSum(PolyEval) evaluates to the sum of the copies, as a value and as a polynomial', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: f.MODULUS - 1n }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.bigInt({ min: 0n, max: f.MODULUS - 1n }), { minLength: 4, maxLength: 4 }),
        (coeffs, count, xs) => {
          coeffs[coeffs.length - 1] = (coeffs[coeffs.length - 1] ?? 0n) || 1n;
          const sub = new PolyEval(coeffs, 3);
          const g = new ParallelSum(sub, count);
          expect([g.ARITY, g.DEGREE]).toEqual([count, sub.DEGREE]);
          const inp = f.fromBigInts(xs.slice(0, count));
          const got = f.zeros(1);
          g.eval(f, inp, got, 0);
          let want = 0n;
          const one = f.zeros(1);
          for (let i = 0; i < count; i++) {
            sub.eval(f, f.view(inp, i, i + 1), one, 0);
            want = (want + f.get(one, 0)) % f.MODULUS;
          }
          expect(f.get(got, 0)).toBe(want);
        },
      ),
      { numRuns: FC_RUNS },
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 3 })
          .chain((count) => fc.tuple(fc.constant(count), wires(f, count, 4))),
        ([count, ws]) => {
          const sub = new PolyEval([3n, 0n, 1n], 3);
          const vs = ws.map((w) => f.fromBigInts(w));
          const got = new ParallelSum(sub, count).evalPoly(f, vs);
          expect(f.toBigInts(got)).toEqual(summedPolys(f, sub, count, vs));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('ParallelSum(Mul) takes its fast path to the same value and polynomial as the plain sum', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((count) => fc.tuple(fc.constant(count), wires(f, 2 * count, 4))),
        ([count, ws]) => {
          const sub = new Mul();
          const g = new ParallelSum(sub, count);
          const vs = ws.map((w) => f.fromBigInts(w));
          expect(f.toBigInts(g.evalPoly(f, vs))).toEqual(summedPolys(f, sub, count, vs));
          const inp = f.fromBigInts(ws.map((w) => w[0] ?? 0n));
          const got = f.zeros(1);
          g.eval(f, inp, got, 0);
          let want = 0n;
          for (let i = 0; i < count; i++)
            want = (want + (ws[2 * i]?.[0] ?? 0n) * (ws[2 * i + 1]?.[0] ?? 0n)) % f.MODULUS;
          expect(f.get(got, 0)).toBe(want);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});
