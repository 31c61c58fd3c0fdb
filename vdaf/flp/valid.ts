// draft-irtf-cfrg-vdaf-20 §7.3.2: validity circuits and the lengths they induce.
import type { Field, FieldVec } from '../field/field.js';
import { gadgetPolyLen, wirePolyLen, type Gadget } from './gadget.js';

/** A validity circuit with its affine-aggregatable encoding. */
export interface Valid<M, R> {
  readonly field: Field;
  readonly MEAS_LEN: number;
  readonly JOINT_RAND_LEN: number;
  readonly OUTPUT_LEN: number;
  readonly EVAL_OUTPUT_LEN: number;
  readonly GADGETS: readonly Gadget[];
  readonly GADGET_CALLS: readonly number[];
  encode(measurement: M): FieldVec;
  /** Evaluates the circuit; gadget calls go through `gadgets` (the FLP wraps GADGETS). */
  eval(
    meas: FieldVec,
    jointRand: FieldVec,
    numShares: number,
    gadgets: readonly Gadget[],
  ): FieldVec;
  truncate(meas: FieldVec): FieldVec;
  decode(output: FieldVec, numMeasurements: number): R;
}

export function proveRandLen(v: Valid<unknown, unknown>): number {
  return v.GADGETS.reduce((s, g) => s + g.ARITY, 0);
}

export function queryRandLen(v: Valid<unknown, unknown>): number {
  return v.GADGETS.length + (v.EVAL_OUTPUT_LEN > 1 ? v.EVAL_OUTPUT_LEN : 0);
}

export function proofLen(v: Valid<unknown, unknown>): number {
  let len = 0;
  v.GADGETS.forEach((g, i) => {
    len += g.ARITY + gadgetPolyLen(g.DEGREE, wirePolyLen(v.GADGET_CALLS[i] ?? 0));
  });
  return len;
}

export function verifierLen(v: Valid<unknown, unknown>): number {
  return v.GADGETS.reduce((s, g) => s + g.ARITY + 1, 1);
}
