// draft-irtf-cfrg-vdaf-20 §7.2: Prio3 sharding, verification, aggregation and unsharding.
import { VdafArgumentError, VdafParamError, VdafVerifyError } from '../errors.js';
import type { Field, FieldVec } from '../field/field.js';
import { FlpBBCGGI19, TestPointError } from '../flp/flp-bbcggi19.js';
import type { Valid } from '../flp/valid.js';
import { XofTurboShake128 } from '../xof/turboshake128.js';
import { Prio3Codec } from './codec.js';
import { constantTimeEqual } from '../../common/index.js';
import type {
  Prio3AggParam,
  Prio3AggShare,
  Prio3InputShare,
  Prio3OutShare,
  Prio3PublicShare,
  Prio3VerifierMessage,
  Prio3VerifierShare,
  Prio3VerifyState,
} from './types.js';
import { Prio3Derive } from './usage.js';

const SEED_SIZE = XofTurboShake128.SEED_SIZE;

function checkLength(what: string, got: Uint8Array, want: number): void {
  if (got.length !== want) throw new VdafArgumentError(`${what} must be ${want} bytes`);
}

/**
 * Prio3 (§7.2) over a validity circuit: the one-round VDAF behind Prio3Count, Prio3Sum,
 * Prio3SumVec, Prio3Histogram and Prio3MultihotCountVec. Pure and synchronous.
 *
 * @throws {VdafParamError} param_invalid (shares outside [2, 256), proofs outside [1, 256))
 * @throws {VdafArgumentError} argument_invalid (a nonce, rand, verify key, aggregator id or share
 * of the wrong size)
 * @throws {VdafVerifyError} verify_failed, joint_rand_mismatch (the report is invalid)
 * @example
 * const vdaf = new Prio3Count({ shares: 2 });
 * const [pub, inputs] = vdaf.shard(ctx, 1, nonce, randomBytes(vdaf.RAND_SIZE));
 * const [state, share] = vdaf.verifyInit(verifyKey, ctx, 0, null, nonce, pub, inputs[0]);
 */
export class Prio3<M, R> extends Prio3Codec {
  readonly NONCE_SIZE = 16;
  readonly ROUNDS = 1;
  readonly VERIFY_KEY_SIZE = SEED_SIZE;
  readonly RAND_SIZE: number;
  readonly flp: FlpBBCGGI19<M, R>;
  private readonly derive: Prio3Derive;

  constructor(
    readonly ID: number,
    shares: number,
    valid: Valid<M, R>,
    proofs: number,
  ) {
    if (!Number.isInteger(shares) || shares < 2 || shares > 255) {
      throw new VdafParamError('shares must be in [2, 256)');
    }
    if (!Number.isInteger(proofs) || proofs < 1 || proofs > 255) {
      throw new VdafParamError('proofs must be in [1, 256)');
    }
    const flp = new FlpBBCGGI19(valid);
    super(flp, shares, proofs);
    this.flp = flp;
    this.derive = new Prio3Derive(ID, valid.field, proofs);
    this.RAND_SIZE = shares * SEED_SIZE * (flp.JOINT_RAND_LEN > 0 ? 2 : 1);
  }

  get field(): Field {
    return this.flp.field;
  }

