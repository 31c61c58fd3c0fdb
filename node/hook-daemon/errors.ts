// Coded errors of the hook daemon's wire and client (docs/guard.md "Hook start-up"). Imports only the
// coded error base: bin/mesh.js loads this through client.ts on every hook call.
import { MeshError } from '../../common/errors.js';

export type HookDaemonErrorCode =
  | 'hook_frame_too_large'
  | 'hook_frame_invalid'
  | 'hook_request_invalid'
  | 'hook_reply_invalid'
  | 'hook_daemon_failed'
  | 'hook_daemon_timeout';

export class HookDaemonError extends MeshError<HookDaemonErrorCode> {
  override readonly name = 'HookDaemonError';
}
