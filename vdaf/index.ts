// vdaf/: the Prio3 family of draft-irtf-cfrg-vdaf-20. Pure, synchronous, no I/O.
export { DRAFT, VERSION } from './version.js';
export {
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
export { XofTurboShake128 } from './xof/turboshake128.js';
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
  pingPongHelperContinued,
  pingPongHelperInit,
  pingPongLeaderContinued,
  pingPongLeaderInit,
  type PingPongMessage,
  type PingPongState,
  type PingPongVdaf,
} from './ping-pong.js';
export {
  chooseChunkLength,
  chooseHistogramChunkLength,
  chooseMultihotCountVecChunkLength,
  chooseSumVecChunkLength,
  multihotCountVecMeasLen,
  parallelSumProofLen,
  sumVecMeasLen,
} from './chunk-length.js';
