// One writer per repository at a time (docs/architecture.md "Rules every room follows": concurrent writers are safe): a publish and
// the timestamp role's refresh both re-sign timestamp, and two writers would each write version N+1.
import { pidLockHolder, releasePidLock, tryTakePidLock } from '../../common/index.js';
import { PackError } from '../errors.js';

export const repoLockPath = (repoDir: string): string => `${repoDir}.lock`;

/**
 * Runs `fn` holding the repository's lock; a lock left by a process that died (SIGKILL) is taken
 * over, one held by a live process is refused with `repository_busy`.
 *
 * @throws PackError repository_busy
 */
export async function withRepoLock<T>(repoDir: string, fn: () => Promise<T> | T): Promise<T> {
  const path = repoLockPath(repoDir);
  // A second attempt takes a lock the first found left by a dead process (or by this one).
  if (!tryTakePidLock(path, { reclaimOwn: true }) && !tryTakePidLock(path, { reclaimOwn: true })) {
    const holder = pidLockHolder(path);
    throw new PackError(
      'repository_busy',
      holder === undefined
        ? `${repoDir} is being written by another process`
        : `${repoDir} is being written by process ${holder}`,
      'wait for it to finish, then run the command again',
    );
  }
  try {
    return await fn();
  } finally {
    releasePidLock(path);
  }
}
