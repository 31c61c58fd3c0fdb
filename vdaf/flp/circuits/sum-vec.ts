// draft-irtf-cfrg-vdaf-20 §7.4.3: the SumVec circuit, a vector of integers in [0, max_measurement].
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
import { toBigIntMeasurement } from './sum.js';

export type SumVecMeasurement = readonly (number | bigint)[];

export class SumVec extends ChunkedBitCheckCircuit implements Valid<SumVecMeasurement, bigint[]> {
  readonly EVAL_OUTPUT_LEN = 1;
  readonly OUTPUT_LEN: number;
  readonly bits: number;
  private readonly weights: FieldVec;

  constructor(
    field: Field,
    readonly length: number,
    readonly maxMeasurement: bigint,
    chunkLength: number,
  ) {
    checkPositive('length', length);
    if (maxMeasurement <= 0n) throw new VdafParamError('invalid max_measurement');
    const bits = bitLength(maxMeasurement);
    if (1n << BigInt(bits) >= field.MODULUS) {
      throw new VdafParamError('bound exceeds field modulus');
    }
    super(field, length * bits, chunkLength);
    this.bits = bits;
    this.OUTPUT_LEN = length;
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
    this.bitCheck(meas, jointRand, numShares, gadgets, out, 0);
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