  shard(
    ctx: Uint8Array,
    measurement: M,
    nonce: Uint8Array,
    rand: Uint8Array,
  ): [Prio3PublicShare, Prio3InputShare[]] {
    checkLength('nonce', nonce, this.NONCE_SIZE);
    checkLength('rand', rand, this.RAND_SIZE);
    const seeds: Uint8Array[] = [];
    for (let i = 0; i < this.RAND_SIZE; i += SEED_SIZE) seeds.push(rand.subarray(i, i + SEED_SIZE));
    const meas = this.flp.encode(measurement);
    const f = this.field;
    const useJr = this.flp.JOINT_RAND_LEN > 0;
    const per = useJr ? 2 : 1;
    const helperShares = seeds.filter((_, i) => i < (this.SHARES - 1) * per && i % per === 0);
    const helperBlinds = seeds.filter((_, i) => i < (this.SHARES - 1) * per && i % per === 1);
    const tail = seeds.slice((this.SHARES - 1) * per);
    const leaderBlind = useJr ? (tail[0] as Uint8Array) : null;
    const proveSeed = tail[per - 1] as Uint8Array;

    // Shard the encoded measurement and, with joint randomness, compute each part.
    const leaderMeasShare = meas.slice();
    const parts: Uint8Array[] = [];
    helperShares.forEach((share, j) => {
      const helperMeas = this.derive.helperMeasShare(ctx, j + 1, share, this.flp.MEAS_LEN);
      f.vecSub(leaderMeasShare, leaderMeasShare, helperMeas);
      if (useJr) {
        parts.push(
          this.derive.jointRandPart(ctx, j + 1, helperBlinds[j] as Uint8Array, helperMeas, nonce),
        );
      }
    });
    if (leaderBlind) {
      parts.unshift(this.derive.jointRandPart(ctx, 0, leaderBlind, leaderMeasShare, nonce));
    }

    // Generate each proof, then shard the proofs.
    const proveRands = this.derive.proveRands(ctx, proveSeed, this.flp.PROVE_RAND_LEN);
    const jointRands = useJr
      ? this.derive.jointRands(ctx, this.derive.jointRandSeed(ctx, parts), this.flp.JOINT_RAND_LEN)
      : f.zeros(0);
    const proofs: FieldVec[] = [];
    for (let i = 0; i < this.PROOFS; i++) {
      const pr = f.view(proveRands, i * this.flp.PROVE_RAND_LEN, (i + 1) * this.flp.PROVE_RAND_LEN);
      const jl = this.flp.JOINT_RAND_LEN;
      proofs.push(this.flp.prove(meas, pr, f.view(jointRands, i * jl, (i + 1) * jl)));
    }
    const leaderProofsShare = f.concat(proofs);
    helperShares.forEach((share, j) => {
      const helperProofs = this.derive.helperProofsShare(ctx, j + 1, share, this.flp.PROOF_LEN);
      f.vecSub(leaderProofsShare, leaderProofsShare, helperProofs);
    });

    const inputShares: Prio3InputShare[] = [
      {
        kind: 'leader',
        measShare: leaderMeasShare,
        proofsShare: leaderProofsShare,
        blind: leaderBlind,
      },
    ];
    helperShares.forEach((share, j) => {
      inputShares.push({
        kind: 'helper',
        share,
        blind: useJr ? (helperBlinds[j] as Uint8Array) : null,
      });
    });
    return [useJr ? parts : null, inputShares];
  }

  /** Prio3 may aggregate each report once, so only an empty history is valid (§7.2.6). */
  isValid(_aggParam: Prio3AggParam, previousAggParams: readonly Prio3AggParam[]): boolean {
    return previousAggParams.length === 0;
  }

  verifyInit(
    verifyKey: Uint8Array,
    ctx: Uint8Array,
    aggId: number,
    _aggParam: Prio3AggParam,
    nonce: Uint8Array,
    publicShare: Prio3PublicShare,
    inputShare: Prio3InputShare,
  ): [Prio3VerifyState, Prio3VerifierShare] {
    checkLength('verify key', verifyKey, this.VERIFY_KEY_SIZE);
    checkLength('nonce', nonce, this.NONCE_SIZE);
    if (!Number.isInteger(aggId) || aggId < 0 || aggId >= this.SHARES) {
      throw new VdafArgumentError('aggregator id out of range');
    }
    const f = this.field;
    const [measShare, proofsShare, blind] = this.expandInputShare(ctx, aggId, inputShare);
    const outShare = this.flp.truncate(measShare);

    let jointRands = f.zeros(0);
    let corrected: Uint8Array | null = null;
    let part: Uint8Array | null = null;
    if (this.flp.JOINT_RAND_LEN > 0) {
      if (
        blind === null ||
        publicShare?.length !== this.SHARES ||
        publicShare.some((p) => p.length !== SEED_SIZE)
      ) {
        throw new VdafArgumentError('joint randomness parts or blind missing or malformed');
      }
      part = this.derive.jointRandPart(ctx, aggId, blind, measShare, nonce);
      const parts = publicShare.slice();
      parts[aggId] = part;
      corrected = this.derive.jointRandSeed(ctx, parts);
      jointRands = this.derive.jointRands(ctx, corrected, this.flp.JOINT_RAND_LEN);
    }

    const queryRands = this.derive.queryRands(verifyKey, ctx, nonce, this.flp.QUERY_RAND_LEN);
    const verifiers: FieldVec[] = [];
    const { PROOF_LEN: pl, QUERY_RAND_LEN: ql, JOINT_RAND_LEN: jl } = this.flp;
    try {
      for (let i = 0; i < this.PROOFS; i++) {
        verifiers.push(
          this.flp.query(
            measShare,
            f.view(proofsShare, i * pl, (i + 1) * pl),
            f.view(queryRands, i * ql, (i + 1) * ql),
            f.view(jointRands, i * jl, (i + 1) * jl),
            this.SHARES,
          ),
        );
      }
    } catch (e) {
      if (e instanceof TestPointError)
        throw new VdafVerifyError('verify_failed', e.message, { cause: e });
      throw e;
    }
    return [
      { outShare, correctedJointRandSeed: corrected },
      { verifiersShare: f.concat(verifiers), jointRandPart: part },
    ];
  }

