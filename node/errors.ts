// Coded errors of node/: every failure the CLI reports carries a stable code and a next step.
import { MeshError, type MeshErrorOptions } from '../common/index.js';

export type NodeErrorCode =
  | 'usage'
  | 'config_invalid'
  | 'config_schema_newer'
  | 'state_schema_newer'
  | 'state_invalid'
  | 'io_failed'
  | 'not_implemented_here'
  | 'secret_file_exposed'
  | 'batch_size_below_floor'
  | 'report_retroactive'
  | 'quorum_not_met';

export class NodeError extends MeshError<NodeErrorCode> {
  override readonly name: string = 'NodeError';
  /** `hint` is what the user can do next, printed after the message; `options.cause` what failed. */
  constructor(
    code: NodeErrorCode,
    message: string,
    hint?: string,
    options: Omit<MeshErrorOptions, 'hint'> = {},
  ) {
    super(code, message, { ...options, hint });
  }
}

/** A command-line mistake: exit code 2. */
export class UsageError extends NodeError {
  override readonly name = 'UsageError';
  constructor(message: string, hint?: string, options: Omit<MeshErrorOptions, 'hint'> = {}) {
    super('usage', message, hint, options);
  }
}

export class ConfigError extends NodeError {
  override readonly name = 'ConfigError';
}

export class StateError extends NodeError {
  override readonly name = 'StateError';
}
