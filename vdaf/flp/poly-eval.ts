// draft-irtf-cfrg-vdaf-20 §7.3.3: the PolyEval gadget, a fixed univariate polynomial.
import { VdafArgumentError, VdafParamError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { invNtt, nextPowerOf2, ntt } from '../field/ntt.js';
import { gadgetPolyLen, wirePolyLen, type Gadget } from './gadget.js';

export class PolyEval implements Gadget {
  readonly ARITY = 1;
  readonly DEGREE: number;
  private readonly coeffs: readonly bigint[];
  private readonly n: number;
  private readonly coeffVecs = new WeakMap<Field, FieldVec>();

  /** `p` holds monomial coefficients, lowest degree first; leading zeros are stripped. */
  constructor(p: readonly bigint[], numCalls: number) {
    let end = p.length;
    while (end > 0 && p[end - 1] === 0n) end--;
    if (end < 1) throw new VdafParamError('invalid polynomial: zero length');
    this.coeffs = p.slice(0, end);
    this.DEGREE = end - 1;
    this.n = nextPowerOf2(gadgetPolyLen(this.DEGREE, wirePolyLen(numCalls)));
  }

  private horner(field: Field, x: FieldVec, xi: number, out: FieldVec, oi: number): void {
    let c = this.coeffVecs.get(field);
    if (!c) this.coeffVecs.set(field, (c = field.fromBigInts(this.coeffs)));
    const acc = field.zeros(1);
    field.copy(acc, 0, c, this.DEGREE);
    for (let i = this.DEGREE - 1; i >= 0; i--) {
      field.mul(acc, 0, acc, 0, x, xi);
      field.add(acc, 0, acc, 0, c, i);
    }
    field.copy(out, oi, acc, 0);
  }

  eval(field: Field, inp: FieldVec, out: FieldVec, oi: number): void {
    this.horner(field, inp, 0, out, oi);
  }

  evalPoly(field: Field, wires: readonly FieldVec[]): FieldVec {
    const w = wires[0];
    if (w === undefined) throw new VdafArgumentError('PolyEval takes one wire');
    const len = field.len(w);
    // Re-evaluate the wire polynomial on the n-th roots, then apply the polynomial pointwise.
    const values = ntt(field, invNtt(field, w, len), this.n);
    const out = field.zeros(this.n);
    for (let i = 0; i < this.n; i++) this.horner(field, values, i, out, i);
    return out;
  }
}
