// The repository's one-writer lock (packs withRepoLock, shared with `mesh publish` and the timestamp
// role), waited for: an apply that meets a publish or a timestamp refresh waits its turn instead of
// failing, and still gives up with `repository_busy` after `waitMs`.
import { withRepoLock } from '../../packs/index.js';

const isBusy = (e: unknown): boolean => (e as { code?: unknown }).code === 'repository_busy';

/**
 * Runs `fn` holding the repository lock of `repoDir`, waiting up to `waitMs` for another writer.
 *
 * @throws PackError repository_busy when the lock is still held after `waitMs`; whatever `fn` throws
 */
export async function withRepoLockWaiting<T>(
  repoDir: string,
  fn: () => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const run = { entered: false };
    try {
      return await withRepoLock(repoDir, () => {
        run.entered = true;
        return fn();
      });
    } catch (e) {
      if (run.entered || !isBusy(e) || Date.now() > deadline) throw e;
    }
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
  }
}
