// draft-irtf-cfrg-vdaf-20 §5 / §7: every failure the room reports, each with a stable snake_case code.
import { MeshError, type MeshErrorOptions } from '../common/index.js';

export type VdafErrorCode =
  | 'param_invalid'
  | 'argument_invalid'
  | 'measurement_invalid'
  | 'decode_length'
  | 'decode_modulus'
  | 'decode_message_type'
  | 'decode_trailing_bits'
  | 'agg_param_invalid'
  | 'verify_failed'
  | 'joint_rand_mismatch'
  | 'ping_pong_state';

/** Base class: `code` is stable and safe to log; messages never carry share or key bytes. */
export class VdafError extends MeshError<VdafErrorCode> {
  override readonly name: string = 'VdafError';
}

/** A parameter of a VDAF instance (shares, length, chunk length, ...) is out of range. */
export class VdafParamError extends VdafError {
  override readonly name = 'VdafParamError';
  constructor(message: string) {
    super('param_invalid', message);
  }
}

/** An argument (nonce, rand, verify key, aggregator id, ...) has the wrong size or range. */
export class VdafArgumentError extends VdafError {
  override readonly name = 'VdafArgumentError';
  constructor(message: string) {
    super('argument_invalid', message);
  }
}

/** A client measurement is not valid for the instance. */
export class VdafMeasurementError extends VdafError {
  override readonly name = 'VdafMeasurementError';
  constructor(message: string) {
    super('measurement_invalid', message);
  }
}

/** Encoded bytes are malformed: wrong length, a field element >= modulus, an unknown type. */
export class VdafDecodeError extends VdafError {
  override readonly name = 'VdafDecodeError';
  declare readonly code:
    'decode_length' | 'decode_modulus' | 'decode_message_type' | 'decode_trailing_bits';
}

/**
 * An aggregation parameter is not acceptable: its level or a prefix is out of range for the
 * instance, its prefixes are not unique and sorted, or (Poplar1) it does not follow the previous
 * parameters a report was aggregated with.
 */
export class VdafAggParamError extends VdafError {
  override readonly name = 'VdafAggParamError';
  constructor(message: string) {
    super('agg_param_invalid', message);
  }
}

/** Verification rejected the report: the proof failed or the joint randomness did not match. */
export class VdafVerifyError extends VdafError {
  override readonly name = 'VdafVerifyError';
  declare readonly code: 'verify_failed' | 'joint_rand_mismatch';
}

/** A ping-pong message arrived that the current state cannot accept. */
export class VdafPingPongError extends VdafError {
  override readonly name = 'VdafPingPongError';
  constructor(message: string, options: MeshErrorOptions = {}) {
    super('ping_pong_state', message, options);
  }
}
