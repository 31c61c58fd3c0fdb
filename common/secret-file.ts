// Secret-holding files a server reads (signing keys, task files with tokens, TLS keys) must be
// private to their owner (docs/architecture.md "Rules every room follows"): group- or world-readable ones are refused.
import { readFileSync, statSync } from 'node:fs';
import { MeshError } from './errors.js';

export type SecretFileErrorCode = 'secret_file_exposed' | 'secret_file_unreadable';

/** A secret file open to other users, or not readable at all. The message names the path only. */
export class SecretFileError extends MeshError<SecretFileErrorCode> {
  override readonly name = 'SecretFileError';
}

/**
 * The permission bits of `path` when group or others may access it, else undefined (a file that
 * cannot be stat'ed is left to its reader to report). The one check every secret-file reader uses.
 *
 * @example
 * if (exposedMode(keyFile) !== undefined) refuse();
 */
export function exposedMode(path: string): number | undefined {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
  return (mode & 0o077) === 0 ? undefined : mode;
}

/** `0644`-style text of a mode, for messages. */
export function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, '0');
}

/**
 * The bytes of `path`, refused when its mode lets group or others read or write it. `what` names
 * the secret in the error ("witness key").
 *
 * @throws {SecretFileError} secret_file_exposed (with a chmod hint), secret_file_unreadable
 * @example
 * const skey = new TextDecoder().decode(readSecretFile('/etc/mesh/witness.key', 'witness key'));
 */
export function readSecretFile(path: string, what: string): Uint8Array {
  refuseExposedFile(path, what);
  try {
    return new Uint8Array(readFileSync(path));
  } catch (e) {
    throw new SecretFileError('secret_file_unreadable', `${what} ${path} cannot be read`, {
      cause: e,
    });
  }
}

/**
 * Refuses `path` when group or others may access it; a missing file is left to its reader.
 *
 * @throws {SecretFileError} `secret_file_exposed`, with `chmod 600` as the hint
 * @example
 * refuseExposedFile('/etc/mesh/tls.key', 'TLS key');
 */
export function refuseExposedFile(path: string, what: string): void {
  const mode = exposedMode(path);
  if (mode !== undefined)
    throw new SecretFileError(
      'secret_file_exposed',
      `${what} ${path} is readable by other users (mode ${modeText(mode)})`,
      { hint: `run: chmod 600 ${path}` },
    );
}
