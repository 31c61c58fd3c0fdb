// draft-irtf-cfrg-vdaf-20 §7.4.4: the Histogram circuit, a one-hot vector of `length` buckets.
import { VdafMeasurementError } from '../../errors.js';
import type { Field, FieldVec } from '../../field/field.js';
import type { Gadget } from '../gadget.js';
import type { Valid } from '../valid.js';
import { ChunkedBitCheckCircuit, checkPositive } from './chunked-bit-check.js';

export class Histogram extends ChunkedBitCheckCircuit implements Valid<number, number[]> {
  readonly EVAL_OUTPUT_LEN = 2;
  readonly OUTPUT_LEN: number;

  constructor(
    field: Field,
    readonly length: number,
    chunkLength: number,
  ) {
    checkPositive('length', length);
    super(field, length, chunkLength);
    this.OUTPUT_LEN = length;
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
    this.bitCheck(meas, jointRand, numShares, gadgets, out, 0);
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
