// docs/architecture.md "Rules every room follows": a server refuses a secret it reads (a TLS key) that other users may read.
import { statSync } from 'node:fs';
import { NodeError } from '../errors.js';

/**
 * Throws when `path` is group- or world-accessible; a missing file is left to the reader to report.
 *
 * @throws {NodeError} `secret_file_exposed`, with `chmod 600` as the hint
 * @example
 * refuseExposedSecretFile('/etc/mesh/tls.key', 'TLS key');
 */
export function refuseExposedSecretFile(path: string, what: string): void {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return;
  }
  if ((mode & 0o077) !== 0)
    throw new NodeError(
      'secret_file_exposed',
      `${what} ${path} is readable by other users (mode ${mode.toString(8).padStart(4, '0')})`,
      `run chmod 600 ${path}`,
    );
}
