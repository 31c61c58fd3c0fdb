// draft-irtf-cfrg-vdaf-20 §7.4.3-§7.4.5: the shared "every entry is 0 or 1" check, batched by
// ParallelSum(Mul, chunk_length) calls with a random linear combination per call.
import { VdafParamError } from '../../errors.js';
import type { Field, FieldVec } from '../../field/field.js';
import type { Gadget } from '../gadget.js';
import { Mul } from '../mul.js';
import { ParallelSum } from '../parallel-sum.js';

/** Throws unless `value` is a positive safe integer; `name` is the draft's parameter name. */
export function checkPositive(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new VdafParamError(`invalid ${name}`);
}

/**
 * The lengths and gadget shared by SumVec, Histogram and MultihotCountVec: MEAS_LEN entries, each
 * bit-checked by ceil(MEAS_LEN / chunk_length) calls of ParallelSum(Mul, chunk_length).
 */
export abstract class ChunkedBitCheckCircuit {
  readonly MEAS_LEN: number;
  readonly JOINT_RAND_LEN: number;
  readonly GADGETS: readonly Gadget[];
  readonly GADGET_CALLS: readonly number[];

  constructor(
    readonly field: Field,
    measLen: number,
    readonly chunkLength: number,
  ) {
    checkPositive('chunk_length', chunkLength);
    const calls = Math.ceil(measLen / chunkLength);
    this.MEAS_LEN = measLen;
    this.JOINT_RAND_LEN = calls;
    this.GADGETS = [new ParallelSum(new Mul(), chunkLength)];
    this.GADGET_CALLS = [calls];
  }

  /** Writes the bit check of every entry of `meas` into out[oi]. */
  protected bitCheck(
    meas: FieldVec,
    jointRand: FieldVec,
    numShares: number,
    gadgets: readonly Gadget[],
    out: FieldVec,
    oi: number,
  ): void {
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
      oi,
    );
  }
}

/**
 * out[oi] = sum over calls i of G(r_i * m, m - 1/shares, r_i^2 * m', m' - 1/shares, ...) where
 * entries past the end of `meas` count as zero.
 */
function chunkedBitCheck(
  field: Field,
  meas: FieldVec,
  measLen: number,
  jointRand: FieldVec,
  calls: number,
  chunkLength: number,
  numShares: number,
  gadget: Gadget,
  out: FieldVec,
  oi: number,
): void {
  const sharesInv = field.invInt(numShares);
  const inputs = field.zeros(2 * chunkLength);
  const rPower = field.zeros(1);
  const acc = field.zeros(1);
  const tmp = field.zeros(1);
  const zero = field.zeros(1);
  for (let i = 0; i < calls; i++) {
    field.copy(rPower, 0, jointRand, i);
    for (let j = 0; j < chunkLength; j++) {
      const index = i * chunkLength + j;
      const src = index < measLen ? meas : zero;
      const si = index < measLen ? index : 0;
      field.mul(inputs, 2 * j, rPower, 0, src, si);
      field.sub(inputs, 2 * j + 1, src, si, sharesInv, 0);
      field.mul(rPower, 0, rPower, 0, jointRand, i);
    }
    gadget.eval(field, inputs, tmp, 0);
    field.add(acc, 0, acc, 0, tmp, 0);
  }
  field.copy(out, oi, acc, 0);
}
