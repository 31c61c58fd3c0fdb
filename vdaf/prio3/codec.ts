// draft-irtf-cfrg-vdaf-20 §7.2.7: the wire encodings of Prio3's messages, with exact lengths.
import { VdafDecodeError } from '../errors.js';
import type { Field } from '../field/field.js';
import type { FlpBBCGGI19 } from '../flp/flp-bbcggi19.js';
import { concatBytes } from '../../common/index.js';
import { XofTurboShake128 } from '../xof/turboshake128.js';
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

const SEED_SIZE = XofTurboShake128.SEED_SIZE;

function lengthError(what: string, want: number, got: number): VdafDecodeError {
  return new VdafDecodeError('decode_length', `${what}: expected ${want} bytes, got ${got}`);
}

export abstract class Prio3Codec {
  constructor(
    private readonly codecFlp: FlpBBCGGI19<unknown, unknown>,
    readonly SHARES: number,
    readonly PROOFS: number,
  ) {}

  private get f(): Field {
    return this.codecFlp.field;
  }

  private get useJointRand(): boolean {
    return this.codecFlp.JOINT_RAND_LEN > 0;
  }

  encodeAggParam(_aggParam: Prio3AggParam): Uint8Array {
    return new Uint8Array(0);
  }

  decodeAggParam(encoded: Uint8Array): Prio3AggParam {
    if (encoded.length !== 0) throw lengthError('aggregation parameter', 0, encoded.length);
    return null;
  }

  encodePublicShare(publicShare: Prio3PublicShare): Uint8Array {
    return publicShare === null ? new Uint8Array(0) : concatBytes(...publicShare);
  }

  /** Parses the Client's public share (this value is attacker-controlled). */
  decodePublicShare(encoded: Uint8Array): Prio3PublicShare {
    const want = this.useJointRand ? this.SHARES * SEED_SIZE : 0;
    if (encoded.length !== want) throw lengthError('public share', want, encoded.length);
    if (!this.useJointRand) return null;
    const parts: Uint8Array[] = [];
    for (let i = 0; i < this.SHARES; i++)
      parts.push(encoded.slice(i * SEED_SIZE, (i + 1) * SEED_SIZE));
    return parts;
  }

  encodeInputShare(inputShare: Prio3InputShare): Uint8Array {
    const blind = inputShare.blind ?? new Uint8Array(0);
    if (inputShare.kind === 'leader') {
      return concatBytes(
        this.f.bytesOf(inputShare.measShare),
        this.f.bytesOf(inputShare.proofsShare),
        blind,
      );
    }
    return concatBytes(inputShare.share, blind);
  }

  inputShareLength(aggId: number): number {
    const blind = this.useJointRand ? SEED_SIZE : 0;
    if (aggId !== 0) return SEED_SIZE + blind;
    const elems = this.codecFlp.MEAS_LEN + this.codecFlp.PROOF_LEN * this.PROOFS;
    return elems * this.f.ENCODED_SIZE + blind;
  }

  /** Parses an HPKE-decrypted input share (this value is attacker-controlled). */
  decodeInputShare(aggId: number, encoded: Uint8Array): Prio3InputShare {
    const want = this.inputShareLength(aggId);
    if (encoded.length !== want) throw lengthError('input share', want, encoded.length);
    const blind = this.useJointRand ? encoded.slice(want - SEED_SIZE) : null;
    if (aggId !== 0) return { kind: 'helper', share: encoded.slice(0, SEED_SIZE), blind };
    const measBytes = this.codecFlp.MEAS_LEN * this.f.ENCODED_SIZE;
    const proofLen = this.codecFlp.PROOF_LEN * this.PROOFS;
    const proofBytes = proofLen * this.f.ENCODED_SIZE;
    return {
      kind: 'leader',
      measShare: this.f.decodeVec(
        encoded.subarray(0, measBytes),
        this.codecFlp.MEAS_LEN,
        'measurement share',
      ),
      proofsShare: this.f.decodeVec(
        encoded.subarray(measBytes, measBytes + proofBytes),
        proofLen,
        'proof share',
      ),
      blind,
    };
  }

  encodeVerifierShare(verifierShare: Prio3VerifierShare): Uint8Array {
    return concatBytes(
      this.f.bytesOf(verifierShare.verifiersShare),
      verifierShare.jointRandPart ?? new Uint8Array(0),
    );
  }

  /** Parses the peer Aggregator's verifier share (this value is attacker-controlled). */
  decodeVerifierShare(_verifyState: Prio3VerifyState, encoded: Uint8Array): Prio3VerifierShare {
    const len = this.codecFlp.VERIFIER_LEN * this.PROOFS;
    const vecBytes = len * this.f.ENCODED_SIZE;
    const want = vecBytes + (this.useJointRand ? SEED_SIZE : 0);
    if (encoded.length !== want) throw lengthError('verifier share', want, encoded.length);
    return {
      verifiersShare: this.f.decodeVec(encoded.subarray(0, vecBytes), len, 'verifier share'),
      jointRandPart: this.useJointRand ? encoded.slice(vecBytes) : null,
    };
  }

  encodeVerifierMessage(message: Prio3VerifierMessage): Uint8Array {
    return message ?? new Uint8Array(0);
  }

  /** Parses the peer Aggregator's verifier message (this value is attacker-controlled). */
  decodeVerifierMessage(_verifyState: Prio3VerifyState, encoded: Uint8Array): Prio3VerifierMessage {
    const want = this.useJointRand ? SEED_SIZE : 0;
    if (encoded.length !== want) throw lengthError('verifier message', want, encoded.length);
    return this.useJointRand ? encoded.slice() : null;
  }

  encodeAggShare(aggShare: Prio3AggShare): Uint8Array {
    return this.f.encodeVec(aggShare);
  }

  /** Parses an aggregate share as the Collector receives it (this value is attacker-controlled). */
  decodeAggShare(_aggParam: Prio3AggParam, encoded: Uint8Array): Prio3AggShare {
    return this.f.decodeVec(encoded, this.codecFlp.OUTPUT_LEN, 'aggregate share');
  }

  encodeOutShare(outShare: Prio3OutShare): Uint8Array {
    return this.f.encodeVec(outShare);
  }

  decodeOutShare(_aggParam: Prio3AggParam, encoded: Uint8Array): Prio3OutShare {
    return this.f.decodeVec(encoded, this.codecFlp.OUTPUT_LEN, 'output share');
  }
}