  private expandInputShare(
    ctx: Uint8Array,
    aggId: number,
    inputShare: Prio3InputShare,
  ): [FieldVec, FieldVec, Uint8Array | null] {
    const f = this.field;
    if (aggId === 0) {
      if (inputShare.kind !== 'leader')
        throw new VdafArgumentError('aggregator 0 needs the leader share');
      if (
        f.len(inputShare.measShare) !== this.flp.MEAS_LEN ||
        f.len(inputShare.proofsShare) !== this.flp.PROOF_LEN * this.PROOFS
      ) {
        throw new VdafArgumentError('leader input share has the wrong length');
      }
      return [inputShare.measShare, inputShare.proofsShare, inputShare.blind];
    }
    if (inputShare.kind !== 'helper') throw new VdafArgumentError('helpers need a helper share');
    checkLength('helper share seed', inputShare.share, SEED_SIZE);
    return [
      this.derive.helperMeasShare(ctx, aggId, inputShare.share, this.flp.MEAS_LEN),
      this.derive.helperProofsShare(ctx, aggId, inputShare.share, this.flp.PROOF_LEN),
      inputShare.blind,
    ];
  }

  verifierSharesToMessage(
    ctx: Uint8Array,
    _aggParam: Prio3AggParam,
    verifierShares: readonly Prio3VerifierShare[],
  ): Prio3VerifierMessage {
    const f = this.field;
    const vl = this.flp.VERIFIER_LEN;
    if (verifierShares.length !== this.SHARES) {
      throw new VdafArgumentError(`expected ${this.SHARES} verifier shares`);
    }
    const verifiers = f.zeros(vl * this.PROOFS);
    const parts: Uint8Array[] = [];
    for (const { verifiersShare, jointRandPart } of verifierShares) {
      if (f.len(verifiersShare) !== vl * this.PROOFS) {
        throw new VdafArgumentError('verifier share has the wrong length');
      }
      f.vecAdd(verifiers, verifiers, verifiersShare);
      if (this.flp.JOINT_RAND_LEN > 0) {
        if (jointRandPart?.length !== SEED_SIZE) {
          throw new VdafArgumentError('verifier share lacks its joint randomness part');
        }
        parts.push(jointRandPart);
      }
    }
    for (let i = 0; i < this.PROOFS; i++) {
      if (!this.flp.decide(f.view(verifiers, i * vl, (i + 1) * vl))) {
        throw new VdafVerifyError('verify_failed', 'proof verifier check failed');
      }
    }
    return this.flp.JOINT_RAND_LEN > 0 ? this.derive.jointRandSeed(ctx, parts) : null;
  }

  verifyNext(
    _ctx: Uint8Array,
    state: Prio3VerifyState,
    message: Prio3VerifierMessage,
  ): Prio3OutShare {
    const want = state.correctedJointRandSeed;
    const ok =
      want === null ? message === null : message !== null && constantTimeEqual(message, want);
    if (!ok) throw new VdafVerifyError('joint_rand_mismatch', 'joint randomness check failed');
    return state.outShare;
  }

  aggInit(_aggParam: Prio3AggParam): Prio3AggShare {
    return this.field.zeros(this.flp.OUTPUT_LEN);
  }

  /** Returns a new aggregate share; the arguments are not modified. */
  aggUpdate(
    _aggParam: Prio3AggParam,
    aggShare: Prio3AggShare,
    outShare: Prio3OutShare,
  ): Prio3AggShare {
    this.checkOutputLen(aggShare);
    this.checkOutputLen(outShare);
    const out = this.field.zeros(this.flp.OUTPUT_LEN);
    this.field.vecAdd(out, aggShare, outShare);
    return out;
  }

  merge(_aggParam: Prio3AggParam, aggShares: readonly Prio3AggShare[]): Prio3AggShare {
    const agg = this.aggInit(null);
    for (const a of aggShares) {
      this.checkOutputLen(a);
      this.field.vecAdd(agg, agg, a);
    }
    return agg;
  }

  unshard(
    _aggParam: Prio3AggParam,
    aggShares: readonly Prio3AggShare[],
    numMeasurements: number,
  ): R {
    return this.flp.decode(this.merge(null, aggShares), numMeasurements);
  }

  private checkOutputLen(v: FieldVec): void {
    if (this.field.len(v) !== this.flp.OUTPUT_LEN) {
      throw new VdafArgumentError('aggregate or output share has the wrong length');
    }
  }
}
