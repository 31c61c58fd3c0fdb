// draft-irtf-cfrg-vdaf-20 §7.4.3: the SumVec circuit, a vector of integers in [0, max_measurement].
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
import { toBigIntMeasurement } from './sum.js';

export type SumVecMeasurement = readonly (number | bigint)[];

export class SumVec implements Valid<SumVecMeasurement, bigint[]> {
  readonly EVAL_OUTPUT_LEN = 1;
  readonly MEAS_LEN: number;
  readonly OUTPUT_LEN: number;
  readonly JOINT_RAND_LEN: number;
  readonly GADGETS: readonly Gadget[];
  readonly GADGET_CALLS: readonly number[];
  readonly bits: number;
  private readonly weights: FieldVec;

  constructor(
    readonly field: Field,
    readonly length: number,
    readonly maxMeasurement: bigint,
    readonly chunkLength: number,
  ) {
    if (!Number.isSafeInteger(length) || length <= 0) throw new VdafParamError('invalid length');
    if (!Number.isSafeInteger(chunkLength) || chunkLength <= 0) {
      throw new VdafParamError('invalid chunk_length');
    }
    if (maxMeasurement <= 0n) throw new VdafParamError('invalid max_measurement');
    this.bits = bitLength(maxMeasurement);
    if (1n << BigInt(this.bits) >= field.MODULUS) {
      throw new VdafParamError('bound exceeds field modulus');
    }
    this.GADGETS = [new ParallelSum(new Mul(), chunkLength)];
    const calls = Math.ceil((length * this.bits) / chunkLength);
    this.GADGET_CALLS = [calls];
    this.MEAS_LEN = length * this.bits;
    this.OUTPUT_LEN = length;
    this.JOINT_RAND_LEN = calls;
    this.weights = rangeCheckedWeights(field, maxMeasurement);
  }

  encode(measurement: SumVecMeasurement): FieldVec {
    if (measurement.length !== this.length) {
      throw new VdafMeasurementError('incorrect measurement length');
    }
    const out = this.field.zeros(this.MEAS_LEN);
    measurement.forEach((v, i) => {
      encodeRangeCheckedInt(
        this.field,
        toBigIntMeasurement(v),
        this.maxMeasurement,
        out,
        i * this.bits,
      );
    });
    return out;
  }

  eval(
    meas: FieldVec,
    jointRand: FieldVec,
    numShares: number,
    gadgets: readonly Gadget[],
  ): FieldVec {
    const out = this.field.zeros(1);
    chunkedBitCheck(
      this.field,
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
    return out;
  }

  truncate(meas: FieldVec): FieldVec {
    if (this.bits === 1) return meas;
    const out = this.field.zeros(this.length);
    for (let i = 0; i < this.length; i++) {
      decodeRangeCheckedInt(this.field, meas, i * this.bits, this.weights, out, i);
    }
    return out;
  }

  decode(output: FieldVec, _numMeasurements: number): bigint[] {
    return this.field.toBigInts(output);
  }
}
