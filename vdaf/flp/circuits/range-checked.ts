// draft-irtf-cfrg-vdaf-20 §7.4.2: the range-checked integer encoding (bits plus a last weight).
import type { Field, FieldVec } from '../../field/field.js';
import { VdafMeasurementError, VdafParamError } from '../../errors.js';

export function bitLength(x: bigint): number {
  let n = 0;
  for (let v = x; v > 0n; v >>= 1n) n++;
  return n;
}

/** The weights 1, 2, 4, ..., 2^(bits-2), and last_weight = max - (2^(bits-1) - 1). */
export function rangeCheckedWeights(field: Field, maxMeasurement: bigint): FieldVec {
  const bits = bitLength(maxMeasurement);
  if (bits === 0) throw new VdafParamError('max_measurement must be positive');
  const w: bigint[] = [];
  for (let l = 0; l < bits - 1; l++) w.push(1n << BigInt(l));
  w.push(maxMeasurement - ((1n << BigInt(bits - 1)) - 1n));
  return field.fromBigInts(w);
}

/** encode_range_checked_int: writes `bits` zero/one elements at out[off..]. */
export function encodeRangeCheckedInt(
  field: Field,
  value: bigint,
  maxMeasurement: bigint,
  out: FieldVec,
  off: number,
): void {
  if (value < 0n || value > maxMeasurement) {
    throw new VdafMeasurementError('measurement is out of range');
  }
  const bits = bitLength(maxMeasurement);
  if (bits === 1) {
    // max_measurement = 1: the encoding is the value itself (the common bit-vector case).
    field.setSmall(out, off, Number(value));
    return;
  }
  const restAllOnes = (1n << BigInt(bits - 1)) - 1n;
  const lastWeight = maxMeasurement - restAllOnes;
  const low = value <= restAllOnes;
  const rest = low ? value : value - lastWeight;
  for (let l = 0; l < bits - 1; l++) field.setSmall(out, off + l, Number((rest >> BigInt(l)) & 1n));
  field.setSmall(out, off + bits - 1, low ? 0 : 1);
}

/** decode_range_checked_int: the weighted sum; linear, so it also applies to shares. */
export function decodeRangeCheckedInt(
  field: Field,
  meas: FieldVec,
  off: number,
  weights: FieldVec,
  out: FieldVec,
  oi: number,
): void {
  const acc = field.zeros(1);
  const tmp = field.zeros(1);
  const bits = field.len(weights);
  for (let l = 0; l < bits; l++) {
    field.mul(tmp, 0, weights, l, meas, off + l);
    field.add(acc, 0, acc, 0, tmp, 0);
  }
  field.copy(out, oi, acc, 0);
}
