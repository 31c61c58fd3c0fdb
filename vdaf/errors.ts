// draft-irtf-cfrg-vdaf-20 §5 / §7: every failure the room reports, each with a stable string code.

export type VdafErrorCode =
  | 'VDAF_INVALID_PARAM'
  | 'VDAF_INVALID_ARGUMENT'
  | 'VDAF_INVALID_MEASUREMENT'
  | 'VDAF_DECODE_LENGTH'
  | 'VDAF_DECODE_MODULUS'
  | 'VDAF_DECODE_MESSAGE_TYPE'
  | 'VDAF_DECODE_TRAILING_BITS'
  | 'VDAF_INVALID_AGG_PARAM'
  | 'VDAF_VERIFY_FAILED'
  | 'VDAF_JOINT_RAND_MISMATCH'
  | 'VDAF_PING_PONG_STATE';

/** Base class: `code` is stable and safe to log; messages never carry share or key bytes. */
export class VdafError extends Error {
  readonly code: VdafErrorCode;
  constructor(code: VdafErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A parameter of a VDAF instance (shares, length, chunk length, ...) is out of range. */
export class VdafParamError extends VdafError {
  constructor(message: string) {
    super('VDAF_INVALID_PARAM', message);
  }
}

/** An argument (nonce, rand, verify key, aggregator id, ...) has the wrong size or range. */
export class VdafArgumentError extends VdafError {
  constructor(message: string) {
    super('VDAF_INVALID_ARGUMENT', message);
  }
}

/** A client measurement is not valid for the instance. */
export class VdafMeasurementError extends VdafError {
  constructor(message: string) {
    super('VDAF_INVALID_MEASUREMENT', message);
  }
}

/** Encoded bytes are malformed: wrong length, a field element >= modulus, an unknown type. */
export class VdafDecodeError extends VdafError {
  declare readonly code:
    | 'VDAF_DECODE_LENGTH'
    | 'VDAF_DECODE_MODULUS'
    | 'VDAF_DECODE_MESSAGE_TYPE'
    | 'VDAF_DECODE_TRAILING_BITS';
}

/**
 * An aggregation parameter is not acceptable: its level or a prefix is out of range for the
 * instance, its prefixes are not unique and sorted, or (Poplar1) it does not follow the previous
 * parameters a report was aggregated with.
 */
export class VdafAggParamError extends VdafError {
  constructor(message: string) {
    super('VDAF_INVALID_AGG_PARAM', message);
  }
}

/** Verification rejected the report: the proof failed or the joint randomness did not match. */
export class VdafVerifyError extends VdafError {
  declare readonly code: 'VDAF_VERIFY_FAILED' | 'VDAF_JOINT_RAND_MISMATCH';
}

/** A ping-pong message arrived that the current state cannot accept. */
export class VdafPingPongError extends VdafError {
  constructor(message: string) {
    super('VDAF_PING_PONG_STATE', message);
  }
}
