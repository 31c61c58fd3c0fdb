// Secret-holding files a server reads (signing keys, task files with tokens, TLS keys) must be
// private to their owner (docs/architecture.md "Secrets"): group- or world-readable ones are refused.
import { readFileSync, statSync } from 'node:fs';
import { MeshError } from './errors.js';

export type SecretFileErrorCode = 'secret_file_exposed' | 'secret_file_unreadable';

/** A secret file open to other users, or not readable at all. The message names the path only. */
export class SecretFileError extends MeshError<SecretFileErrorCode> {
  override readonly name = 'SecretFileError';
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
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch (e) {
    throw new SecretFileError('secret_file_unreadable', `${what} ${path} cannot be read`, {
      cause: e,
    });
  }
  if ((mode & 0o077) !== 0)
    throw new SecretFileError(
      'secret_file_exposed',
      `${what} ${path} is readable by other users (mode ${(mode & 0o777).toString(8).padStart(4, '0')})`,
      { hint: `run: chmod 600 ${path}` },
    );
  try {
    return new Uint8Array(readFileSync(path));
  } catch (e) {
    throw new SecretFileError('secret_file_unreadable', `${what} ${path} cannot be read`, {
      cause: e,
    });
  }
}
