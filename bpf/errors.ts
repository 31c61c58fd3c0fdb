// Coded errors of bpf/: every sensor failure carries a stable code the CLI and doctor can act on.

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

export class SensorError extends Error {
  override readonly name = 'SensorError';
  constructor(
    readonly code: SensorErrorCode,
    message: string,
    /** What the user can do next. */
    readonly hint?: string,
  ) {
    super(message);
  }
}
