// draft-irtf-cfrg-vdaf-20 §7.4.1: the Count circuit, measurement in {0, 1}: m * m - m = 0.
import { VdafMeasurementError } from '../../errors.js';
import type { Field, FieldVec } from '../../field/field.js';
import type { Gadget } from '../gadget.js';
import { Mul } from '../mul.js';
import type { Valid } from '../valid.js';

export type CountMeasurement = number | boolean;

export class Count implements Valid<CountMeasurement, number> {
  readonly MEAS_LEN = 1;
  readonly JOINT_RAND_LEN = 0;
  readonly OUTPUT_LEN = 1;
  readonly EVAL_OUTPUT_LEN = 1;
  readonly GADGETS: readonly Gadget[] = [new Mul()];
  readonly GADGET_CALLS: readonly number[] = [1];

  constructor(readonly field: Field) {}

  encode(measurement: CountMeasurement): FieldVec {
    const m = typeof measurement === 'boolean' ? Number(measurement) : measurement;
    if (m !== 0 && m !== 1) throw new VdafMeasurementError('Count measurement must be 0 or 1');
    return this.field.elem(m);
  }

  eval(
    meas: FieldVec,
    _jointRand: FieldVec,
    _numShares: number,
    gadgets: readonly Gadget[],
  ): FieldVec {
    const f = this.field;
    const inp = f.zeros(2);
    f.copy(inp, 0, meas, 0);
    f.copy(inp, 1, meas, 0);
    const out = f.zeros(1);
    (gadgets[0] as Gadget).eval(f, inp, out, 0);
    f.sub(out, 0, out, 0, meas, 0);
    return out;
  }

  truncate(meas: FieldVec): FieldVec {
    return meas;
  }

  decode(output: FieldVec, _numMeasurements: number): number {
    return Number(this.field.get(output, 0));
  }
}
