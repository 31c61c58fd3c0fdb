// Coded errors of node/: every failure the CLI reports carries a stable code and a next step.

export type NodeErrorCode =
  | 'usage'
  | 'config_invalid'
  | 'config_schema_newer'
  | 'state_schema_newer'
  | 'state_invalid'
  | 'io_failed'
  | 'not_implemented_here'
  | 'report_retroactive';

export class NodeError extends Error {
  override readonly name: string = 'NodeError';
  constructor(
    readonly code: NodeErrorCode,
    message: string,
    /** What the user can do next; printed after the message. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** A command-line mistake: exit code 2. */
export class UsageError extends NodeError {
  override readonly name = 'UsageError';
  constructor(message: string, hint?: string) {
    super('usage', message, hint);
  }
}

export class ConfigError extends NodeError {
  override readonly name = 'ConfigError';
}

export class StateError extends NodeError {
  override readonly name = 'StateError';
}
