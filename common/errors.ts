// The one coded error base of every room (docs/architecture.md "Rules every room follows"): a stable code, a cause, a hint.

export interface MeshErrorOptions {
  /** The lower-level failure this one wraps (never carries secret bytes). */
  cause?: unknown;
  /** What the user can do next; the CLI prints it under the message. */
  hint?: string;
}

/**
 * Base of every coded error the project throws. `code` is stable, snake_case and safe to log;
 * messages never carry secret or share bytes.
 *
 * @example
 * class TufError extends MeshError<TufErrorCode> {}
 * throw new TufError('metadata_expired', 'timestamp expired', { hint: 'run mesh publish --refresh' });
 */
export class MeshError<Code extends string = string> extends Error {
  override readonly name: string = 'MeshError';
  readonly code: Code;
  readonly hint: string | undefined;
  constructor(code: Code, message: string, options: MeshErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }
}

/** True for any coded error of this project, whatever its room. */
export function isMeshError(e: unknown): e is MeshError {
  return e instanceof MeshError;
}
