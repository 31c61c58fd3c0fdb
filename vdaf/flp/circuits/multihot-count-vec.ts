// draft-irtf-cfrg-vdaf-20 §7.4.5: the MultihotCountVec circuit, a bit vector of weight <= max_weight.
import { VdafMeasurementError, VdafParamError } from '../../errors.js';
import type { Field, FieldVec } from '../../field/field.js';
import type { Gadget } from '../gadget.js';
import type { Valid } from '../valid.js';
import { ChunkedBitCheckCircuit, checkPositive } from './chunked-bit-check.js';
import {
  bitLength,
  decodeRangeCheckedInt,
  encodeRangeCheckedInt,
  rangeCheckedWeights,
} from './range-checked.js';

export type MultihotCountVecMeasurement = readonly (boolean | number)[];

export class MultihotCountVec
  extends ChunkedBitCheckCircuit
  implements Valid<MultihotCountVecMeasurement, number[]>
{
  readonly EVAL_OUTPUT_LEN = 2;
  readonly OUTPUT_LEN: number;
  readonly bitsForWeight: number;
  private readonly weights: FieldVec;

  constructor(
    field: Field,
    readonly length: number,
    readonly maxWeight: number,
    chunkLength: number,
  ) {
    checkPositive('length', length);
    if (!Number.isSafeInteger(maxWeight) || maxWeight <= 0 || maxWeight > length) {
      throw new VdafParamError('invalid max_weight');
    }
    const bitsForWeight = bitLength(BigInt(maxWeight));
    super(field, length + bitsForWeight, chunkLength);
    this.bitsForWeight = bitsForWeight;
    this.OUTPUT_LEN = length;
    this.weights = rangeCheckedWeights(field, BigInt(maxWeight));
  }

  encode(measurement: MultihotCountVecMeasurement): FieldVec {
    if (measurement.length !== this.length) {
      throw new VdafMeasurementError('invalid Client measurement length');
    }
    const f = this.field;
    const out = f.zeros(this.MEAS_LEN);
    let weight = 0n;
    measurement.forEach((x, i) => {
      const b = typeof x === 'boolean' ? Number(x) : x;
      if (b !== 0 && b !== 1) throw new VdafMeasurementError('entries must be 0/1 or booleans');
      f.setSmall(out, i, b);
      weight += BigInt(b);
    });
    encodeRangeCheckedInt(f, weight, BigInt(this.maxWeight), out, this.length);
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
    // The counters sum to the weight the Client reported.
    for (let i = 0; i < this.length; i++) f.add(out, 1, out, 1, meas, i);
    const reported = f.zeros(1);
    decodeRangeCheckedInt(f, meas, this.length, this.weights, reported, 0);
    f.sub(out, 1, out, 1, reported, 0);
    return out;
  }

  truncate(meas: FieldVec): FieldVec {
    return this.field.slice(meas, 0, this.length);
  }

  decode(output: FieldVec, _numMeasurements: number): number[] {
    return this.field.toBigInts(output).map(Number);
  }
}
