/**
 * vdaf/: the Prio3 family and Poplar1 of draft-irtf-cfrg-vdaf-20. Pure, synchronous, no I/O.
 *
 * Main entry points: the Prio3 instances (`Prio3Count`, `Prio3Sum`, `Prio3SumVec`,
 * `Prio3Histogram`, `Prio3MultihotCountVec`), `Poplar1`, and the ping-pong topology of §5.7
 * (`pingPongLeaderInit`, `pingPongHelperInit`, `pingPongLeaderContinued`, `pingPongHelperContinued`;
 * a one-round VDAF goes through `asPingPongVdaf`). Every failure is a coded `VdafError`.
 *
 * @throws {VdafParamError} param_invalid: an instance parameter out of range (constructors)
 * @throws {VdafMeasurementError} measurement_invalid: a measurement the instance does not take
 * @throws {VdafArgumentError} argument_invalid: a nonce, rand, key or share of the wrong size
 * @throws {VdafDecodeError} decode_length, decode_modulus, decode_message_type, decode_trailing_bits
 * @throws {VdafVerifyError} verify_failed, joint_rand_mismatch: the report does not verify
 * (the ping-pong functions never throw: they return the Rejected state with the error)
 * @example
 * const vdaf = new Prio3Count({ shares: 2 });
 * const [pub, inputs] = vdaf.shard(ctx, 1, nonce, randomBytes(vdaf.RAND_SIZE));
 * const report = { verifyKey, ctx, aggParam: new Uint8Array(0), nonce,
 *   publicShare: vdaf.encodePublicShare(pub), inputShare: vdaf.encodeInputShare(inputs[0]) };
 * const st = pingPongLeaderInit(asPingPongVdaf(vdaf), report); // st.outbound to the Helper
 */
export { DRAFT, VERSION } from './version.js';
export {
  VdafAggParamError,
  VdafArgumentError,
  VdafDecodeError,
  VdafError,
  VdafMeasurementError,
  VdafParamError,
  VdafPingPongError,
  VdafVerifyError,
  type VdafErrorCode,
} from './errors.js';
export { Field, type FieldVec } from './field/field.js';
export { Field64 } from './field/field64.js';
export { Field128 } from './field/field128.js';
export { Field255 } from './field/field255.js';
export { XofTurboShake128 } from './xof/turboshake128.js';
export { XofTurboShake128Seeded } from './xof/turboshake-seeded.js';
export { FixedKeyAes128, XofFixedKeyAes128 } from './xof/fixed-key-aes128.js';
export { formatDst } from './xof/dst.js';
export type { Gadget } from './flp/gadget.js';
export { Mul } from './flp/mul.js';
export { PolyEval } from './flp/poly-eval.js';
export { ParallelSum } from './flp/parallel-sum.js';
export type { Valid } from './flp/valid.js';
export { FlpBBCGGI19 } from './flp/flp-bbcggi19.js';
export { Count, type CountMeasurement } from './flp/circuits/count.js';
export { Sum, type SumMeasurement } from './flp/circuits/sum.js';
export { SumVec, type SumVecMeasurement } from './flp/circuits/sum-vec.js';
export { Histogram } from './flp/circuits/histogram.js';
export {
  MultihotCountVec,
  type MultihotCountVecMeasurement,
} from './flp/circuits/multihot-count-vec.js';
export { Prio3 } from './prio3/prio3.js';
export {
  Prio3Count,
  Prio3Histogram,
  Prio3MultihotCountVec,
  Prio3Sum,
  Prio3SumVec,
  type Prio3Options,
} from './prio3/instances.js';
export type {
  Prio3AggParam,
  Prio3AggShare,
  Prio3HelperInputShare,
  Prio3InputShare,
  Prio3LeaderInputShare,
  Prio3OutShare,
  Prio3PublicShare,
  Prio3VerifierMessage,
  Prio3VerifierShare,
  Prio3VerifyState,
} from './prio3/types.js';
export {
  decodePingPongMessage,
  encodePingPongMessage,
  type Continued,
  type Finished,
  type FinishedWithOutbound,
  type PingPongMessage,
  type PingPongState,
  type Rejected,
} from './ping-pong-messages.js';
export {
  pingPongHelperContinued,
  pingPongHelperInit,
  pingPongLeaderContinued,
  pingPongLeaderInit,
  type PingPongReport,
  type PingPongVdaf,
  type VerifyTransition,
} from './ping-pong.js';
export { asPingPongVdaf, type OneRoundVdaf } from './ping-pong-one-round.js';
export {
  chooseChunkLength,
  chooseHistogramChunkLength,
  chooseMultihotCountVecChunkLength,
  chooseSumVecChunkLength,
  multihotCountVecMeasLen,
  parallelSumProofLen,
  sumVecMeasLen,
} from './chunk-length.js';
export {
  IdpfBBCGGI21,
  IdpfHashers,
  type IdpfEvalCache,
  type IdpfPublicShare,
} from './idpf/idpf-bbcggi21.js';
export { Poplar1, type Poplar1Options } from './poplar1/poplar1.js';
export type {
  Poplar1AggParam,
  Poplar1AggResult,
  Poplar1AggShare,
  Poplar1InputShare,
  Poplar1Measurement,
  Poplar1OutShare,
  Poplar1PublicShare,
  Poplar1ReportCache,
  Poplar1Transition,
  Poplar1VerifierMessage,
  Poplar1VerifierShare,
  Poplar1VerifyState,
} from './poplar1/types.js';
