// draft-irtf-cfrg-vdaf-20 §7.2: the XOF usages of Prio3 and its derived randomness.
import type { Field, FieldVec } from '../field/field.js';
import { concatBytes } from '../../common/index.js';
import { formatDst } from '../xof/dst.js';
import { XofTurboShake128 } from '../xof/turboshake128.js';

export const USAGE_MEAS_SHARE = 1;
export const USAGE_PROOF_SHARE = 2;
export const USAGE_JOINT_RANDOMNESS = 3;
export const USAGE_PROVE_RANDOMNESS = 4;
export const USAGE_QUERY_RANDOMNESS = 5;
export const USAGE_JOINT_RAND_SEED = 6;
export const USAGE_JOINT_RAND_PART = 7;

const SEED_SIZE = XofTurboShake128.SEED_SIZE;
const ZERO_SEED = new Uint8Array(SEED_SIZE);

/** The XOF calls of one Prio3 instance (fixed ID, field and proof count) under a context. */
export class Prio3Derive {
  constructor(
    private readonly id: number,
    private readonly field: Field,
    private readonly proofs: number,
  ) {}

  /** domain_separation_tag(usage, ctx) = format_dst(0, ID, usage) || ctx. */
  dst(usage: number, ctx: Uint8Array): Uint8Array {
    return concatBytes(formatDst(0, this.id, usage), ctx);
  }

  helperMeasShare(ctx: Uint8Array, aggId: number, share: Uint8Array, measLen: number): FieldVec {
    const dst = this.dst(USAGE_MEAS_SHARE, ctx);
    return XofTurboShake128.expandIntoVec(this.field, share, dst, Uint8Array.of(aggId), measLen);
  }

  helperProofsShare(ctx: Uint8Array, aggId: number, share: Uint8Array, len: number): FieldVec {
    const dst = this.dst(USAGE_PROOF_SHARE, ctx);
    const binder = Uint8Array.of(this.proofs, aggId);
    return XofTurboShake128.expandIntoVec(this.field, share, dst, binder, len * this.proofs);
  }

  proveRands(ctx: Uint8Array, proveSeed: Uint8Array, len: number): FieldVec {
    const dst = this.dst(USAGE_PROVE_RANDOMNESS, ctx);
    const binder = Uint8Array.of(this.proofs);
    return XofTurboShake128.expandIntoVec(this.field, proveSeed, dst, binder, len * this.proofs);
  }

  queryRands(verifyKey: Uint8Array, ctx: Uint8Array, nonce: Uint8Array, len: number): FieldVec {
    const dst = this.dst(USAGE_QUERY_RANDOMNESS, ctx);
    const binder = concatBytes(Uint8Array.of(this.proofs), nonce);
    return XofTurboShake128.expandIntoVec(this.field, verifyKey, dst, binder, len * this.proofs);
  }

  jointRandPart(
    ctx: Uint8Array,
    aggId: number,
    blind: Uint8Array,
    measShare: FieldVec,
    nonce: Uint8Array,
  ): Uint8Array {
    const xof = new XofTurboShake128(
      blind,
      this.dst(USAGE_JOINT_RAND_PART, ctx),
      Uint8Array.of(aggId),
    );
    // The binder continues with nonce || encode_vec(meas_share); absorbing it in pieces avoids a copy.
    return xof.absorbMore(nonce, this.field.bytesOf(measShare)).next(SEED_SIZE);
  }

  jointRandSeed(ctx: Uint8Array, parts: readonly Uint8Array[]): Uint8Array {
    const dst = this.dst(USAGE_JOINT_RAND_SEED, ctx);
    return XofTurboShake128.deriveSeed(ZERO_SEED, dst, concatBytes(...parts));
  }

  jointRands(ctx: Uint8Array, seed: Uint8Array, len: number): FieldVec {
    const dst = this.dst(USAGE_JOINT_RANDOMNESS, ctx);
    const binder = Uint8Array.of(this.proofs);
    return XofTurboShake128.expandIntoVec(this.field, seed, dst, binder, len * this.proofs);
  }
}
