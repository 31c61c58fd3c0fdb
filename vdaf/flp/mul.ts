// draft-irtf-cfrg-vdaf-20 §7.3.3: the Mul gadget, x * y.
import { VdafArgumentError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { polyMul } from '../field/lagrange.js';
import type { Gadget } from './gadget.js';

export class Mul implements Gadget {
  readonly ARITY = 2;
  readonly DEGREE = 2;

  eval(field: Field, inp: FieldVec, out: FieldVec, oi: number): void {
    field.mul(out, oi, inp, 0, inp, 1);
  }

  evalPoly(field: Field, wires: readonly FieldVec[]): FieldVec {
    const [x, y] = wires;
    if (x === undefined || y === undefined) throw new VdafArgumentError('Mul takes two wires');
    return polyMul(field, x, y);
  }
}
