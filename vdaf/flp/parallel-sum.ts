// draft-irtf-cfrg-vdaf-20 §7.3.3: the ParallelSum gadget, the sum of `count` subcircuit copies.
import { VdafArgumentError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { doubleEvaluationsInto } from '../field/lagrange.js';
import { nextPowerOf2 } from '../field/ntt.js';
import { gadgetPolyLen, type Gadget } from './gadget.js';
import { Mul } from './mul.js';

export class ParallelSum implements Gadget {
  readonly ARITY: number;
  readonly DEGREE: number;
  private readonly tmp = new Uint32Array(4);

  constructor(
    readonly subcircuit: Gadget,
    readonly count: number,
  ) {
    this.ARITY = subcircuit.ARITY * count;
    this.DEGREE = subcircuit.DEGREE;
  }

  eval(field: Field, inp: FieldVec, out: FieldVec, oi: number): void {
    if (this.subcircuit instanceof Mul) {
      // The common case (SumVec, Histogram, MultihotCountVec): one dot product.
      field.dot(inp, 0, 2, inp, 1, 2, this.count, out, oi);
      return;
    }
    const acc = field.zeros(1);
    const tmp = this.tmp;
    {
      const a = this.subcircuit.ARITY;
      for (let i = 0; i < this.count; i++) {
        this.subcircuit.eval(field, field.view(inp, i * a, (i + 1) * a), tmp, 0);
        field.add(acc, 0, acc, 0, tmp, 0);
      }
    }
    field.copy(out, oi, acc, 0);
  }

  evalPoly(field: Field, wires: readonly FieldVec[]): FieldVec {
    const first = wires[0];
    if (first === undefined) throw new VdafArgumentError('ParallelSum needs its wires');
    const n = nextPowerOf2(gadgetPolyLen(this.DEGREE, field.len(first)));
    if (this.subcircuit instanceof Mul) return this.mulEvalPoly(field, wires, n);
    const sum = field.zeros(n);
    const a = this.subcircuit.ARITY;
    for (let i = 0; i < this.count; i++) {
      const part = this.subcircuit.evalPoly(field, wires.slice(i * a, (i + 1) * a));
      field.vecAdd(sum, sum, part);
    }
    return sum;
  }

  /**
   * Sum over copies of poly_mul(x_i, y_i): double every wire's evaluations into one matrix, then
   * take, at each of the 2p points, the dot product of the x rows with the y rows.
   */
  private mulEvalPoly(field: Field, wires: readonly FieldVec[], n: number): FieldVec {
    const rows = field.zeros(wires.length * n);
    wires.forEach((w, j) => {
      doubleEvaluationsInto(field, w, rows, j * n);
    });
    const sum = field.zeros(n);
    for (let k = 0; k < n; k++) field.dot(rows, k, 2 * n, rows, n + k, 2 * n, this.count, sum, k);
    return sum;
  }
}
