// Where an aggregator's admin socket lives: `<role data dir>/admin/admin.sock`, the folder 0700 and
// the socket 0600, both owned by the server's user (the file mode is the access control).
import { chmodSync, lstatSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { KeyAdminError } from '../errors.js';

/** sun_path holds 108 bytes including the terminating NUL on Linux. */
const MAX_SOCKET_PATH = 107;

export const adminSocketPath = (roleDir: string): string => join(roleDir, 'admin', 'admin.sock');

const uid = (): number | undefined => process.getuid?.();

function unusable(path: string, why: string): KeyAdminError {
  return new KeyAdminError(
    'admin_unavailable',
    `admin socket ${path}: ${why}`,
    'check the ownership and mode of the --data directory',
  );
}

/** Creates the 0700 folder and clears a socket left by a killed server (the caller holds the store). */
export function prepareAdminSocket(roleDir: string): string {
  const path = adminSocketPath(roleDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH)
    throw unusable(path, `path longer than ${MAX_SOCKET_PATH} bytes`);
  const dir = join(roleDir, 'admin');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory() || (uid() !== undefined && st.uid !== uid()))
    throw unusable(path, 'its folder is not a directory owned by this user');
  chmodSync(dir, 0o700);
  const old = lstatSync(path, { throwIfNoEntry: false });
  if (old && !old.isSocket()) throw unusable(path, 'exists and is not a socket');
  if (old) rmSync(path);
  return path;
}

/** Whether a socket is there; refuses one a different user owns or others may open. */
export function socketPresent(path: string): boolean {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st) return false;
  if (!st.isSocket()) throw unusable(path, 'is not a socket');
  if (uid() !== undefined && st.uid !== uid()) throw unusable(path, 'is owned by another user');
  if ((st.mode & 0o077) !== 0) throw unusable(path, 'is open to other users');
  return true;
}
