// Coded errors of bpf/: every sensor failure carries a stable code the CLI and doctor can act on.
import { MeshError, type MeshErrorOptions } from '../common/index.js';

export type SensorErrorCode =
  | 'loader_missing'
  | 'loader_failed'
  | 'loader_exited'
  | 'event_invalid'
  | 'dns_invalid'
  | 'command_failed'
  | 'command_timeout'
  | 'cgroup_unavailable'
  | 'build_failed';

export class SensorError extends MeshError<SensorErrorCode> {
  override readonly name = 'SensorError';
  /** `hint` is what the user can do next; `options.cause` the failure this one wraps. */
  constructor(
    code: SensorErrorCode,
    message: string,
    hint?: string,
    options: Omit<MeshErrorOptions, 'hint'> = {},
  ) {
    super(code, message, { ...options, hint });
  }
}
