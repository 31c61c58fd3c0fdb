// draft-irtf-cfrg-vdaf-20 §7.4: the Prio3 instantiations and their codepoints.
import { VdafParamError } from '../errors.js';
import { Field64 } from '../field/field64.js';
import { Field128 } from '../field/field128.js';
import { Count, type CountMeasurement } from '../flp/circuits/count.js';
import { Histogram } from '../flp/circuits/histogram.js';
import {
  MultihotCountVec,
  type MultihotCountVecMeasurement,
} from '../flp/circuits/multihot-count-vec.js';
import { Sum, type SumMeasurement } from '../flp/circuits/sum.js';
import { SumVec, type SumVecMeasurement } from '../flp/circuits/sum-vec.js';
import { Prio3 } from './prio3.js';

/** `proofs` defaults to 1, the draft's value for every standard instance. */
export interface Prio3Options {
  readonly shares: number;
  readonly proofs?: number;
}

function need(value: number | bigint | undefined, name: string): number | bigint {
  if (value === undefined) throw new VdafParamError(`${name} is required`);
  return value;
}

function int(value: number | bigint | undefined, name: string): number {
  const v = need(value, name);
  const n = typeof v === 'bigint' ? Number(v) : v;
  if (!Number.isSafeInteger(n)) throw new VdafParamError(`${name} must be an integer`);
  return n;
}

function big(value: number | bigint | undefined, name: string): bigint {
  const v = need(value, name);
  if (typeof v === 'number' && !Number.isSafeInteger(v)) {
    throw new VdafParamError(`${name} must be an integer`);
  }
  return BigInt(v);
}

export class Prio3Count extends Prio3<CountMeasurement, number> {
  constructor(opts: Prio3Options) {
    super(0x00000001, opts.shares, new Count(Field64), opts.proofs ?? 1);
  }
}

export class Prio3Sum extends Prio3<SumMeasurement, bigint> {
  constructor(opts: Prio3Options & { readonly maxMeasurement: number | bigint }) {
    super(
      0x00000002,
      opts.shares,
      new Sum(Field64, big(opts.maxMeasurement, 'maxMeasurement')),
      opts.proofs ?? 1,
    );
  }
}

/**
 * Prio3SumVec (§7.4.3): each Client sends a vector of `length` integers in [0, maxMeasurement];
 * the aggregate is their element-wise sum. Field128; `chunkLength` sizes the ParallelSum gadget
 * (chooseSumVecChunkLength picks a good one).
 *
 * @throws {VdafParamError} param_invalid (a missing or out-of-range option, shares outside
 * [2, 256))
 * @throws {VdafMeasurementError} measurement_invalid (from shard: wrong length, or an entry out
 * of range)
 * @throws {VdafVerifyError} verify_failed, joint_rand_mismatch (from verification)
 * @example
 * const vdaf = new Prio3SumVec({ shares: 2, length: 4, maxMeasurement: 3, chunkLength: 2 });
 * const nonce = randomBytes(vdaf.NONCE_SIZE);
 * const [pub, inputs] = vdaf.shard(ctx, [1n, 0n, 3n, 2n], nonce, randomBytes(vdaf.RAND_SIZE));
 * const init = inputs.map((s, id) => vdaf.verifyInit(verifyKey, ctx, id, null, nonce, pub, s));
 * const msg = vdaf.verifierSharesToMessage(ctx, null, init.map(([, share]) => share));
 * const outs = init.map(([state]) => vdaf.verifyNext(ctx, state, msg));
 * const aggs = outs.map((out) => vdaf.aggUpdate(null, vdaf.aggInit(null), out));
 * vdaf.unshard(null, aggs, 1); // [1n, 0n, 3n, 2n]
 */
export class Prio3SumVec extends Prio3<SumVecMeasurement, bigint[]> {
  constructor(
    opts: Prio3Options & {
      readonly length: number;
      readonly maxMeasurement: number | bigint;
      readonly chunkLength: number;
    },
  ) {
    const valid = new SumVec(
      Field128,
      int(opts.length, 'length'),
      big(opts.maxMeasurement, 'maxMeasurement'),
      int(opts.chunkLength, 'chunkLength'),
    );
    super(0x00000003, opts.shares, valid, opts.proofs ?? 1);
  }
}

export class Prio3Histogram extends Prio3<number, number[]> {
  constructor(opts: Prio3Options & { readonly length: number; readonly chunkLength: number }) {
    const valid = new Histogram(
      Field128,
      int(opts.length, 'length'),
      int(opts.chunkLength, 'chunkLength'),
    );
    super(0x00000004, opts.shares, valid, opts.proofs ?? 1);
  }
}

export class Prio3MultihotCountVec extends Prio3<MultihotCountVecMeasurement, number[]> {
  constructor(
    opts: Prio3Options & {
      readonly length: number;
      readonly maxWeight: number;
      readonly chunkLength: number;
    },
  ) {
    const valid = new MultihotCountVec(
      Field128,
      int(opts.length, 'length'),
      int(opts.maxWeight, 'maxWeight'),
      int(opts.chunkLength, 'chunkLength'),
    );
    super(0x00000005, opts.shares, valid, opts.proofs ?? 1);
  }
}
