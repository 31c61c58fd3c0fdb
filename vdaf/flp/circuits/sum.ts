// draft-irtf-cfrg-vdaf-20 §7.4.2: the Sum circuit, an integer in [0, max_measurement].
import { VdafMeasurementError, VdafParamError } from '../../errors.js';
import type { Field, FieldVec } from '../../field/field.js';
import type { Gadget } from '../gadget.js';
import { PolyEval } from '../poly-eval.js';
import type { Valid } from '../valid.js';
import {
  bitLength,
  decodeRangeCheckedInt,
  encodeRangeCheckedInt,
  rangeCheckedWeights,
} from './range-checked.js';

export type SumMeasurement = number | bigint;

export function toBigIntMeasurement(m: number | bigint): bigint {
  if (typeof m === 'bigint') return m;
  if (!Number.isSafeInteger(m)) throw new VdafMeasurementError('measurement must be an integer');
  return BigInt(m);
}

export class Sum implements Valid<SumMeasurement, bigint> {
  readonly JOINT_RAND_LEN = 0;
  readonly OUTPUT_LEN = 1;
  readonly MEAS_LEN: number;
  readonly EVAL_OUTPUT_LEN: number;
  readonly GADGETS: readonly Gadget[];
  readonly GADGET_CALLS: readonly number[];
  readonly bits: number;
  private readonly weights: FieldVec;

  constructor(
    readonly field: Field,
    readonly maxMeasurement: bigint,
  ) {
    if (maxMeasurement <= 0n) throw new VdafParamError('max_measurement must be positive');
    this.bits = bitLength(maxMeasurement);
    if (1n << BigInt(this.bits) >= field.MODULUS) {
      throw new VdafParamError('max_measurement exceeds the field modulus');
    }
    this.GADGETS = [new PolyEval([0n, -1n, 1n], this.bits)];
    this.GADGET_CALLS = [this.bits];
    this.MEAS_LEN = this.bits;
    this.EVAL_OUTPUT_LEN = this.bits;
    this.weights = rangeCheckedWeights(field, maxMeasurement);
  }

  encode(measurement: SumMeasurement): FieldVec {
    const out = this.field.zeros(this.MEAS_LEN);
    encodeRangeCheckedInt(
      this.field,
      toBigIntMeasurement(measurement),
      this.maxMeasurement,
      out,
      0,
    );
    return out;
  }

  eval(
    meas: FieldVec,
    _jointRand: FieldVec,
    _numShares: number,
    gadgets: readonly Gadget[],
  ): FieldVec {
    const out = this.field.zeros(this.bits);
    const g = gadgets[0] as Gadget;
    for (let i = 0; i < this.bits; i++) g.eval(this.field, this.field.view(meas, i, i + 1), out, i);
    return out;
  }

  truncate(meas: FieldVec): FieldVec {
    const out = this.field.zeros(1);
    decodeRangeCheckedInt(this.field, meas, 0, this.weights, out, 0);
    return out;
  }

  decode(output: FieldVec, _numMeasurements: number): bigint {
    return this.field.get(output, 0);
  }
}
