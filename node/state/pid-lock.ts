// One holder at a time across processes for stores shared by short-lived processes (docs/architecture.md): an
// O_EXCL lock file holding the owner's pid, taken over when that process is gone, so a crash never
// wedges the store.
import { releasePidLock, tryTakePidLock } from '../../common/index.js';
import { StateError } from '../errors.js';

/** Runs `fn` holding `file`; waits up to `waitMs` for the current holder (`holder` names it). */
export async function withPidLock<T>(
  file: string,
  holder: string,
  fn: () => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  while (!tryTakePidLock(file)) {
    if (Date.now() > deadline)
      throw new StateError('state_invalid', `${file} is held by ${holder}`, 'try again later');
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
  }
  try {
    return await fn();
  } finally {
    releasePidLock(file);
  }
}
