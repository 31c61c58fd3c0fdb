// Coded errors of dap/: every failure carries a stable `code`; DAP problem types live in problem.ts.
import { MeshError, type MeshErrorOptions } from '../common/index.js';

export type DapErrorCode =
  | 'hpke_invalid_key'
  | 'hpke_open_failed'
  | 'hpke_invalid_input'
  | 'decode_truncated'
  | 'decode_trailing'
  | 'decode_bounds'
  | 'decode_invalid'
  | 'task_invalid'
  | 'task_schema_newer'
  | 'task_file_exposed'
  | 'vdaf_unsupported'
  | 'vdaf_failed'
  | 'storage_failed'
  | 'storage_conflict'
  | 'storage_unavailable'
  | 'storage_connection_lost'
  | 'storage_schema_newer'
  | 'storage_url_invalid'
  | 'key_rotation_refused'
  | 'admin_unavailable'
  | 'http_failed'
  | 'http_timeout'
  | 'http_body_too_large'
  | 'protocol_failed';

export class DapError extends MeshError<DapErrorCode> {
  override readonly name: string = 'DapError';
}

/** A cryptographic failure; the message never carries key or plaintext bytes. */
export class HpkeError extends DapError {
  override readonly name = 'HpkeError';
}

/** Attacker-controlled bytes that do not decode under the configured bounds. */
export class DecodeError extends DapError {
  override readonly name = 'DecodeError';
}

export class TaskError extends DapError {
  override readonly name: string = 'TaskError';
}

/** A secret-holding task file other users may read; `hint` is the command that fixes it. */
export class TaskFileModeError extends TaskError {
  override readonly name = 'TaskFileModeError';
  constructor(message: string, hint: string) {
    super('task_file_exposed', message, { hint });
  }
}

/** An HPKE key rotation refused by the lifecycle rules or the admin channel; `hint` is the next step. */
export class KeyAdminError extends DapError {
  override readonly name = 'KeyAdminError';
  constructor(
    code: DapErrorCode,
    message: string,
    hint?: string,
    options: Omit<MeshErrorOptions, 'hint'> = {},
  ) {
    super(code, message, { ...options, hint });
  }
}
