// draft-irtf-cfrg-vdaf-20 §7.4.4: the Histogram circuit, a one-hot vector of `length` buckets.
import { VdafMeasurementError, VdafParamError } from '../../errors.js';
import type { Field, FieldVec } from '../../field/field.js';
import type { Gadget } from '../gadget.js';
import { Mul } from '../mul.js';
import { ParallelSum } from '../parallel-sum.js';
import type { Valid } from '../valid.js';
import { chunkedBitCheck } from './chunked-bit-check.js';

export class Histogram implements Valid<number, number[]> {
  readonly EVAL_OUTPUT_LEN = 2;
  readonly MEAS_LEN: number;
  readonly OUTPUT_LEN: number;
  readonly JOINT_RAND_LEN: number;
  readonly GADGETS: readonly Gadget[];
  readonly GADGET_CALLS: readonly number[];

  constructor(
    readonly field: Field,
    readonly length: number,
    readonly chunkLength: number,
  ) {
    if (!Number.isSafeInteger(length) || length <= 0) throw new VdafParamError('invalid length');
    if (!Number.isSafeInteger(chunkLength) || chunkLength <= 0) {
      throw new VdafParamError('invalid chunk_length');
    }
    this.GADGETS = [new ParallelSum(new Mul(), chunkLength)];
    const calls = Math.ceil(length / chunkLength);
    this.GADGET_CALLS = [calls];
    this.MEAS_LEN = length;
    this.OUTPUT_LEN = length;
    this.JOINT_RAND_LEN = calls;
  }

  encode(measurement: number): FieldVec {
    if (!Number.isSafeInteger(measurement) || measurement < 0 || measurement >= this.length) {
      throw new VdafMeasurementError('Histogram measurement must be a bucket index');
    }
    const out = this.field.zeros(this.length);
    this.field.setSmall(out, measurement, 1);
    return out;
  }

  eval(
    meas: FieldVec,
    jointRand: FieldVec,
    numShares: number,
    gadgets: readonly Gadget[],
  ): FieldVec {
    const f = this.field;
    const out = f.zeros(2);
    chunkedBitCheck(
      f,
      meas,
      this.MEAS_LEN,
      jointRand,
      this.JOINT_RAND_LEN,
      this.chunkLength,
      numShares,
      gadgets[0] as Gadget,
      out,
      0,
    );
    // The buckets sum to one: sum(meas) - 1/shares on each share.
    f.sub(out, 1, out, 1, f.invInt(numShares), 0);
    for (let i = 0; i < this.MEAS_LEN; i++) f.add(out, 1, out, 1, meas, i);
    return out;
  }

  truncate(meas: FieldVec): FieldVec {
    return meas;
  }

  decode(output: FieldVec, _numMeasurements: number): number[] {
    return this.field.toBigInts(output).map(Number);
  }
}
