// One writer per repository at a time (docs/architecture.md "Rules every room follows": concurrent writers are safe): a publish and
// the timestamp role's refresh both re-sign timestamp, and two writers would each write version N+1.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { PackError } from '../errors.js';

export const repoLockPath = (repoDir: string): string => `${repoDir}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryLock(path: string): boolean {
  try {
    const fd = openSync(path, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return false;
  }
}

/**
 * Runs `fn` holding the repository's lock; a lock left by a process that died (SIGKILL) is taken
 * over, one held by a live process is refused with `repository_busy`.
 *
 * @throws PackError repository_busy
 */
export async function withRepoLock<T>(repoDir: string, fn: () => Promise<T> | T): Promise<T> {
  const path = repoLockPath(repoDir);
  if (!tryLock(path)) {
    let holder = NaN;
    try {
      holder = Number(readFileSync(path, 'utf8'));
    } catch {
      // Removed between our attempt and this read: the next attempt decides.
    }
    if (Number.isSafeInteger(holder) && holder > 0 && alive(holder) && holder !== process.pid)
      throw new PackError(
        'repository_busy',
        `${repoDir} is being written by process ${holder}`,
        'wait for it to finish, then run the command again',
      );
    rmSync(path, { force: true });
    if (!tryLock(path))
      throw new PackError('repository_busy', `${repoDir} is being written by another process`);
  }
  try {
    return await fn();
  } finally {
    rmSync(path, { force: true });
  }
}
