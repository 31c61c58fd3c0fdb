// draft-irtf-cfrg-vdaf-20 §7.4.5: the MultihotCountVec circuit, a bit vector of weight <= max_weight.
import { VdafMeasurementError, VdafParamError } from '../../errors.js';
import type { Field, FieldVec } from '../../field/field.js';
import type { Gadget } from '../gadget.js';
import { Mul } from '../mul.js';
import { ParallelSum } from '../parallel-sum.js';
import type { Valid } from '../valid.js';
import { chunkedBitCheck } from './chunked-bit-check.js';
import {
  bitLength,
  decodeRangeCheckedInt,
  encodeRangeCheckedInt,
  rangeCheckedWeights,
} from './range-checked.js';

export type MultihotCountVecMeasurement = readonly (boolean | number)[];

export class MultihotCountVec implements Valid<MultihotCountVecMeasurement, number[]> {
  readonly EVAL_OUTPUT_LEN = 2;
  readonly MEAS_LEN: number;
  readonly OUTPUT_LEN: number;
  readonly JOINT_RAND_LEN: number;
  readonly GADGETS: readonly Gadget[];
  readonly GADGET_CALLS: readonly number[];
  readonly bitsForWeight: number;
  private readonly weights: FieldVec;

  constructor(
    readonly field: Field,
    readonly length: number,
    readonly maxWeight: number,
    readonly chunkLength: number,
  ) {
    if (!Number.isSafeInteger(length) || length <= 0) throw new VdafParamError('invalid length');
    if (!Number.isSafeInteger(maxWeight) || maxWeight <= 0 || maxWeight > length) {
      throw new VdafParamError('invalid max_weight');
    }
    if (!Number.isSafeInteger(chunkLength) || chunkLength <= 0) {
      throw new VdafParamError('invalid chunk_length');
    }
    this.bitsForWeight = bitLength(BigInt(maxWeight));
    this.GADGETS = [new ParallelSum(new Mul(), chunkLength)];
    const calls = Math.ceil((length + this.bitsForWeight) / chunkLength);
    this.GADGET_CALLS = [calls];
    this.MEAS_LEN = length + this.bitsForWeight;
    this.OUTPUT_LEN = length;
    this.JOINT_RAND_LEN = calls;
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
