// The test-only degree-3 circuit behind Prio3HigherDegree_0.json (draft-irtf-cfrg-vdaf-20 repo,
// poc/tests/test_flp_bbcggi19.py): PolyEval(x * (x - 1) * (x - 2)) on Field64, one call.
import { Field64, PolyEval, type FieldVec, type Gadget, type Valid } from '../../../vdaf/index.js';

export class HigherDegree implements Valid<number, bigint> {
  readonly field = Field64;
  readonly GADGETS: readonly Gadget[] = [new PolyEval([0n, 2n, -3n, 1n], 1)];
  readonly GADGET_CALLS = [1];
  readonly MEAS_LEN = 1;
  readonly JOINT_RAND_LEN = 0;
  readonly OUTPUT_LEN = 1;
  readonly EVAL_OUTPUT_LEN = 1;

  encode(measurement: number): FieldVec {
    return this.field.elem(measurement);
  }

  eval(meas: FieldVec, _jr: FieldVec, _n: number, gadgets: readonly Gadget[]): FieldVec {
    const out = this.field.zeros(1);
    gadgets[0]!.eval(this.field, meas, out, 0);
    return out;
  }

  truncate(meas: FieldVec): FieldVec {
    return meas;
  }

  decode(output: FieldVec): bigint {
    return this.field.get(output, 0);
  }
}
